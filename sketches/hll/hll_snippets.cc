// The walk over an HLL case's steps that writes both repro programs; the
// languages differ only in their dialect (hll_java_snippet.cc, hll_cpp_snippet.cc).
#include "sketches/hll/hll_snippets.h"

#include <map>
#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/substitute.h"
#include "sketches/hll/hll_snippet_dialect.h"

namespace dsconform {
namespace {

// Names a slot or image variable may not take, in either language: keywords,
// the programs' own identifiers and the macros of the C headers they include.
const std::set<std::string> kReservedNames = {
    // Java keywords and literals
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
    "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto", "if",
    "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null", "package", "permits",
    "private", "protected", "public", "record", "return", "sealed", "short", "static", "strictfp", "super", "switch",
    "synchronized", "this", "throw", "throws", "transient", "true", "try", "var", "void", "volatile", "while",
    "yield",
    // C++ keywords and alternative tokens
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "char16_t", "char32_t",
    "char8_t", "compl", "concept", "consteval", "constexpr", "constinit", "const_cast", "co_await", "co_return",
    "co_yield", "decltype", "delete", "dynamic_cast", "explicit", "export", "extern", "friend", "inline", "mutable",
    "namespace", "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "register", "reinterpret_cast",
    "requires", "signed", "sizeof", "static_assert", "static_cast", "struct", "template", "thread_local", "typedef",
    "typeid", "typename", "union", "unsigned", "using", "virtual", "wchar_t", "xor", "xor_eq",
    // macros and names of the C and C++ headers
    "NULL", "EOF", "BUFSIZ", "stdin", "stdout", "stderr", "errno", "assert", "abi", "std", "datasketches",
    "INT64_MIN", "INT64_MAX", "UINT64_MAX",
    // the programs' own names
    "main", "args", "op", "e", "i", "j", "v", "item", "length", "rng", "ds", "Repro", "SplitMix64",
    "SPECIAL_DOUBLES", "UTF8_PREFIXES", "kSpecialDoubles", "kSpecialCount", "kUtf8Prefixes", "type_name",
    "print_error", "print_double", "print_int", "print_bool", "print_string", "print_bytes", "print_unsupported",
    "printDouble", "printInt", "printBool", "printString", "printBytes",
    // the library's and the JDK's names the Java program uses unqualified
    "HllSketch", "HllUnion", "TgtHllType", "MemorySegment", "HexFormat", "System", "String", "Double", "Long",
    "Exception", "Object", "Math",
};

// Steps that make the slot they name (docs/case-format.md).
const std::set<std::string> kCreatingSteps = {"create", "union", "result", "deserialize", "copy", "convert"};

enum class QueryValue { kDouble, kInt, kBool, kString };

struct QueryRow {
  const char* name;
  QueryValue value;
  const char* SnippetDialect::*call;
  int num_std_dev;  // bounds only
};
constexpr QueryRow kQueries[] = {
    {"estimate", QueryValue::kDouble, &SnippetDialect::estimate, 0},
    {"composite", QueryValue::kDouble, &SnippetDialect::composite, 0},
    {"lb1", QueryValue::kDouble, &SnippetDialect::lower_bound, 1},
    {"lb2", QueryValue::kDouble, &SnippetDialect::lower_bound, 2},
    {"lb3", QueryValue::kDouble, &SnippetDialect::lower_bound, 3},
    {"ub1", QueryValue::kDouble, &SnippetDialect::upper_bound, 1},
    {"ub2", QueryValue::kDouble, &SnippetDialect::upper_bound, 2},
    {"ub3", QueryValue::kDouble, &SnippetDialect::upper_bound, 3},
    {"is_empty", QueryValue::kBool, &SnippetDialect::is_empty, 0},
    {"lg_k", QueryValue::kInt, &SnippetDialect::lg_k, 0},
    {"is_compact", QueryValue::kBool, &SnippetDialect::is_compact, 0},
    {"type", QueryValue::kString, &SnippetDialect::type, 0},
    {"compact_size", QueryValue::kInt, &SnippetDialect::compact_size, 0},
    {"updatable_size", QueryValue::kInt, &SnippetDialect::updatable_size, 0},
};

struct PrintRow {
  QueryValue value;
  const char* SnippetDialect::*print;
  SnippetHelper helper;
};
constexpr PrintRow kPrints[] = {
    {QueryValue::kDouble, &SnippetDialect::print_double, SnippetHelper::kPrintDouble},
    {QueryValue::kInt, &SnippetDialect::print_int, SnippetHelper::kPrintInt},
    {QueryValue::kBool, &SnippetDialect::print_bool, SnippetHelper::kPrintBool},
    {QueryValue::kString, &SnippetDialect::print_string, SnippetHelper::kPrintString},
};

struct GeneratorRow {
  ItemGenerator generator;
  const char* SnippetDialect::*loop;
  std::vector<SnippetHelper> helpers;
};
const GeneratorRow kGenerators[] = {
    {ItemGenerator::kSequence, &SnippetDialect::update_sequence, {}},
    {ItemGenerator::kSplitMix64, &SnippetDialect::update_splitmix64, {SnippetHelper::kSplitMix64}},
    {ItemGenerator::kDoubles, &SnippetDialect::update_doubles,
     {SnippetHelper::kSplitMix64, SnippetHelper::kSpecialDoubles}},
    {ItemGenerator::kAsciiStrings, &SnippetDialect::update_ascii_strings, {}},
    {ItemGenerator::kUtf8Strings, &SnippetDialect::update_utf8_strings, {SnippetHelper::kUtf8Prefixes}},
    {ItemGenerator::kByteArrays, &SnippetDialect::update_byte_arrays, {SnippetHelper::kSplitMix64}},
};

// Comments hold case ids and step JSON; nothing in them may end the line or,
// in Java, start a \u escape.
std::string CommentText(const std::string& text) {
  std::string out;
  for (char ch : text) out += (static_cast<unsigned char>(ch) < 0x20 || ch == '\\') ? '?' : ch;
  return out;
}

class SnippetWriter {
 public:
  SnippetWriter(const Case& c, const SnippetDialect& d) : case_(c), d_(d) {}

