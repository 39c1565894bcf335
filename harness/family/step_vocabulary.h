#ifndef DSCONFORM_HARNESS_FAMILY_STEP_VOCABULARY_H_
#define DSCONFORM_HARNESS_FAMILY_STEP_VOCABULARY_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "harness/case/case_program.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// A family's steps, stated once as data (sketches/<family>/<family>_steps.json;
// docs/case-format.md, "Step vocabularies"): what case validation checks, what
// the step tables of docs/case-format.md are written from, and what an engine's
// declared steps are held against.

// One member a step may carry besides op, sketch and items.
struct MemberSpec {
  std::string name;
  // int, decimal (a decimal number written as text), bool, enum (one of `values`),
  // name (an observation name: `as`), slot (an existing slot of a kind in `of`),
  // image (a byte field produced before), queries (names of the family's queries),
  // decimal_list, string_list.
  std::string type;
  bool optional = false;
  std::optional<int64_t> min, max;        // int: inclusive bounds; decimal(_list): min inclusive
  std::optional<double> above;            // decimal: exclusive lower bound
  std::vector<nlohmann::json> values;     // enum: strings; int: the allowed integers
  std::vector<std::string> of;            // slot: the slot kinds it accepts
  std::string requires_member;            // only beside this member
  std::string doc;
};

// One observation a step produces: `field` is a template whose {as} is the
// step's `as` (or its slot) and {<member>} that member's value (one field per
// element of a list).
struct ObservationSpec {
  std::string field;
  std::string kind;  // bytes, double, int, bool, string, item, query (the query's own kind)
};

// How many items a slot a step makes can hold at most, as data, so the runner can tell what a
// case will hold before it runs (harness/run/case_memory.h): `per` times the product of the
// members in `of`, each a count, or 2 to its power when its name starts with "lg_". A slot the
// library allocates whole when it is made (`allocated`) holds that much from the start; any
// other holds no more than the items the case gives it. A slot made with `room` takes that much
// memory from the start as the library's working room (a union's bit matrix), while what results
// and images take from it are only the items it is given. One of `refused_from` items or more the
// libraries refuse to make (a case that asks for it is one of refusal), and it holds nothing. A
// slot whose items each carry values beside them (a Tuple sketch's array of doubles) names the
// member counting them in `carries`: each item it holds then weighs as much as 1 + that many.
struct HoldsSpec {
  double per = 1;
  std::vector<std::string> of;
  std::string carries;  // "": items carry nothing
  bool allocated = false;
  bool room = false;
  double refused_from = 0;  // 0: none refused
};

struct StepSpec {
  std::string name;
  std::string makes;            // the kind of slot it creates ("" when it acts on an existing one)
  std::vector<std::string> on;  // the slot kinds it acts on (when it makes none)
  bool slotless = false;        // acts on no slot (names none)
  bool items = false;           // takes an item stream
  std::vector<MemberSpec> members;
  std::vector<ObservationSpec> observes;
  // Alternatives, the first whose members the step carries applies (a Bloom filter is made by
  // size or by accuracy). Empty: the step makes its slot from others (a result, a copy, an
  // image), which holds what they hold.
  std::vector<HoldsSpec> holds;
  std::string java, cpp;        // the library calls, for the tables of docs/case-format.md
  // A short program (case ops) that uses the step, for a step no suite uses: the test of the engines'
  // declared steps runs it (frontends/conformance/declared_steps_test.cc). Empty: none.
  nlohmann::ordered_json example = nlohmann::ordered_json::array();
};

struct QuerySpec {
  std::string name;
  std::string kind;             // double, int, bool, string, item
  std::vector<std::string> on;  // slot kinds it is defined on (empty: every kind the query step acts on)
  std::string grid;             // answered once per element of this member (ranks, points)
  bool native_only = false;     // only a native (datasketches-cpp) engine answers it
  std::string doc;
};

class StepVocabulary {
 public:
  // Reads a vocabulary; errors name the member ("steps/3/members/lg_k: ...").
  static absl::StatusOr<StepVocabulary> FromJson(const nlohmann::ordered_json& j);
  // The same from JSON text.
  static absl::StatusOr<StepVocabulary> FromJsonText(const char* text);
  // A vocabulary compiled into its family (cmake/EmbedText.cmake): one that does
  // not read is a defect of the build, so it ends the program with the reason.
  static const StepVocabulary& Compiled(const char* text);

  const std::string& family() const { return family_; }
  const std::string& title() const { return title_; }
  const std::vector<StepSpec>& steps() const { return steps_; }
  const std::vector<QuerySpec>& queries() const { return queries_; }
  const StepSpec* FindStep(const std::string& step) const;
  const QuerySpec* FindQuery(const std::string& query) const;
  std::vector<std::string> StepNames() const;

  // Checks one step against its spec: members known, typed and in range; the
  // slots it reads of the right kinds; its queries defined on its slot.
  // `slot_kinds` maps each slot existing before the step to its kind.
  // Messages start with the member ("lg_k: must be in 4..21, got 22").
  absl::Status ValidateStep(const Op& op, const std::map<std::string, std::string>& slot_kinds) const;
  // The kind of slot a step leaves in op.sketch ("" for a step that makes none).
  std::string KindMadeBy(const Op& op) const;
  // The observation fields a step produces, one per template and list element.
  std::vector<std::string> ProducedFields(const Op& op) const;
  // The most items the slot `op` makes can hold by its members (HoldsSpec), and whether the
  // library allocates them at once, as items or as working room, and what each item it holds
  // weighs in items (`carries`); nothing when its step states no bound or the op lacks the members
  // of every alternative.
  struct Capacity {
    double items = 0;
    double weight = 1;
    bool allocated = false;
    bool room = false;
  };
  std::optional<Capacity> CapacityOf(const Op& op) const;

  // The family's section of docs/case-format.md: the step table and the queries.
  std::string MarkdownSection() const;

 private:
  // Whether a slot of kind `have` may be where `want` is asked: the same kind,
  // one of its sub-kinds, or a super-kind that may hold it (a deserialized
  // Theta "sketch" may be an update sketch: the image decides).
  bool KindFits(const std::string& have, const std::string& want) const;

  std::string family_, title_, notes_;
  std::map<std::string, std::string> parent_kind_;  // slot kind -> the kind it is one of ("" for none)
  std::vector<StepSpec> steps_;
  std::vector<QuerySpec> queries_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_STEP_VOCABULARY_H_
