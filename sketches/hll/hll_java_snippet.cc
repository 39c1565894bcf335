// The Java text of the HLL repro program: datasketches-java 9.x, run as a
// single-file source program (java -cp datasketches-java.jar Repro.java).
#include <cstdint>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sketches/hll/hll_snippet_dialect.h"

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

constexpr char kPrintDouble[] = R"(
static void printDouble(String name, double x) {
  System.out.println(name + "\t" + String.format("%016x", Double.doubleToRawLongBits(x)));
}
)";
constexpr char kPrintInt[] = R"(
static void printInt(String name, long v) {
  System.out.println(name + "\t" + v);
}
)";
constexpr char kPrintBool[] = R"(
static void printBool(String name, boolean b) {
  System.out.println(name + "\t" + b);
}
)";
constexpr char kPrintString[] = R"(
static void printString(String name, String s) {
  System.out.println(name + "\t" + s);
}
)";
constexpr char kPrintBytes[] = R"(
static void printBytes(String name, byte[] image) {
  System.out.println(name + "\t" + HexFormat.of().formatHex(image));
}
)";

struct HelperText {
  SnippetHelper helper;
  const char* text;
};
constexpr HelperText kHelpers[] = {
    {SnippetHelper::kSplitMix64, kSplitMix64},   {SnippetHelper::kSpecialDoubles, kSpecialDoubles},
    {SnippetHelper::kUtf8Prefixes, kUtf8Prefixes}, {SnippetHelper::kPrintDouble, kPrintDouble},
    {SnippetHelper::kPrintInt, kPrintInt},         {SnippetHelper::kPrintBool, kPrintBool},
    {SnippetHelper::kPrintString, kPrintString},   {SnippetHelper::kPrintBytes, kPrintBytes},
};

std::string JavaProgram(const std::string& title, const std::set<SnippetHelper>& helpers, const std::string& body) {
  std::string out = absl::StrCat(
      "// dsconform case ", title, "\n",
      "// Rebuilds the case's first stage with datasketches-java's public API and prints each\n"
      "// observation as name<TAB>value: doubles as the 16 hex digits of their bits, images as hex.\n"
      "// Run with Java 25: java -cp datasketches-java-9.0.0.jar Repro.java\n");
  if (helpers.count(SnippetHelper::kMemorySegment)) out += "import java.lang.foreign.MemorySegment;\n";
  if (helpers.count(SnippetHelper::kPrintBytes)) out += "import java.util.HexFormat;\n";
  absl::StrAppend(&out,
                  "import org.apache.datasketches.hll.HllSketch;\n"
                  "import org.apache.datasketches.hll.HllUnion;\n"
                  "import org.apache.datasketches.hll.TgtHllType;\n"
                  "\n"
                  "public class Repro {\n"
                  "  public static void main(String[] args) {\n"
                  "    int op = 0;  // the step running, for error@op<i>\n"
                  "    try {\n",
                  IndentLines(body, 6),
                  "    } catch (Exception e) {\n"
                  "      // A library exception ends the case, as in dsconform's engines.\n"
                  "      String message = e.getMessage() == null ? \"\" : e.getMessage();\n"
                  "      System.out.println(\"error@op\" + op + \"\\t\" + e.getClass().getName() + \": \" + message);\n"
                  "    }\n"
                  "  }\n");
  for (const HelperText& h : kHelpers)
    if (helpers.count(h.helper)) out += IndentLines(h.text, 2);
  return out + "}\n";
}

