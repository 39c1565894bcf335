// The C++ of every family's repro program: datasketches-cpp, one main, built
// with g++ -std=c++17 against the library's headers.
#include <cstdint>
#include <set>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/snippet_language.h"

namespace dsconform {
namespace {

// A C++ string literal; anything outside printable ASCII as octal escapes
// (never \x, which would swallow a following hex digit).
std::string CppQuote(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    const unsigned char b = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (b >= 0x20 && b < 0x7F) {
      out += ch;
    } else {
      absl::StrAppendFormat(&out, "\\%03o", b);
    }
  }
  return out + "\"";
}

std::string CppLong(int64_t v) { return v == INT64_MIN ? "INT64_MIN" : absl::StrCat(v); }

std::string CppSeed(uint64_t v) {
  return v <= static_cast<uint64_t>(INT64_MAX) ? absl::StrCat(v) : absl::StrFormat("0x%016xULL", v);
}

std::string CppDouble(const std::string& text) {
  return IsPlainDecimal(text) ? FloatingLiteral(text) : absl::StrCat("std::strtod(", CppQuote(text), ", nullptr)");
}

std::string CppFloat(const std::string& text) {
  return IsPlainDecimal(text) ? FloatingLiteral(text) + "f" : absl::StrCat("std::strtof(", CppQuote(text), ", nullptr)");
}

std::string CppLongValue(const std::string& text) {
  int64_t v;
  return absl::SimpleAtoi(text, &v) && text == absl::StrCat(v)
             ? CppLong(v)
             : absl::StrCat("static_cast<int64_t>(std::strtoll(", CppQuote(text), ", nullptr, 10))");
}

constexpr char kSplitMix64[] = R"(
// SplitMix64, the generator of dsconform's random item streams (harness/case/splitmix64.h).
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  uint64_t state_;
};
)";

constexpr char kSpecialDoubles[] = R"(
// The values that start a "doubles" stream; then come raw SplitMix64 bit patterns.
const double kSpecialDoubles[] = {
    -0.0, 0.0, std::numeric_limits<double>::quiet_NaN(),
    std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
    std::numeric_limits<double>::denorm_min(), -std::numeric_limits<double>::denorm_min(),
    std::numeric_limits<double>::min() / 2,  // a subnormal in the middle of the range
    std::numeric_limits<double>::min(), std::numeric_limits<double>::max(), 1.0, -1.0};
constexpr int64_t kSpecialCount = static_cast<int64_t>(std::size(kSpecialDoubles));

double special_or_random(int64_t i, SplitMix64& rng) {
  if (i < kSpecialCount) return kSpecialDoubles[i];
  const uint64_t bits = rng.next();
  double item;
  std::memcpy(&item, &bits, sizeof item);
  return item;
}
)";

constexpr char kUtf8Prefixes[] = R"(
// The prefixes of a "utf8_strings" stream: "", "été-", "日本-", "😀-", "Ωμέγα-" in UTF-8.
const char* const kUtf8Prefixes[] = {"", "\303\251t\303\251-", "\346\227\245\346\234\254-", "\360\237\230\200-",
                                     "\316\251\316\274\316\255\316\263\316\261-"};
)";

constexpr char kOrderedOffsets[] = R"(
// The offsets 0..count-1 of an ordered stream in its order (harness/case/item_stream.cc).
std::vector<int64_t> ordered_offsets(int64_t count, const std::string& order, uint64_t seed) {
  std::vector<int64_t> offsets(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    offsets[i] = order == "descending"    ? count - 1 - i
                 : order == "alternating" ? (i % 2 == 0 ? i / 2 : count - 1 - i / 2)
                                          : i;
  }
  if (order == "shuffled") {  // Fisher-Yates
    SplitMix64 rng(seed);
    for (size_t i = offsets.size(); i > 1; --i) std::swap(offsets[i - 1], offsets[rng.next() % i]);
  }
  return offsets;
}
)";

constexpr char kFixedDigits[] = R"(
// An ordered_strings item: the value as 10 digits, so that byte order is value order.
std::string fixed_digits(int64_t v) {
  char text[24];
  std::snprintf(text, sizeof text, "%010lld", static_cast<long long>(v));
  return text;
}
)";

constexpr char kHexImage[] = R"(
// An input image of the case, from its hex digits.
std::vector<uint8_t> hex_image(const char* hex) {
  std::vector<uint8_t> bytes;
  for (const char* p = hex; p[0] != '\0' && p[1] != '\0'; p += 2)
    bytes.push_back(static_cast<uint8_t>(std::stoi(std::string(p, 2), nullptr, 16)));
  return bytes;
}
)";

