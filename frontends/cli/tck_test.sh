#!/usr/bin/env bash
# TCK snapshot import end to end: datasketches-java writes snapshots the way
# its cross-language tests do (hll4/6/8_n<N>_java.sk, cpc_n100_java.sk and
# kll_<double|float|long|string>_n<N>_java.sk), then every engine reads,
# queries and re-writes them.
set -uo pipefail
dsconform=$1
java_home=$2
jar=$3  # a datasketches-java jar
expectations=$4
source "$(dirname "$0")/test_lib.sh"
out="$work/tck/serialization_test_data/java_generated_files"
mkdir -p "$out"
cat >"$work/Gen.java" <<'JAVA'
import java.nio.file.*;
import java.util.Comparator;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.common.Util;
import org.apache.datasketches.cpc.CpcSketch;
import org.apache.datasketches.hll.*;
import org.apache.datasketches.kll.*;

public class Gen {
  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    for (int n : new int[] {0, 1, 10, 100, 1000, 10000, 100000}) {
      for (TgtHllType type : TgtHllType.values()) {
        HllSketch sk = new HllSketch(12, type);
        for (int i = 0; i < n; i++) sk.update(i);
        String name = "hll" + type.name().substring(4) + "_n" + n + "_java.sk";
        Files.write(dir.resolve(name), sk.toCompactByteArray());
      }
    }
    CpcSketch cpc = new CpcSketch(11);
    for (int i = 0; i < 100; i++) cpc.update(i);
    Files.write(dir.resolve("cpc_n100_java.sk"), cpc.toByteArray());
    // KllCrossLanguageTest's recipe (its n up to 10^4 here: estimation mode from n=1000 at k=200).
    for (int n : new int[] {0, 1, 10, 100, 1000, 10000}) {
      KllDoublesSketch d = KllDoublesSketch.newHeapInstance();
      KllFloatsSketch f = KllFloatsSketch.newHeapInstance();
      KllLongsSketch l = KllLongsSketch.newHeapInstance();
      KllItemsSketch<String> s = KllItemsSketch.newHeapInstance(Comparator.naturalOrder(), new ArrayOfStringsSerDe());
      for (int i = 1; i <= n; i++) {
        d.update(i);
        f.update(i);
        l.update(i);
        s.update(Util.longToFixedLengthString(i, Util.numDigits(n)));
      }
      Files.write(dir.resolve("kll_double_n" + n + "_java.sk"), d.toByteArray());
      Files.write(dir.resolve("kll_float_n" + n + "_java.sk"), f.toByteArray());
      Files.write(dir.resolve("kll_long_n" + n + "_java.sk"), l.toByteArray());
      Files.write(dir.resolve("kll_string_n" + n + "_java.sk"), s.toByteArray());
    }
  }
}
JAVA
"$java_home/bin/java" -cp "$jar" "$work/Gen.java" "$out" || fail "the Java generator did not run"
[[ $(ls "$out" | wc -l) == 46 ]] || fail "expected 46 snapshot files, got $(ls "$out" | wc -l)"

"$dsconform" run --tck_dir="$work/tck" --engines=java,java-direct --progress=none --report_dir="$work/r" \
  --expectations="$expectations" \
  >"$work/stdout" 2>"$work/stderr"
status=$?
[[ $status == 0 ]] || { fail "tck run: exit $status"; head -20 "$work/stderr" "$work/stdout"; }
grep -q "46 snapshot files in $work/tck: 46 cases" "$work/stderr" || fail "file count: $(head -3 "$work/stderr")"
grep -q "skipped, family" "$work/stderr" && fail "skipped listing: $(cat "$work/stderr")"
grep -q '"case":"tck/java/cpc_n100_java"' "$work/r/records.jsonl" || fail "no record of cpc_n100"
# Each case: one comparison of java-direct with java, and each engine's re-written image against the file.
records=$(wc -l <"$work/r/records.jsonl")
[[ $records == 138 ]] || fail "expected 138 records, got $records"
grep -q '"case":"tck/java/kll_string_n10000_java"' "$work/r/records.jsonl" || fail "no record of kll_string_n10000"
grep -q '"case":"tck/java/hll8_n100000_java"' "$work/r/records.jsonl" || fail "no record of hll8_n100000"
grep -q '"verdict":"equal"' "$work/r/records.jsonl" || fail "no equal record"
# F8: the SET-mode snapshots (n=10, n=100 at lgK 12) do not come back byte for byte, in every engine.
known=$(grep -c '"verdict":"known"' "$work/r/records.jsonl")
[[ $known == 12 ]] || fail "expected 12 known records (F8), got $known"

# Every implementation the build has reads the same files (auto: java, and cpp, python, rust and go
# where built), and every difference is a finding's.
"$dsconform" run --tck_dir="$work/tck" --engines=auto --progress=none --report_dir="$work/all" \
  --expectations="$expectations" >"$work/all.out" 2>"$work/all.err"
status=$?
[[ $status == 0 ]] || { fail "tck run on every engine: exit $status"; head -30 "$work/all.out" "$work/all.err"; }
engines=$(grep -o ' on .*, reference' "$work/all.err")
for kind in python rust go; do
  if "$dsconform" list engines | grep -q "^$kind@"; then
    [[ $engines == *" $kind@"* ]] || fail "$kind is built but auto did not run it: $engines"
    grep -q "\"candidate\":\"$kind@[^\"]*\",\"verdict\":\"\(equal\|known\)\"" "$work/all/records.jsonl" \
      || fail "no equal or known record of $kind"
  fi
done

# A file that is not an image of its family is refused alike by both Java engines (an error observation).
printf 'garbage' >"$out/hll4_n7_java.sk"
"$dsconform" run --tck_dir="$out" --engines=java,java-direct --cases='tck/java/hll4_n7_java' --progress=none \
  --report_dir="$work/g" >/dev/null 2>&1 || fail "a corrupt snapshot failed the run"
grep -q '"verdict":"equal"' "$work/g/records.jsonl" || fail "corrupt snapshot: engines disagree"
"$dsconform" run --tck_dir="$work/nothing" --engines=java,java-direct >/dev/null 2>"$work/err"
[[ $? == 2 ]] || fail "a missing --tck_dir is not a usage error"

finish tck_test