const SnippetDialect kJava = {
    /*quote=*/JavaQuote,
    /*long_literal=*/JavaLong,
    /*seed_literal=*/JavaSeed,
    /*create=*/"HllSketch $0 = new HllSketch($1, TgtHllType.$2);",
    /*new_union=*/"HllUnion $0 = new HllUnion($1);",
    /*merge_copy=*/"$0.update($1);",
    /*merge_move=*/"$0.update($1);  // Java has no move: the same call as copy",
    /*result=*/"HllSketch $0 = $1.getResult(TgtHllType.$2);",
    /*result_default_type=*/"HllSketch $0 = $1.getResult();",
    /*serialize_compact=*/"byte[] $0 = $1.toCompactByteArray();",
    /*serialize_updatable=*/"byte[] $0 = $1.toUpdatableByteArray();",
    /*heapify=*/"HllSketch $0 = HllSketch.heapify($1);",
    // A copy of the image, as the engines pass: a wrapped sketch keeps (and may change) the array.
    /*wrap=*/"HllSketch $0 = HllSketch.wrap(MemorySegment.ofArray($1.clone()).asReadOnly());",
    /*writable_wrap=*/"HllSketch $0 = HllSketch.writableWrap(MemorySegment.ofArray($1.clone()));",
    /*no_wrap_comment=*/"",
    /*copy=*/"HllSketch $0 = $1.copy();",
    /*convert=*/"HllSketch $0 = $1.copyAs(TgtHllType.$2);",
    /*reset=*/"$0.reset();",
    /*set_op=*/"op = $0;",
    /*missing_image=*/"throw new IllegalArgumentException(\"no image named \" + $1 + \" in this stage\");",
    /*update_sequence=*/"for (long i = 0; i < $1; ++i) $0.update($2);",
    /*update_splitmix64=*/
    "{\n"
    "  SplitMix64 rng = new SplitMix64($3);\n"
    "  for (long i = 0; i < $1; ++i) $0.update(rng.next());\n"
    "}",
    /*update_doubles=*/
    "{\n"
    "  SplitMix64 rng = new SplitMix64($3);\n"
    "  for (long i = 0; i < $1; ++i) {\n"
    "    $0.update(i < SPECIAL_DOUBLES.length ? SPECIAL_DOUBLES[(int) i] : Double.longBitsToDouble(rng.next()));\n"
    "  }\n"
    "}",
    /*update_ascii_strings=*/"for (long i = 0; i < $1; ++i) $0.update(\"item-\" + ($2));",
    /*update_utf8_strings=*/
    "for (long i = 0; i < $1; ++i) {\n"
    "  long v = $2;\n"
    "  $0.update(UTF8_PREFIXES[(int) Long.remainderUnsigned(v, UTF8_PREFIXES.length)] + v);\n"
    "}",
    /*update_byte_arrays=*/
    "{\n"
    "  SplitMix64 rng = new SplitMix64($3);\n"
    "  for (long i = 0; i < $1; ++i) {\n"
    "    byte[] item = new byte[(int) Long.remainderUnsigned(rng.next(), 33)];\n"
    "    for (int j = 0; j < item.length; ++j) item[j] = (byte) rng.next();\n"
    "    $0.update(item);\n"
    "  }\n"
    "}",
    /*estimate=*/"$0.getEstimate()",
    /*composite=*/"$0.getCompositeEstimate()",
    /*lower_bound=*/"$0.getLowerBound($1)",
    /*upper_bound=*/"$0.getUpperBound($1)",
    /*is_empty=*/"$0.isEmpty()",
    /*lg_k=*/"$0.getLgConfigK()",
    /*is_compact=*/"$0.isCompact()",
    /*type=*/"$0.getTgtHllType().name()",
    /*compact_size=*/"$0.getCompactSerializationBytes()",
    /*updatable_size=*/"$0.getUpdatableSerializationBytes()",
    /*rel_err=*/"HllSketch.getRelErr($0, $1, $2, $3)",
    /*print_double=*/"printDouble($0, $1);",
    /*print_int=*/"printInt($0, $1);",
    /*print_bool=*/"printBool($0, $1);",
    /*print_string=*/"printString($0, $1);",
    /*print_bytes=*/"printBytes($0, $1);",
    /*print_unsupported=*/"System.out.println($0 + \"\\tnot supported: \" + $1);",
    /*assemble=*/JavaProgram,
};

}  // namespace

const SnippetDialect& JavaSnippetDialect() { return kJava; }

}  // namespace dsconform