constexpr char kPrintDouble[] = R"(
void print_double(const std::string& name, double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  std::printf("%s\t%016llx\n", name.c_str(), static_cast<unsigned long long>(bits));
}
)";
constexpr char kPrintInt[] = R"(
void print_int(const std::string& name, int64_t v) { std::printf("%s\t%lld\n", name.c_str(), static_cast<long long>(v)); }
)";
constexpr char kPrintBool[] = R"(
void print_bool(const std::string& name, bool b) { std::printf("%s\t%s\n", name.c_str(), b ? "true" : "false"); }
)";
constexpr char kPrintString[] = R"(
void print_string(const std::string& name, const std::string& s) {
  std::printf("%s\t", name.c_str());
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::printf("\n");
}
)";
constexpr char kPrintBytes[] = R"(
template <typename Bytes>
void print_bytes(const std::string& name, const Bytes& image) {
  std::printf("%s\t", name.c_str());
  for (uint8_t b : image) std::printf("%02x", b);
  std::printf("\n");
}
)";
constexpr char kPrintUnsupported[] = R"(
void print_unsupported(const std::string& name, const char* reason) {
  std::printf("%s\tnot supported: %s\n", name.c_str(), reason);
}
)";

constexpr char kPrintError[] = R"(
// Prints the exception under way as dsconform's engines do: its type, then what().
void print_error(int op) {
  const std::type_info* type = abi::__cxa_current_exception_type();
  int status = -1;
  char* demangled = type ? abi::__cxa_demangle(type->name(), nullptr, nullptr, &status) : nullptr;
  const std::string name = status == 0 ? demangled : type ? type->name() : "unknown exception";
  std::free(demangled);
  std::string what;
  try {
    throw;
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
  }
  std::printf("error@op%d\t%s: %s\n", op, name.c_str(), what.c_str());
}
)";

struct HelperText {
  SnippetHelper helper;
  const char* text;
};
constexpr HelperText kHelpers[] = {
    {SnippetHelper::kSplitMix64, kSplitMix64},       {SnippetHelper::kSpecialDoubles, kSpecialDoubles},
    {SnippetHelper::kUtf8Prefixes, kUtf8Prefixes},   {SnippetHelper::kOrderedOffsets, kOrderedOffsets},
    {SnippetHelper::kFixedDigits, kFixedDigits},     {SnippetHelper::kHexImage, kHexImage},
    {SnippetHelper::kPrintDouble, kPrintDouble},     {SnippetHelper::kPrintInt, kPrintInt},
    {SnippetHelper::kPrintBool, kPrintBool},         {SnippetHelper::kPrintString, kPrintString},
    {SnippetHelper::kPrintBytes, kPrintBytes},       {SnippetHelper::kPrintUnsupported, kPrintUnsupported},
};

std::string CppProgram(const SnippetProgram& p) {
  std::string source_tree = "-I<checkout>/common/include";
  for (const std::string& dir : p.library_dirs) absl::StrAppend(&source_tree, " -I<checkout>/", dir, "/include");
  std::string out = absl::StrCat(
      "// dsconform case ", p.title, "\n",
      "// Rebuilds the case's first stage with datasketches-cpp's public API and prints each\n"
      "// observation as name<TAB>value: doubles as the 16 hex digits of their bits, images as hex.\n"
      "// Build: g++ -std=c++17 -I/usr/local/include/DataSketches repro.cc -o repro && ./repro\n"
      "// (from a source tree: ", source_tree, ")\n",
      "#include <cxxabi.h>\n"
      "\n"
      "#include <cstdint>\n"
      "#include <cstdio>\n"
      "#include <cstdlib>\n"
      "#include <cstring>\n"
      "#include <exception>\n"
      "#include <iterator>\n"
      "#include <limits>\n"
      "#include <stdexcept>\n"
      "#include <string>\n"
      "#include <typeinfo>\n"
      "#include <utility>\n"
      "#include <vector>\n"
      "\n");
  for (const std::string& header : p.imports) absl::StrAppend(&out, "#include \"", header, "\"\n");
  absl::StrAppend(&out,
                  "\n"
                  "namespace ds = datasketches;\n"
                  "\n"
                  "namespace {\n");
  for (const HelperText& h : kHelpers)
    if (p.helpers.count(h.helper)) out += h.text;
  for (const auto& [name, text] : p.family_helpers) out += text;
  absl::StrAppend(&out, kPrintError,
                  "\n"
                  "}  // namespace\n"
                  "\n"
                  "int main() {\n"
                  "  int op = 0;  // the step running, for error@op<i>\n"
                  "  try {\n",
                  IndentLines(p.body, 4),
                  "  } catch (...) {\n"
                  "    print_error(op);  // a library exception ends the case, as in dsconform's engines\n"
                  "  }\n"
                  "  return 0;\n"
                  "}\n");
  return out;
}

