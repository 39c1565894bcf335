// The Java of every family's repro program: datasketches-java 9.x, run as a
// single-file source program (java -cp datasketches-java.jar Repro.java).
#include <cstdint>
#include <set>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/snippet_language.h"

namespace dsconform {
namespace {

// A Java string literal (the source is UTF-8, javac's default since Java 18).
std::string JavaQuote(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F) {
      // Octal, never \u: javac turns \u escapes into characters before it reads literals.
      absl::StrAppendFormat(&out, "\\%03o", static_cast<unsigned char>(ch));
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string JavaLong(int64_t v) {
  if (v == INT64_MIN) return "Long.MIN_VALUE";
  return v >= INT32_MIN && v <= INT32_MAX ? absl::StrCat(v) : absl::StrCat(v, "L");
}

std::string JavaSeed(uint64_t v) {
  return v <= static_cast<uint64_t>(INT64_MAX) ? absl::StrCat(v, "L") : absl::StrFormat("0x%016xL", v);
}

std::string JavaDouble(const std::string& text) {
  return IsPlainDecimal(text) ? FloatingLiteral(text) : absl::StrCat("Double.parseDouble(", JavaQuote(text), ")");
}

std::string JavaFloat(const std::string& text) {
  return IsPlainDecimal(text) ? FloatingLiteral(text) + "f" : absl::StrCat("Float.parseFloat(", JavaQuote(text), ")");
}

std::string JavaLongValue(const std::string& text) {
  int64_t v;
  return absl::SimpleAtoi(text, &v) && text == absl::StrCat(v) ? JavaLong(v)
                                                                : absl::StrCat("Long.parseLong(", JavaQuote(text), ")");
}

constexpr char kSplitMix64[] = R"(
/** SplitMix64, the generator of dsconform's random item streams (harness/case/splitmix64.h). */
static final class SplitMix64 {
  private long state;

  SplitMix64(long seed) {
    state = seed;
  }

  long next() {
    long z = (state += 0x9e3779b97f4a7c15L);
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
)";

constexpr char kSpecialDoubles[] = R"(
/** The values that start a "doubles" stream; then come raw SplitMix64 bit patterns. */
static final double[] SPECIAL_DOUBLES = {
    -0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
    Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL / 2,  // subnormals
    Double.MIN_NORMAL, Double.MAX_VALUE, 1.0, -1.0};
)";

constexpr char kUtf8Prefixes[] = R"(
/** The prefixes of a "utf8_strings" stream: "", "été-", "日本-", "😀-", "Ωμέγα-". */
static final String[] UTF8_PREFIXES = {
    "", "\u00e9t\u00e9-", "\u65e5\u672c-", "\ud83d\ude00-", "\u03a9\u03bc\u03ad\u03b3\u03b1-"};
)";

constexpr char kOrderedOffsets[] = R"(
/** The offsets 0..count-1 of an ordered stream in its order (harness/case/item_stream.cc). */
static long[] orderedOffsets(long count, String order, long seed) {
  long[] offsets = new long[(int) count];
  for (int i = 0; i < offsets.length; ++i) {
    offsets[i] = switch (order) {
      case "descending" -> count - 1 - i;
      case "alternating" -> i % 2 == 0 ? i / 2 : count - 1 - i / 2;
      default -> i;
    };
  }
  if (order.equals("shuffled")) {  // Fisher-Yates
    SplitMix64 rng = new SplitMix64(seed);
    for (int i = offsets.length; i > 1; --i) {
      int j = (int) Long.remainderUnsigned(rng.next(), i);
      long t = offsets[i - 1];
      offsets[i - 1] = offsets[j];
      offsets[j] = t;
    }
  }
  return offsets;
}
)";

constexpr char kHexImage[] = R"(
/** An input image of the case, from its hex digits. */
static byte[] hexImage(String... pieces) {
  return HexFormat.of().parseHex(String.join("", pieces));
}
)";

