#!/usr/bin/env bash
# The differential fuzzing of deserializers on a small seeded slice: mutants of a committed
# recording's images, read by every engine this build has that reads the family (the native one,
# the Python wheel and the Rust and Go ports out of process, where a crash is a verdict). Checks
# that the run keeps every case (crashes included) and that the mutants are the same for the
# same seed.
# The reference is the library that recorded the seeds: java (java, java-direct and the others
# against it), or cpp for a family datasketches-java lacks (the native engine out of process
# against the ports; skipped, exit 77, in a build without datasketches-cpp).
#   fuzz_test.sh <dsconform> <corpus> <dsconform-engine or ""> [<cases glob> <per image> <at least> <java|cpp>]
set -uo pipefail
dsconform=$1
corpus=$2
engine_process=$3  # the dsconform-engine of this build ("" without datasketches-cpp)
glob=${4:-'fuzz/hll/sketch/lgk=*/type=HLL_4/*'}
per_image=${5:-12}
at_least=${6:-500}
reference=${7:-java}
source "$(dirname "$0")/test_lib.sh"
slice=(--fuzz_from="$corpus" --fuzz_seed=11 --fuzz_per_image="$per_image" --cases="$glob")
have_native=0
[[ -n $engine_process && -x $engine_process ]] && have_native=1
if [[ $reference == cpp ]]; then
  [[ $have_native == 1 ]] || { echo "skip: the seeds are datasketches-cpp's and this build has no native engine"; exit 77; }
  engines="cpp@fuzz=$engine_process"
else
  engines=java,java-direct
  [[ $have_native == 1 ]] && engines+=",cpp@fuzz=$engine_process"
fi
# The ports this build set up (a port that lacks the family answers "unsupported", still a record).
have=$("$dsconform" list engines 2>/dev/null)
for port in python rust go; do
  grep -q "^$port@.*(spec: .* or $port)" <<<"$have" && engines+=",$port"
done

check "list the slice" 0 "$dsconform" list cases "${slice[@]}"
cases=$(wc -l <"$work/out")
cp "$work/out" "$work/ids"
check "list it again" 0 "$dsconform" list cases "${slice[@]}"
cmp -s "$work/out" "$work/ids" || fail "the same seed gave other mutants"
[[ $cases -ge $at_least ]] || fail "only $cases mutants"
# A damaged count can ask an engine for gigabytes: capped, that is a crash of its case, not swap.
"$dsconform" run "${slice[@]}" --engines="$engines" --engine_memory=2048 --progress=none --report_dir="$work/r" >"$work/out" 2>"$work/err"
status=$?
[[ $status == 0 || $status == 1 ]] || fail "fuzz run: exit $status: $(tail -3 "$work/err")"
pairs=$(( $(tr -cd , <<<"$engines" | wc -c) ))
records=$(grep -c '"suite":"fuzz"' "$work/r/records.jsonl")
[[ $records == $((cases * pairs)) ]] || fail "$records records for $cases cases on $((pairs + 1)) engines"
expect_in "$work/r/summary.md" "fuzz"
echo "     $cases mutants on $engines: $(grep -o '"verdict":"[a-z_]*"' "$work/r/records.jsonl" | sort | uniq -c | tr -s ' \n' ' ')"
# Every differing record can be replayed: its repro command names the mutant's source.
grep -q '"verdict":"\(differs\|error\)"' "$work/r/records.jsonl" && expect_in "$work/r/summary.md" "--fuzz_from="
finish fuzz_test