const SnippetLanguage kCpp = {
    /*name=*/"C++",
    /*quote=*/CppQuote,
    /*long_literal=*/CppLong,
    /*seed_literal=*/CppSeed,
    /*double_value=*/CppDouble,
    /*float_value=*/CppFloat,
    /*long_value=*/CppLongValue,
    /*set_op=*/"op = $0;",
    /*indexed_name=*/"$0 + std::string(\"[\") + std::to_string($1) + \"]\"",
    /*input_image=*/"const std::vector<uint8_t> $0 = hex_image(\n    $1);",
    /*input_image_separator=*/"\n    ",
    /*print_double=*/"print_double($0, $1);",
    /*print_int=*/"print_int($0, $1);",
    /*print_bool=*/"print_bool($0, $1);",
    /*print_string=*/"print_string($0, $1);",
    /*print_bytes=*/"print_bytes($0, $1);",
    /*print_unsupported=*/"print_unsupported($0, $1);",
    /*fail=*/"throw std::invalid_argument($0);",
    /*missing_image=*/
    "std::printf(\"error@op%d\\tdsconform::MissingImage: %s\\n\", op, $1);\n"
    "return 0;",
    /*loops=*/
    {
        {ItemGenerator::kSequence, "for (int64_t i = 0; i < $1; ++i) $0", "$0", {}},
        {ItemGenerator::kSplitMix64,
         "{\n"
         "  SplitMix64 rng($2);\n"
         "  for (int64_t i = 0; i < $1; ++i) $0\n"
         "}",
         "static_cast<int64_t>(rng.next())",
         {SnippetHelper::kSplitMix64}},
        {ItemGenerator::kDoubles,
         "{\n"
         "  SplitMix64 rng($2);\n"
         "  for (int64_t i = 0; i < $1; ++i) $0\n"
         "}",
         "special_or_random(i, rng)",
         {SnippetHelper::kSplitMix64, SnippetHelper::kSpecialDoubles}},
        {ItemGenerator::kAsciiStrings, "for (int64_t i = 0; i < $1; ++i) $0", "\"item-\" + std::to_string($0)", {}},
        {ItemGenerator::kAsciiOrEmpty, "for (int64_t i = 0; i < $1; ++i) $0",
         "(($0) % 4 == 0 ? std::string() : \"item-\" + std::to_string($0))", {}},
        {ItemGenerator::kUtf8Strings,
         "for (int64_t i = 0; i < $1; ++i) $0",
         "kUtf8Prefixes[static_cast<uint64_t>($0) % std::size(kUtf8Prefixes)] + std::to_string($0)",
         {SnippetHelper::kUtf8Prefixes}},
        {ItemGenerator::kByteArrays,
         "{\n"
         "  SplitMix64 rng($2);\n"
         "  uint8_t item[32];\n"
         "  for (int64_t i = 0; i < $1; ++i) {\n"
         "    const size_t length = static_cast<size_t>(rng.next() % 33);\n"
         "    for (size_t j = 0; j < length; ++j) item[j] = static_cast<uint8_t>(rng.next());\n"
         "    $0\n"
         "  }\n"
         "}",
         "item, length",
         {SnippetHelper::kSplitMix64}},
        {ItemGenerator::kOrderedLongs, "for (int64_t i = 0; i < $1; ++i) $0", "$0", {}},
        {ItemGenerator::kOrderedDoubles, "for (int64_t i = 0; i < $1; ++i) $0", "static_cast<double>($0) / 4.0", {}},
        {ItemGenerator::kOrderedStrings, "for (int64_t i = 0; i < $1; ++i) $0", "fixed_digits($0)",
         {SnippetHelper::kFixedDigits}},
    },
    /*ordered_offsets=*/"const std::vector<int64_t> offsets = ordered_offsets($0, $1, $2);",
    /*offset_at=*/"offsets[i]",
    /*assemble=*/CppProgram,
};

}  // namespace

const SnippetLanguage& CppSnippetLanguage() { return kCpp; }

}  // namespace dsconform