constexpr char kPrintDouble[] = R"(
static void printDouble(String name, double x) {
  OUT.println(name + "\t" + String.format("%016x", Double.doubleToRawLongBits(x)));
}
)";
constexpr char kPrintInt[] = R"(
static void printInt(String name, long v) {
  OUT.println(name + "\t" + v);
}
)";
constexpr char kPrintBool[] = R"(
static void printBool(String name, boolean b) {
  OUT.println(name + "\t" + b);
}
)";
constexpr char kPrintString[] = R"(
static void printString(String name, String s) {
  OUT.println(name + "\t" + s);
}
)";
constexpr char kPrintBytes[] = R"(
static void printBytes(String name, byte[] image) {
  OUT.println(name + "\t" + HexFormat.of().formatHex(image));
}
)";
constexpr char kPrintUnsupported[] = R"(
static void printUnsupported(String name, String reason) {
  OUT.println(name + "\tnot supported: " + reason);
}
)";

struct HelperText {
  SnippetHelper helper;
  const char* text;
};
constexpr HelperText kHelpers[] = {
    {SnippetHelper::kSplitMix64, kSplitMix64},       {SnippetHelper::kSpecialDoubles, kSpecialDoubles},
    {SnippetHelper::kUtf8Prefixes, kUtf8Prefixes},   {SnippetHelper::kOrderedOffsets, kOrderedOffsets},
    {SnippetHelper::kHexImage, kHexImage},           {SnippetHelper::kPrintDouble, kPrintDouble},
    {SnippetHelper::kPrintInt, kPrintInt},           {SnippetHelper::kPrintBool, kPrintBool},
    {SnippetHelper::kPrintString, kPrintString},     {SnippetHelper::kPrintBytes, kPrintBytes},
    {SnippetHelper::kPrintUnsupported, kPrintUnsupported},
};

std::string JavaProgram(const SnippetProgram& p) {
  std::set<std::string> imports = p.imports;
  imports.insert({"java.io.FileDescriptor", "java.io.FileOutputStream", "java.io.PrintStream",
                  "java.nio.charset.StandardCharsets"});
  if (p.helpers.count(SnippetHelper::kPrintBytes) || p.helpers.count(SnippetHelper::kHexImage))
    imports.insert("java.util.HexFormat");
  std::string out = absl::StrCat(
      "// dsconform case ", p.title, "\n",
      "// Rebuilds the case's first stage with datasketches-java's public API and prints each\n"
      "// observation as name<TAB>value: doubles as the 16 hex digits of their bits, images as hex.\n"
      "// Run with Java 25: java -cp datasketches-java-<version>.jar Repro.java\n");
  for (const std::string& i : imports)
    if (i.rfind("static ", 0) != 0) absl::StrAppend(&out, "import ", i, ";\n");
  for (const std::string& i : imports)
    if (i.rfind("static ", 0) == 0) absl::StrAppend(&out, "import ", i, ";\n");
  absl::StrAppend(&out,
                  "\n"
                  "public class Repro {\n"
                  "  public static void main(String[] args) {\n"
                  "    int op = 0;  // the step running, for error@op<i>\n"
                  "    try {\n",
                  IndentLines(p.body, 6),
                  "    } catch (Throwable e) {\n"
                  "      // Whatever the library throws ends the case, as in dsconform's engines (CPC signals\n"
                  "      // a corrupt image with an AssertionError, an Error).\n"
                  "      String message = e.getMessage() == null ? \"\" : e.getMessage();\n"
                  "      OUT.println(\"error@op\" + op + \"\\t\" + e.getClass().getName() + \": \" + message);\n"
                  "    }\n"
                  "  }\n"
                  "\n"
                  "  /** Standard output in UTF-8, whatever the platform's encoding. */\n"
                  "  static final PrintStream OUT =\n"
                  "      new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);\n");
  for (const HelperText& h : kHelpers)
    if (p.helpers.count(h.helper)) out += IndentLines(h.text, 2);
  for (const auto& [name, text] : p.family_helpers) out += IndentLines(text, 2);
  return out + "}\n";
}

