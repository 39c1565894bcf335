#!/usr/bin/env bash
# The differential fuzzing of deserializers on a small seeded slice: mutants of
# the committed Java recording's images, read by every engine this build has
# (the native one out of process, where a crash is a verdict). Checks that the
# run keeps every case (crashes included) and that the mutants are the same
# for the same seed.
set -uo pipefail
dsconform=$1
corpus=$2
engine_process=$3  # the dsconform-engine of this build ("" without datasketches-cpp)
source "$(dirname "$0")/test_lib.sh"
slice=(--fuzz_from="$corpus" --fuzz_seed=11 --fuzz_per_image=12 --cases='fuzz/hll/sketch/lgk=*/type=HLL_4/*')
engines=java,java-direct
[[ -n $engine_process && -x $engine_process ]] && engines+=",cpp@fuzz=$engine_process"

check "list the slice" 0 "$dsconform" list cases "${slice[@]}"
cases=$(wc -l <"$work/out")
cp "$work/out" "$work/ids"
check "list it again" 0 "$dsconform" list cases "${slice[@]}"
cmp -s "$work/out" "$work/ids" || fail "the same seed gave other mutants"
[[ $cases -gt 500 ]] || fail "only $cases mutants"
"$dsconform" run "${slice[@]}" --engines="$engines" --progress=none --report_dir="$work/r" >"$work/out" 2>"$work/err"
status=$?
[[ $status == 0 || $status == 1 ]] || fail "fuzz run: exit $status: $(tail -3 "$work/err")"
pairs=$(( $(tr -cd , <<<"$engines" | wc -c) ))
records=$(grep -c '"suite":"fuzz"' "$work/r/records.jsonl")
[[ $records == $((cases * pairs)) ]] || fail "$records records for $cases cases on $((pairs + 1)) engines"
expect_in "$work/r/summary.md" "fuzz"
# Every differing record can be replayed: its repro command names the mutant's source.
expect_in "$work/r/summary.md" "--fuzz_from="
finish fuzz_test
