// The C++ text of the HLL repro program: datasketches-cpp, one main, built
// with g++ -std=c++17 against the library's headers.
#include <cstdint>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sketches/hll/hll_snippet_dialect.h"

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
)";

constexpr char kUtf8Prefixes[] = R"(
// The prefixes of a "utf8_strings" stream: "", "été-", "日本-", "😀-", "Ωμέγα-" in UTF-8.
const char* const kUtf8Prefixes[] = {"", "\303\251t\303\251-", "\346\227\245\346\234\254-", "\360\237\230\200-",
                                     "\316\251\316\274\316\255\316\263\316\261-"};
)";

constexpr char kTypeName[] = R"(
const char* type_name(ds::target_hll_type type) {
  switch (type) {
    case ds::HLL_4: return "HLL_4";
    case ds::HLL_6: return "HLL_6";
    case ds::HLL_8: return "HLL_8";
  }
  return "?";
}
)";

constexpr char kPrintDouble[] = R"(
void print_double(const char* name, double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  std::printf("%s\t%016llx\n", name, static_cast<unsigned long long>(bits));
}
)";
constexpr char kPrintInt[] = R"(
void print_int(const char* name, int64_t v) { std::printf("%s\t%lld\n", name, static_cast<long long>(v)); }
)";
constexpr char kPrintBool[] = R"(
void print_bool(const char* name, bool b) { std::printf("%s\t%s\n", name, b ? "true" : "false"); }
)";
constexpr char kPrintString[] = R"(
void print_string(const char* name, const char* s) { std::printf("%s\t%s\n", name, s); }
)";
constexpr char kPrintBytes[] = R"(
void print_bytes(const char* name, const ds::hll_sketch::vector_bytes& image) {
  std::printf("%s\t", name);
  for (uint8_t b : image) std::printf("%02x", b);
  std::printf("\n");
}
)";
constexpr char kPrintUnsupported[] = R"(
void print_unsupported(const char* name, const char* reason) { std::printf("%s\tnot supported: %s\n", name, reason); }
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
    {SnippetHelper::kSplitMix64, kSplitMix64},     {SnippetHelper::kSpecialDoubles, kSpecialDoubles},
    {SnippetHelper::kUtf8Prefixes, kUtf8Prefixes}, {SnippetHelper::kTypeName, kTypeName},
    {SnippetHelper::kPrintDouble, kPrintDouble},   {SnippetHelper::kPrintInt, kPrintInt},
    {SnippetHelper::kPrintBool, kPrintBool},       {SnippetHelper::kPrintString, kPrintString},
    {SnippetHelper::kPrintBytes, kPrintBytes},     {SnippetHelper::kPrintUnsupported, kPrintUnsupported},
};

std::string CppProgram(const std::string& title, const std::set<SnippetHelper>& helpers, const std::string& body) {
  std::string out = absl::StrCat(
      "// dsconform case ", title, "\n",
      "// Rebuilds the case's first stage with datasketches-cpp's public API and prints each\n"
      "// observation as name<TAB>value: doubles as the 16 hex digits of their bits, images as hex.\n"
      "// Build: g++ -std=c++17 -I/usr/local/include/DataSketches repro.cc -o repro && ./repro\n"
      "// (from a source tree: -I<checkout>/common/include -I<checkout>/hll/include)\n"
      "#include <cxxabi.h>\n"
      "\n"
      "#include <cstdint>\n"
      "#include <cstdio>\n"
      "#include <cstdlib>\n"
      "#include <cstring>\n"
      "#include <exception>\n"
      "#include <iterator>\n"
      "#include <limits>\n"
      "#include <string>\n"
      "#include <typeinfo>\n"
      "#include <utility>\n"
      "\n"
      "#include \"hll.hpp\"\n"
      "\n"
      "namespace ds = datasketches;\n"
      "\n"
      "namespace {\n");
  for (const HelperText& h : kHelpers)
    if (helpers.count(h.helper)) out += h.text;
  absl::StrAppend(&out, kPrintError,
                  "\n"
                  "}  // namespace\n"
                  "\n"
                  "int main() {\n"
                  "  int op = 0;  // the step running, for error@op<i>\n"
                  "  try {\n",
                  IndentLines(body, 4),
                  "  } catch (...) {\n"
                  "    print_error(op);  // a library exception ends the case, as in dsconform's engines\n"
                  "  }\n"
                  "  return 0;\n"
                  "}\n");
  return out;
}