const SnippetLanguage kJava = {
    /*name=*/"Java",
    /*quote=*/JavaQuote,
    /*long_literal=*/JavaLong,
    /*seed_literal=*/JavaSeed,
    /*double_value=*/JavaDouble,
    /*float_value=*/JavaFloat,
    /*long_value=*/JavaLongValue,
    /*set_op=*/"op = $0;",
    /*indexed_name=*/"$0 + \"[\" + $1 + \"]\"",
    /*input_image=*/"byte[] $0 = hexImage(\n    $1);",
    /*input_image_separator=*/",\n    ",
    /*print_double=*/"printDouble($0, $1);",
    /*print_int=*/"printInt($0, $1);",
    /*print_bool=*/"printBool($0, $1);",
    /*print_string=*/"printString($0, $1);",
    /*print_bytes=*/"printBytes($0, $1);",
    /*print_unsupported=*/"printUnsupported($0, $1);",
    /*fail=*/"throw new IllegalArgumentException($0);",
    /*missing_image=*/"throw new IllegalArgumentException(\"no image named \" + $0 + \" in this stage\");",
    /*loops=*/
    {
        {ItemGenerator::kSequence, "for (long i = 0; i < $1; ++i) $0", "$0", {}},
        {ItemGenerator::kSplitMix64,
         "{\n"
         "  SplitMix64 rng = new SplitMix64($2);\n"
         "  for (long i = 0; i < $1; ++i) $0\n"
         "}",
         "rng.next()",
         {SnippetHelper::kSplitMix64}},
        {ItemGenerator::kDoubles,
         "{\n"
         "  SplitMix64 rng = new SplitMix64($2);\n"
         "  for (long i = 0; i < $1; ++i) {\n"
         "    double item = i < SPECIAL_DOUBLES.length ? SPECIAL_DOUBLES[(int) i] : Double.longBitsToDouble(rng.next());\n"
         "    $0\n"
         "  }\n"
         "}",
         "item",
         {SnippetHelper::kSplitMix64, SnippetHelper::kSpecialDoubles}},
        {ItemGenerator::kAsciiStrings, "for (long i = 0; i < $1; ++i) $0", "\"item-\" + ($0)", {}},
        {ItemGenerator::kAsciiOrEmpty, "for (long i = 0; i < $1; ++i) $0", "(($0) % 4 == 0 ? \"\" : \"item-\" + ($0))", {}},
        {ItemGenerator::kUtf8Strings,
         "for (long i = 0; i < $1; ++i) $0",
         "UTF8_PREFIXES[(int) Long.remainderUnsigned($0, UTF8_PREFIXES.length)] + ($0)",
         {SnippetHelper::kUtf8Prefixes}},
        {ItemGenerator::kByteArrays,
         "{\n"
         "  SplitMix64 rng = new SplitMix64($2);\n"
         "  for (long i = 0; i < $1; ++i) {\n"
         "    byte[] item = new byte[(int) Long.remainderUnsigned(rng.next(), 33)];\n"
         "    for (int j = 0; j < item.length; ++j) item[j] = (byte) rng.next();\n"
         "    $0\n"
         "  }\n"
         "}",
         "item",
         {SnippetHelper::kSplitMix64}},
        {ItemGenerator::kOrderedLongs, "for (long i = 0; i < $1; ++i) $0", "$0", {}},
        {ItemGenerator::kOrderedDoubles, "for (long i = 0; i < $1; ++i) $0", "(double) ($0) / 4.0", {}},
        {ItemGenerator::kOrderedStrings,
         "for (long i = 0; i < $1; ++i) $0",
         "String.format(java.util.Locale.ROOT, \"%010d\", $0)",
         {}},
    },
    /*ordered_offsets=*/"long[] offsets = orderedOffsets($0, $1, $2);",
    /*offset_at=*/"offsets[(int) i]",
    /*assemble=*/JavaProgram,
};

}  // namespace

const SnippetLanguage& JavaSnippetLanguage() { return kJava; }

}  // namespace dsconform