  std::string Write() {
    const nlohmann::ordered_json json = CaseToJson(case_);
    for (size_t i = 0; i < case_.ops.size() && !stopped_; ++i) {
      Line(absl::StrCat("// op ", i, ": ", CommentText(json["ops"][i].dump())));
      Step(i, case_.ops[i]);
    }
    if (case_.cross && !stopped_) {
      Line("// The cross stage (reading images another engine wrote) is reproduced with");
      Line(CommentText(absl::StrCat("// dsconform repro --writer=<engine> '", case_.id, "'")));
    }
    return d_.assemble(CommentText(case_.id), helpers_, body_);
  }

 private:
  struct Slot {
    std::string var;
    bool missing = false;  // made by a step this library cannot do
  };

  void Step(size_t index, const Op& op) {
    const std::string from = op.Str("from");
    const std::string image = op.Str("image");
    std::string absent;  // what this step needs that this library could not make
    if (!kCreatingSteps.count(op.op) && Missing(op.sketch)) absent = op.sketch;
    if (!from.empty() && Missing(from)) absent = from;
    if (op.op == "deserialize" && missing_images_.count(image)) absent = image;
    if (!absent.empty()) {
      Line(CommentText(absl::StrCat("// skipped: '", absent, "' was made by a step this library cannot do")));
      MarkCreatedMissing(op);
      return;
    }
    Line(absl::Substitute(d_.set_op, index));
    const std::string& s = op.op;
    if (s == "create") {
      Line(absl::Substitute(d_.create, DeclareSlot(op.sketch), op.Int("lg_k"), op.Str("type", "HLL_4")));
    } else if (s == "union") {
      Line(absl::Substitute(d_.new_union, DeclareSlot(op.sketch), op.Int("lg_max_k")));
    } else if (s == "update") {
      Update(op);
    } else if (s == "merge") {
      Line(absl::Substitute(op.Str("how") == "move" ? d_.merge_move : d_.merge_copy, Var(op.sketch), Var(from)));
    } else if (s == "result") {
      const std::string u = Var(from);
      const std::string type = op.Str("type");
      Line(type.empty() ? absl::Substitute(d_.result_default_type, DeclareSlot(op.sketch), u)
                        : absl::Substitute(d_.result, DeclareSlot(op.sketch), u, type));
    } else if (s == "serialize") {
      Serialize(op);
    } else if (s == "deserialize") {
      Deserialize(index, op);
    } else if (s == "copy") {
      const std::string source = Var(from);
      Line(absl::Substitute(d_.copy, DeclareSlot(op.sketch), source));
    } else if (s == "convert") {
      const std::string source = Var(from);
      Line(absl::Substitute(d_.convert, DeclareSlot(op.sketch), source, op.Str("type")));
    } else if (s == "reset") {
      Line(absl::Substitute(d_.reset, Var(op.sketch)));
    } else if (s == "query") {
      Query(op);
    } else if (s == "rel_err") {
      Print(QueryValue::kDouble, op.Str("as", "rel_err"),
            absl::Substitute(d_.rel_err, op.Int("upper") ? "true" : "false", op.Int("unioned") ? "true" : "false",
                             op.Int("lg_k"), op.Int("sd")));
    } else {
      Line(CommentText(absl::StrCat("// '", s, "' is not an HLL step")));
    }
  }

  void Update(const Op& op) {
    if (!op.items) return;
    const ItemStream& items = *op.items;
    for (const GeneratorRow& row : kGenerators) {
      if (row.generator != items.generator) continue;
      for (SnippetHelper h : row.helpers) helpers_.insert(h);
      const std::string counter = items.start == 0 ? "i" : absl::StrCat(d_.long_literal(items.start), " + i");
      Line(absl::Substitute(d_.*row.loop, Var(op.sketch), d_.long_literal(items.count), counter,
                            d_.seed_literal(items.seed)));
    }
  }

