#include "harness/family/snippet_writer.h"

#include <utility>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/substitute.h"
#include "harness/engine/declared_steps.h"

namespace dsconform {
namespace {

// Names a slot or image variable may not take, in either language: keywords,
// the programs' own identifiers and the macros of the C headers they include.
const std::set<std::string>& CoreReservedNames() {
  static const auto* names = new std::set<std::string>{
      // Java keywords and literals
      "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
      "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto", "if",
      "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null", "package",
      "permits", "private", "protected", "public", "record", "return", "sealed", "short", "static", "strictfp",
      "super", "switch", "synchronized", "this", "throw", "throws", "transient", "true", "try", "var", "void",
      "volatile", "while", "yield",
      // C++ keywords and alternative tokens
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "char16_t", "char32_t",
      "char8_t", "compl", "concept", "consteval", "constexpr", "constinit", "const_cast", "co_await", "co_return",
      "co_yield", "decltype", "delete", "dynamic_cast", "explicit", "export", "extern", "friend", "inline",
      "mutable", "namespace", "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "register",
      "reinterpret_cast", "requires", "signed", "sizeof", "static_assert", "static_cast", "struct", "template",
      "thread_local", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "wchar_t", "xor",
      "xor_eq",
      // macros, namespaces and types of the headers
      "NULL", "EOF", "BUFSIZ", "stdin", "stdout", "stderr", "errno", "abi", "std", "ds", "datasketches", "java",
      "INT64_MIN", "INT64_MAX", "UINT64_MAX", "size_t", "int64_t", "uint64_t", "uint8_t", "uint32_t",
      // the programs' own names
      "main", "args", "op", "e", "i", "j", "v", "t", "item", "length", "rng", "offsets", "message", "bits", "Repro",
      "OUT", "SplitMix64", "SPECIAL_DOUBLES", "UTF8_PREFIXES", "kSpecialDoubles", "kSpecialCount", "kUtf8Prefixes",
      "special_or_random", "orderedOffsets", "ordered_offsets", "fixed_digits", "hexImage", "hex_image",
      "print_error", "print_double", "print_int", "print_bool", "print_string", "print_bytes", "print_unsupported",
      "printDouble", "printInt", "printBool", "printString", "printBytes", "printUnsupported",
      // the JDK's names the Java programs use unqualified
      "System", "String", "Double", "Float", "Long", "Integer", "Exception", "Object", "Math", "HexFormat",
      "PrintStream", "FileDescriptor", "FileOutputStream", "StandardCharsets", "MemorySegment", "Comparator"};
  return *names;
}

// Comments hold case ids and step JSON; nothing in them may end the line or,
// in Java, start a \u escape.
std::string CommentText(const std::string& text) {
  std::string out;
  for (char ch : text) out += (static_cast<unsigned char>(ch) < 0x20 || ch == '\\') ? '?' : ch;
  return out;
}

bool IsWordChar(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

// Whether `word` occurs in `text` with no word character on either side.
bool ContainsWord(const std::string& text, const std::string& word) {
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const size_t end = at + word.size();
    if ((at == 0 || !IsWordChar(text[at - 1])) && (end == text.size() || !IsWordChar(text[end]))) return true;
  }
  return false;
}

bool IsOrderedGenerator(ItemGenerator g) {
  return g == ItemGenerator::kOrderedLongs || g == ItemGenerator::kOrderedDoubles || g == ItemGenerator::kOrderedStrings;
}

struct PrintRow {
  SnippetValue kind;
  const char* SnippetLanguage::*print;
  SnippetHelper helper;
};
constexpr PrintRow kPrints[] = {
    {SnippetValue::kDouble, &SnippetLanguage::print_double, SnippetHelper::kPrintDouble},
    {SnippetValue::kInt, &SnippetLanguage::print_int, SnippetHelper::kPrintInt},
    {SnippetValue::kBool, &SnippetLanguage::print_bool, SnippetHelper::kPrintBool},
    {SnippetValue::kString, &SnippetLanguage::print_string, SnippetHelper::kPrintString},
    {SnippetValue::kBytes, &SnippetLanguage::print_bytes, SnippetHelper::kPrintBytes},
};

// Hex pieces of at most some 4000 lines: a Java method holds 64 KiB of code.
std::vector<std::string> HexPieces(const std::string& bytes) {
  const std::string hex = absl::BytesToHexString(bytes);
  const size_t piece = std::max<size_t>(64, 2 * ((hex.size() / 2 + 3999) / 4000));
  std::vector<std::string> pieces;
  for (size_t at = 0; at < hex.size(); at += piece) pieces.push_back(hex.substr(at, piece));
  if (pieces.empty()) pieces.push_back("");
  return pieces;
}

}  // namespace

SnippetWriter::SnippetWriter(const Case& c, const SnippetLanguage& language, SnippetFamilyText family)
    : case_(c), language_(language), family_(std::move(family)) {}

std::string SnippetWriter::Write(const StepText& step) {
  const nlohmann::ordered_json json = CaseToJson(case_);
  for (size_t i = 0; i < case_.ops.size() && !stopped_; ++i) {
    Comment(absl::StrCat("op ", i, ": ", json["ops"][i].dump()));
    if (AnsweredByTheHarness(case_.ops[i])) continue;
    Line(absl::Substitute(language_.set_op, i));
    step(i, case_.ops[i]);
  }
  if (case_.cross && !stopped_) {
    Comment("The cross stage (reading images another engine wrote) is reproduced with");
    Comment(absl::StrCat("dsconform repro --writer=<engine> '", case_.id, "'"));
  }
  std::map<std::string, std::string> family_helpers;
  for (const auto& [word, text] : family_.helpers_when_used)
    if (ContainsWord(body_, word)) family_helpers[word] = text;
  std::string code = body_;
  for (const auto& [word, text] : family_helpers) code += text;
  for (const auto& [word, import] : family_.imports_when_used)
    if (ContainsWord(code, word)) imports_.insert(import);
  SnippetProgram program;
  program.title = CommentText(case_.id);
  program.library_dirs = family_.library_dirs;
  program.imports = imports_;
  program.helpers = helpers_;
  program.family_helpers = family_helpers;
  program.body = body_;
  return language_.assemble(program);
}

bool SnippetWriter::AnsweredByTheHarness(const Op& op) {
  std::string blocked;
  for (const std::string& slot : SlotsReadBy(op))
    if (unusable_.count(slot)) {
      blocked = slot;
      break;
    }
  const std::string image = op.Str("image");
  if (blocked.empty() && op.op == "deserialize" && InputImage(image) == nullptr &&
      unusable_.count(image.substr(0, image.rfind('.'))))
    blocked = image.substr(0, image.rfind('.'));
  if (auto undeclared = family_.undeclared_steps.find(op.op); undeclared != family_.undeclared_steps.end()) {
    const std::string slot = op.sketch.empty() ? op.Str("as") : op.sketch;
    Comment(absl::StrCat("'", op.op, "': ", undeclared->second));
    PrintUnsupported(absl::StrCat(slot, ".", op.op), undeclared->second);
    unusable_.insert(slot);
    return true;
  }
  if (!blocked.empty()) {
    for (const std::string& out : {op.sketch, op.Str("as")})
      if (!out.empty() && unusable_.insert(out).second)
        PrintUnsupported(absl::StrCat(out, ".", op.op),
                         absl::StrCat("it reads slot '", blocked, "', which ", language_.name, " could not make"));
    return true;
  }
  if (MakesItsSlot(op.op)) unusable_.erase(op.sketch);
  return false;
}

void SnippetWriter::Line(const std::string& text) {
  body_ += text;
  body_ += '\n';
}

void SnippetWriter::Comment(const std::string& text) { Line(absl::StrCat("// ", CommentText(text))); }

void SnippetWriter::Import(const std::string& name) { imports_.insert(name); }

void SnippetWriter::UseHelper(SnippetHelper helper) {
  helpers_.insert(helper);
  if (helper == SnippetHelper::kOrderedOffsets) helpers_.insert(SnippetHelper::kSplitMix64);
}

std::string SnippetWriter::Declare(const std::string& slot, const std::string& tag) {
  std::string var = NewVariable(slot);
  slots_[slot] = Slot{var, tag};
  return var;
}

std::string SnippetWriter::Var(const std::string& slot) {
  auto it = slots_.find(slot);
  return it != slots_.end() ? it->second.var : Declare(slot);  // only in a case that failed validation
}

std::string SnippetWriter::Tag(const std::string& slot) const {
  auto it = slots_.find(slot);
  return it != slots_.end() ? it->second.tag : "";
}

std::string SnippetWriter::NewVariable(const std::string& hint) {
  std::string base;
  for (char ch : hint) {
    const bool word = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    base += word ? ch : '_';
  }
  if (base.empty() || !((base[0] >= 'a' && base[0] <= 'z') || (base[0] >= 'A' && base[0] <= 'Z'))) base = "s_" + base;
  std::string var = base;
  for (int n = 2; CoreReservedNames().count(var) || family_.reserved_names.count(var) || used_names_.count(var); ++n)
    var = absl::StrCat(base, "_", n);
  used_names_.insert(var);
  return var;
}

const std::string* SnippetWriter::InputImage(const std::string& name) const {
  auto it = case_.inputs.find(name);
  return it == case_.inputs.end() ? nullptr : &it->second;
}

std::string SnippetWriter::ImageVar(const std::string& name) {
  // As the native engines look: the stage's inputs first, then its byte fields.
  if (const std::string* bytes = InputImage(name)) {
    auto [it, fresh] = inputs_.emplace(name, "");
    if (fresh) {
      it->second = NewVariable(name);
      UseHelper(SnippetHelper::kHexImage);
      std::vector<std::string> quoted;
      for (const std::string& piece : HexPieces(*bytes)) quoted.push_back(Quote(piece));
      Line(absl::Substitute(language_.input_image, it->second,
                            absl::StrJoin(quoted, language_.input_image_separator)));
    }
    return it->second;
  }
  auto it = images_.find(name);
  return it == images_.end() ? "" : it->second;
}

std::string SnippetWriter::ImageOrStop(const std::string& name, const std::string& native_message) {
  std::string var = ImageVar(name);
  if (var.empty()) MissingImage(name, native_message);
  return var;
}

void SnippetWriter::PrintNamed(SnippetValue kind, const std::string& name_expr, const std::string& expr) {
  for (const PrintRow& row : kPrints) {
    if (row.kind != kind) continue;
    UseHelper(row.helper);
    Line(absl::Substitute(language_.*row.print, name_expr, expr));
  }
}

void SnippetWriter::Print(SnippetValue kind, const std::string& field, const std::string& expr) {
  PrintNamed(kind, Quote(field), expr);
}

void SnippetWriter::PrintIndexed(SnippetValue kind, const std::string& field, const std::string& index_var,
                                 const std::string& expr, const std::string& suffix) {
  std::string name = absl::Substitute(language_.indexed_name, Quote(field), index_var);
  // Both languages' indexed names are string concatenations, so one more piece appends.
  if (!suffix.empty()) absl::StrAppend(&name, " + ", Quote(suffix));
  PrintNamed(kind, name, expr);
}

void SnippetWriter::PrintImage(const std::string& field, const std::string& var) {
  Print(SnippetValue::kBytes, field, var);
  images_[field] = var;
}

void SnippetWriter::PrintUnsupported(const std::string& field, const std::string& reason) {
  UseHelper(SnippetHelper::kPrintUnsupported);
  Line(absl::Substitute(language_.print_unsupported, Quote(field), Quote(reason)));
}

void SnippetWriter::Fail(const std::string& message) {
  Line(absl::Substitute(language_.fail, Quote(message)));
  Stop();
}

void SnippetWriter::MissingImage(const std::string& name, const std::string& native_message) {
  Line(absl::Substitute(language_.missing_image, Quote(name), Quote(native_message)));
  Stop();
}

void SnippetWriter::UpdateLoop(const ItemStream& items,
                               const std::function<std::string(const std::string& item)>& statement) {
  for (const SnippetItemLoop& row : language_.loops) {
    if (row.generator != items.generator) continue;
    for (SnippetHelper h : row.helpers) UseHelper(h);
    const bool reordered = IsOrderedGenerator(items.generator) && items.order != ItemOrder::kAscending;
    const std::string offset = reordered ? language_.offset_at : "i";
    const std::string counter = items.start == 0 ? offset : absl::StrCat(language_.long_literal(items.start), " + ", offset);
    std::string loop = absl::Substitute(row.loop, statement(absl::Substitute(row.item, counter)),
                                        language_.long_literal(items.count), language_.seed_literal(items.seed));
    if (reordered) {
      UseHelper(SnippetHelper::kOrderedOffsets);
      loop = absl::StrCat("{\n  ",
                          absl::Substitute(language_.ordered_offsets, language_.long_literal(items.count),
                                           Quote(ItemOrderName(items.order)), language_.seed_literal(items.seed)),
                          "\n", IndentLines(loop, 2), "\n}");
    }
    Line(loop);
  }
}

}  // namespace dsconform
