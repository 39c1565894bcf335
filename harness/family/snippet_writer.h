#ifndef DSCONFORM_HARNESS_FAMILY_SNIPPET_WRITER_H_
#define DSCONFORM_HARNESS_FAMILY_SNIPPET_WRITER_H_

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/family/snippet_language.h"

namespace dsconform {

// What a family says once about its programs in one language.
struct SnippetFamilyText {
  std::vector<std::string> library_dirs;  // datasketches-cpp folders of the family's headers ("hll")
  // Names the family's own text uses (its classes, helpers), besides the core's.
  std::set<std::string> reserved_names;
  // A word of the program (a function the family's text calls) -> its
  // definition: defined, in word order after the core's, when the program uses the word.
  std::map<std::string, std::string> helpers_when_used;
  // A word of the program (a class, a function) -> the Java import or C++
  // header it needs: imported when the program uses the word.
  std::map<std::string, std::string> imports_when_used;
  // Steps this language's engine does not declare, each with why: the harness
  // answers them (harness/engine/declared_steps.h), and so does the program.
  std::map<std::string, std::string> undeclared_steps;
};

// Writes one case's repro program (Family::JavaSnippet, CppSnippet) in one
// language: the family says what each step is in its library's calls, this
// class does the rest the same way for every family (variables, items, images,
// printing, steps the engine does not declare, the program around them).
class SnippetWriter {
 public:
  SnippetWriter(const Case& c, const SnippetLanguage& language, SnippetFamilyText family);

  // The program: for each step of the first stage a comment with its JSON and
  // `op = <index>;`, then `step` (or the harness's answer when the language's
  // engine does not declare the step, or it reads a slot such a step left
  // without a value); a note that the cross stage is `dsconform repro --writer`'s.
  using StepText = std::function<void(size_t index, const Op& op)>;
  std::string Write(const StepText& step);
  // The stage ends here: no later step runs (a library exception, a missing image).
  void Stop() { stopped_ = true; }

  const SnippetLanguage& language() const { return language_; }
  std::string Quote(const std::string& text) const { return language_.quote(text); }

  // --- text
  // One statement (or several lines) of the program, in step order.
  void Line(const std::string& text);
  // A comment line; `text` may hold anything (case ids, JSON).
  void Comment(const std::string& text);
  // A Java import ("static ..." too) or a datasketches-cpp header.
  void Import(const std::string& name);
  void UseHelper(SnippetHelper helper);

  // --- slots
  // A fresh variable for `slot` (a slot made again gets another), with the
  // family's note on what it holds (a type, an item type).
  std::string Declare(const std::string& slot, const std::string& tag = "");
  bool Has(const std::string& slot) const { return slots_.count(slot) > 0; }
  std::string Var(const std::string& slot);
  std::string Tag(const std::string& slot) const;
  void Forget(const std::string& slot) { slots_.erase(slot); }  // moved from
  // An identifier legal in both languages, unused so far, close to `hint`.
  std::string NewVariable(const std::string& hint);

  // --- images
  // The variable holding image `name`: a case input (declared here, from hex,
  // at first use) or the latest byte field of that name. Empty when neither.
  std::string ImageVar(const std::string& name);
  // ImageVar(name); when the stage has no such image, the program ends there as
  // the engines end the stage (MissingImage, `native_message` the native
  // engine's words) and this is empty.
  std::string ImageOrStop(const std::string& name, const std::string& native_message);
  // The bytes of case input `name`, or null when the image is not an input.
  const std::string* InputImage(const std::string& name) const;

  // --- observations
  // Prints `expr` as field `field` (a name known now).
  void Print(SnippetValue kind, const std::string& field, const std::string& expr);
  // Prints `expr` as field "<field>[<index_var>]<suffix>", named at run time
  // (a suffix names a member of a row: "a.frequent_nfp[3].estimate").
  void PrintIndexed(SnippetValue kind, const std::string& field, const std::string& index_var, const std::string& expr,
                    const std::string& suffix = "");
  // Prints the image in variable `var` as byte field `field`, which a later
  // deserialize step reads by that name.
  void PrintImage(const std::string& field, const std::string& var);
  void PrintUnsupported(const std::string& field, const std::string& reason);
  // Ends the program as the engine ends the stage with an exception of its own
  // (IllegalArgumentException / std::invalid_argument).
  void Fail(const std::string& message);
  // Ends the program as the engines end a stage whose step reads an image it
  // does not have; `native_message` is the native engine's words.
  void MissingImage(const std::string& name, const std::string& native_message);

  // --- items
  // Runs `statement(item)` on every item of `items`, `item` being the
  // expression (or, in C++, the pointer and length) of one item.
  void UpdateLoop(const ItemStream& items, const std::function<std::string(const std::string& item)>& statement);

 private:
  struct Slot {
    std::string var;
    std::string tag;
  };

  void PrintNamed(SnippetValue kind, const std::string& name_expr, const std::string& expr);
  // The harness's answers for an undeclared step and for the steps that read its slot.
  bool AnsweredByTheHarness(const Op& op);

  const Case& case_;
  const SnippetLanguage& language_;
  SnippetFamilyText family_;
  std::map<std::string, Slot> slots_;
  std::map<std::string, std::string> images_;  // field name -> the variable of its latest image
  std::map<std::string, std::string> inputs_;  // input name -> its variable, once declared
  std::set<std::string> unusable_;             // slots an undeclared step left without a value
  std::set<std::string> used_names_;
  std::set<SnippetHelper> helpers_;
  std::set<std::string> imports_;
  std::string body_;
  bool stopped_ = false;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_SNIPPET_WRITER_H_
