#!/usr/bin/env bash
# The corpus end to end with real engines: record then check round-trips on
# every engine this build has; the committed corpora check clean against the
# live engines they were recorded from; damaged corpora are refused by file and
# line with exit status 2.
set -uo pipefail
dsconform=$1
corpus_dir=$2
source "$(dirname "$0")/test_lib.sh"
quiet=(--progress=none)

engines=(java java-direct)
"$dsconform" list engines 2>/dev/null | grep -q '(spec: cpp)' && engines+=(cpp)
for e in "${engines[@]}"; do
  check "record $e" 0 "$dsconform" record --engine="$e" --suite='hll.unions,hll.cross_heapify,hll.items' \
    --scale=smoke --out="$work/$e.jsonl" "${quiet[@]}"
  check "check $e against its own recording" 0 "$dsconform" check --corpus="$work/$e.jsonl" --engines="$e" \
    --report_dir="$work/r-$e" "${quiet[@]}"
  expect_in "$work/r-$e/summary.md" "+corpus"
done
# Recording twice gives the same file, line for line.
check "record java again" 0 "$dsconform" record --engine=java --suite='hll.unions,hll.cross_heapify,hll.items' \
  --scale=smoke --out="$work/java-again.jsonl" "${quiet[@]}"
cmp -s <(tail -n +2 "$work/java.jsonl") <(tail -n +2 "$work/java-again.jsonl") || fail "two recordings of java differ"
# A corpus recorded compressed (--out=FILE.zst) is checked as it is, and holds the same recording.
check "record java compressed" 0 "$dsconform" record --engine=java --suite='hll.unions,hll.cross_heapify,hll.items' \
  --scale=smoke --out="$work/java.jsonl.zst" "${quiet[@]}"
(( $(stat -c %s "$work/java.jsonl.zst") * 4 < $(stat -c %s "$work/java.jsonl") )) ||
  fail "the compressed corpus is not a quarter of the plain one's size"
check "check java against its compressed recording" 0 "$dsconform" check --corpus="$work/java.jsonl.zst" \
  --engines=java --report_dir="$work/r-zst" --compress_records "${quiet[@]}"
cmp -s <(grep -v '"command_line"' "$work/r-java/summary.json") <(grep -v '"command_line"' "$work/r-zst/summary.json") ||
  fail "checked against the compressed corpus, the summary differs from the plain one's"
[[ -s $work/r-zst/records.jsonl.zst ]] || fail "check --compress_records wrote no records.jsonl.zst"

# The committed corpora against the live engines they were recorded from.
check "committed java@9.0.0 corpus" 0 "$dsconform" check --corpus="$corpus_dir/hll-java-9.0.0.jsonl" \
  --engines=java@9.0.0 --report_dir="$work/committed-java" "${quiet[@]}"
if "$dsconform" list engines 2>/dev/null | grep -q '^cpp@5.2.0 '; then
  check "committed cpp@5.2.0 corpus" 0 "$dsconform" check --corpus="$corpus_dir/hll-cpp-5.2.0.jsonl" \
    --engines=cpp --report_dir="$work/committed-cpp" "${quiet[@]}"
fi
# Tuple's and Frequent items' native recordings (whole images, so the rules can decode them): the
# live native engine gives them back, and live Java differs from them only as the families' rules say.
for family in tuple fi; do
  if "$dsconform" list engines 2>/dev/null | grep -q '^cpp@5.2.0 '; then
    check "committed $family cpp@5.2.0 corpus" 0 "$dsconform" check --corpus="$corpus_dir/$family-cpp-5.2.0.jsonl" \
      --engines=cpp --report_dir="$work/committed-$family" "${quiet[@]}"
  fi
  check "$family cpp@5.2.0 corpus against java@9.1.0, by the rules" 0 "$dsconform" check \
    --corpus="$corpus_dir/$family-cpp-5.2.0.jsonl" --engines=java@9.1.0 --expectations="$corpus_dir/../sketches" \
    --report_dir="$work/rules-$family" "${quiet[@]}"
  expect_in "$work/rules-$family/summary.md" "dsconform PASS"
done

# The recorded native behaviour against live Java: the cross-language findings, reproducible by repro.
check "cpp@5.2.0 corpus against java@9.0.0" 1 "$dsconform" check --corpus="$corpus_dir/hll-cpp-5.2.0.jsonl" \
  --engines=java@9.0.0 --reference=java --cases='hll/sketch/lgk=4/type=HLL_6/*' --report_dir="$work/cross" "${quiet[@]}"
expect_in "$work/cross/summary.md" "flags.COMPACT: false vs true"
expect_in "$work/cross/summary.md" "dsconform repro --engines java@9.0.0,corpus:$corpus_dir/hll-cpp-5.2.0.jsonl"
check "repro from a corpus" 1 "$dsconform" repro --engines="java@9.0.0,corpus:$corpus_dir/hll-cpp-5.2.0.jsonl" \
  'hll/sketch/lgk=4/type=HLL_6/n=8'
expect_in "$work/out" "flags.COMPACT: false vs true"
# With the rules, repro says which finding the difference is, and exits as the run would.
check "repro by the rules" 0 "$dsconform" repro --engines="java@9.0.0,corpus:$corpus_dir/hll-cpp-5.2.0.jsonl" \
  --expectations="$corpus_dir/../sketches" 'hll/sketch/lgk=4/type=HLL_6/n=8'
expect_in "$work/out" "cpp@5.2.0+corpus: known"
expect_in "$work/out" "known: F6: datasketches-java before 9.1.0 writes HLL_6 and HLL_8 compact images"
check "repro with rules that are not there" 2 "$dsconform" repro --engines=java@9.0.0 \
  --expectations="$work/no-such-rules" 'hll/sketch/lgk=4/type=HLL_6/n=8'

# Damaged corpora: exit 2, naming file and line.
good="$work/java.jsonl"
head -n 3 "$good" >"$work/truncated.jsonl"
check "truncated corpus" 2 "$dsconform" check --corpus="$work/truncated.jsonl" --engines=java
expect_in "$work/err" "truncated.jsonl:3: truncated: the file ends without its end line"
sed '2s/"0x4/"0x5/' "$good" >"$work/edited.jsonl"
check "edited corpus" 2 "$dsconform" check --corpus="$work/edited.jsonl" --engines=java
expect_in "$work/err" "edited.jsonl:2: checksum mismatch"
sed '1s/"dsconform_corpus":1/"dsconform_corpus":7/' "$good" >"$work/newer.jsonl"
check "newer corpus format" 2 "$dsconform" check --corpus="$work/newer.jsonl" --engines=java
expect_in "$work/err" "newer.jsonl:1: corpus format 7 is newer than this dsconform reads (1)"
check "not a corpus" 2 "$dsconform" check --corpus="$corpus_dir/../sketches/hll/known_differences.jsonl" --engines=java
expect_in "$work/err" "not a dsconform corpus"
check "missing corpus" 2 "$dsconform" check --corpus="$work/nothing.jsonl" --engines=java
check "check without --corpus" 2 "$dsconform" check --engines=java
check "record without --engine" 2 "$dsconform" record --out="$work/x.jsonl"
check "record of two engines" 2 "$dsconform" record --engine=java,cpp --out="$work/x.jsonl"
check "corpus engine spec of a damaged file" 2 "$dsconform" run --engines="java,corpus:$work/edited.jsonl"

finish corpus_test