  void Serialize(const Op& op) {
    const std::string form = op.Str("form");
    const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", form);
    const std::string sketch = Var(op.sketch);
    const std::string image = NewVariable(field);
    Line(absl::Substitute(form == "updatable" ? d_.serialize_updatable : d_.serialize_compact, image, sketch));
    images_[field] = image;
    missing_images_.erase(field);
    Print(d_.print_bytes, SnippetHelper::kPrintBytes, field, image);
  }

  void Deserialize(size_t index, const Op& op) {
    const std::string name = op.Str("image");
    auto it = images_.find(name);
    if (it == images_.end()) {
      Line(absl::Substitute(d_.missing_image, index, d_.quote(name)));
      stopped_ = true;  // the engines end the stage here too
      return;
    }
    const std::string mode = op.Str("mode", "heapify");
    const char* call = mode == "wrap" ? d_.wrap : mode == "writable_wrap" ? d_.writable_wrap : d_.heapify;
    if (call == nullptr) {
      Line(d_.no_wrap_comment);
      Print(d_.print_unsupported, SnippetHelper::kPrintUnsupported, op.sketch + ".deserialize",
            d_.quote("wrap is a Java-only operation"));
      MarkCreatedMissing(op);
      return;
    }
    if (mode != "heapify") helpers_.insert(SnippetHelper::kMemorySegment);
    Line(absl::Substitute(call, DeclareSlot(op.sketch), it->second));
  }

  void Query(const Op& op) {
    const std::string target = Var(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const QueryRow* row = nullptr;
      for (const QueryRow& r : kQueries)
        if (q == r.name) row = &r;
      if (row == nullptr) {
        Line(CommentText(absl::StrCat("// unknown query '", q, "'")));
        continue;
      }
      if (row->value == QueryValue::kString) helpers_.insert(SnippetHelper::kTypeName);
      Print(row->value, absl::StrCat(prefix, ".", q), absl::Substitute(d_.*row->call, target, row->num_std_dev));
    }
  }

  void Print(QueryValue value, const std::string& field, const std::string& expr) {
    for (const PrintRow& row : kPrints)
      if (row.value == value) Print(d_.*row.print, row.helper, field, expr);
  }
  void Print(const char* print, SnippetHelper helper, const std::string& field, const std::string& expr) {
    helpers_.insert(helper);
    Line(absl::Substitute(print, d_.quote(field), expr));
  }

  // --- slots and names

  bool Missing(const std::string& slot) const {
    auto it = slots_.find(slot);
    return it != slots_.end() && it->second.missing;
  }

  // A step this library cannot do leaves the slot it would make, and so every
  // image of that slot, missing.
  void MarkCreatedMissing(const Op& op) {
    if (kCreatingSteps.count(op.op)) slots_[op.sketch].missing = true;
    if (op.op == "serialize") missing_images_.insert(absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form")));
  }

  // A fresh variable for a slot; a slot made again gets a new variable, so
  // every variable is declared once, with one type.
  std::string DeclareSlot(const std::string& slot) {
    std::string var = NewVariable(slot);
    slots_[slot] = Slot{var, false};
    return var;
  }

  // An identifier legal in both languages, unused so far, close to `name`.
  std::string NewVariable(const std::string& name) {
    std::string base;
    for (char ch : name) {
      const bool word = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
      base += word ? ch : '_';
    }
    if (base.empty() || !((base[0] >= 'a' && base[0] <= 'z') || (base[0] >= 'A' && base[0] <= 'Z'))) base = "s_" + base;
    std::string var = base;
    for (int n = 2; kReservedNames.count(var) || used_names_.count(var); ++n) var = absl::StrCat(base, "_", n);
    used_names_.insert(var);
    return var;
  }

  std::string Var(const std::string& slot) {
    auto it = slots_.find(slot);
    return it != slots_.end() ? it->second.var : DeclareSlot(slot);  // only in a case that failed validation
  }

  void Line(const std::string& text) {
    body_ += text;
    body_ += '\n';
  }

  const Case& case_;
  const SnippetDialect& d_;
  std::map<std::string, Slot> slots_;
  std::map<std::string, std::string> images_;  // field name -> the variable holding its latest image
  std::set<std::string> missing_images_;
  std::set<std::string> used_names_;
  std::set<SnippetHelper> helpers_;
  std::string body_;
  bool stopped_ = false;
};

}  // namespace

std::string IndentLines(const std::string& text, int spaces) {
  std::string out;
  const std::string pad(spaces, ' ');
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (!line.empty()) absl::StrAppend(&out, pad, line);
    out += '\n';
  }
  if (!out.empty()) out.pop_back();  // StrSplit yields one more piece than there are newlines
  return out;
}

std::string WriteHllSnippet(const Case& c, const SnippetDialect& dialect) { return SnippetWriter(c, dialect).Write(); }

std::string HllJavaSnippet(const Case& c) { return WriteHllSnippet(c, JavaSnippetDialect()); }
std::string HllCppSnippet(const Case& c) { return WriteHllSnippet(c, CppSnippetDialect()); }

}  // namespace dsconform