const SnippetDialect kCpp = {
    /*quote=*/CppQuote,
    /*long_literal=*/CppLong,
    /*seed_literal=*/CppSeed,
    /*create=*/"ds::hll_sketch $0($1, ds::$2);",
    /*new_union=*/"ds::hll_union $0($1);",
    /*merge_copy=*/"$0.update($1);",
    /*merge_move=*/"$0.update(std::move($1));",
    /*result=*/"ds::hll_sketch $0 = $1.get_result(ds::$2);",
    /*result_default_type=*/"ds::hll_sketch $0 = $1.get_result();",
    /*serialize_compact=*/"const auto $0 = $1.serialize_compact();",
    /*serialize_updatable=*/"const auto $0 = $1.serialize_updatable();",
    /*heapify=*/"ds::hll_sketch $0 = ds::hll_sketch::deserialize($1.data(), $1.size());",
    /*wrap=*/nullptr,
    /*writable_wrap=*/nullptr,
    /*no_wrap_comment=*/"// wrap is Java-only (datasketches-cpp has no wrap): this slot's later steps are skipped.",
    /*copy=*/"ds::hll_sketch $0($1);",
    /*convert=*/"ds::hll_sketch $0($1, ds::$2);",
    /*reset=*/"$0.reset();",
    /*set_op=*/"op = $0;",
    /*missing_image=*/
    "std::printf(\"error@op%d\\tdsconform::MissingImage: image '%s' is neither an image of the stage nor a byte "
    "field it produced\\n\", op, $1);\n"
    "return 0;",
    /*update_sequence=*/"for (int64_t i = 0; i < $1; ++i) $0.update($2);",
    /*update_splitmix64=*/
    "{\n"
    "  SplitMix64 rng($3);\n"
    "  for (int64_t i = 0; i < $1; ++i) $0.update(static_cast<int64_t>(rng.next()));\n"
    "}",
    /*update_doubles=*/
    "{\n"
    "  SplitMix64 rng($3);\n"
    "  for (int64_t i = 0; i < $1; ++i) {\n"
    "    double item;\n"
    "    if (i < kSpecialCount) {\n"
    "      item = kSpecialDoubles[i];\n"
    "    } else {\n"
    "      const uint64_t bits = rng.next();\n"
    "      std::memcpy(&item, &bits, sizeof item);\n"
    "    }\n"
    "    $0.update(item);\n"
    "  }\n"
    "}",
    /*update_ascii_strings=*/"for (int64_t i = 0; i < $1; ++i) $0.update(\"item-\" + std::to_string($2));",
    /*update_utf8_strings=*/
    "for (int64_t i = 0; i < $1; ++i) {\n"
    "  const int64_t v = $2;\n"
    "  $0.update(kUtf8Prefixes[static_cast<uint64_t>(v) % std::size(kUtf8Prefixes)] + std::to_string(v));\n"
    "}",
    /*update_byte_arrays=*/
    "{\n"
    "  SplitMix64 rng($3);\n"
    "  uint8_t item[32];\n"
    "  for (int64_t i = 0; i < $1; ++i) {\n"
    "    const size_t length = static_cast<size_t>(rng.next() % 33);\n"
    "    for (size_t j = 0; j < length; ++j) item[j] = static_cast<uint8_t>(rng.next());\n"
    "    $0.update(item, length);\n"
    "  }\n"
    "}",
    /*estimate=*/"$0.get_estimate()",
    /*composite=*/"$0.get_composite_estimate()",
    /*lower_bound=*/"$0.get_lower_bound($1)",
    /*upper_bound=*/"$0.get_upper_bound($1)",
    /*is_empty=*/"$0.is_empty()",
    /*lg_k=*/"$0.get_lg_config_k()",
    /*is_compact=*/"$0.is_compact()",
    /*type=*/"type_name($0.get_target_type())",
    /*compact_size=*/"$0.get_compact_serialization_bytes()",
    /*updatable_size=*/"$0.get_updatable_serialization_bytes()",
    /*rel_err=*/"ds::hll_sketch::get_rel_err($0, $1, $2, $3)",
    /*print_double=*/"print_double($0, $1);",
    /*print_int=*/"print_int($0, $1);",
    /*print_bool=*/"print_bool($0, $1);",
    /*print_string=*/"print_string($0, $1);",
    /*print_bytes=*/"print_bytes($0, $1);",
    /*print_unsupported=*/"print_unsupported($0, $1);",
    /*assemble=*/CppProgram,
};

}  // namespace

const SnippetDialect& CppSnippetDialect() { return kCpp; }

}  // namespace dsconform
