#!/usr/bin/env bash
# kll.accuracy end to end on real engines (cpp, java and java-direct when this
# build has the native engine, else the two Java ones), on the smoke slice: the
# rank study's files exist, name every series and engine, and are
# byte-identical for one worker, two workers and two merged shards; an answer
# far from the exact ranks fails the run with the engine, case and both numbers;
# python, when installed, is judged on the bits it chose itself.
set -uo pipefail
dsconform=$1
expectations=$2
source "$(dirname "$0")/test_lib.sh"
engines=java,java-direct
"$dsconform" list engines 2>/dev/null | grep -q '(spec: cpp)' && engines=cpp,java,java-direct
common=(--suite='kll.accuracy' --scale=smoke --engines="$engines" --progress=none
        --expectations="$expectations")

same_reports_everywhere "${common[@]}"

for e in ${engines//,/ }; do
  for series in "k=8 double shuffled" "k=200 float shuffled" "k=200 long shuffled"; do
    expect_in "$work/j1/accuracy.md" "## kll.accuracy $series on $e"
  done
done
expect_in "$work/j1/accuracy.md" "# Rank accuracy"
expect_in "$work/j1/accuracy.md" "| 4096 | 3 |"  # the top of the smoke ladder, every trial
expect_in "$work/j1/accuracy.md" "| 4 | 3 | "     # exact mode
expect_in "$work/j1/accuracy.json" '"stated_confidence": 0.99'
expect_in "$work/j1/report.html" '<section id="accuracy">'
expect_in "$work/j1/report.html" "kll.accuracy k=200 double shuffled: normalized rank error"
# Exact mode answers exactly: the median error at n = 4 is 0 on every engine.
grep -q '^| 4 | 3 | [0-9.e-]* | 0 | 0 |' "$work/j1/accuracy.md" || fail "exact mode (n=4) has a rank error"

# The truth travels with the case, so repro shows it.
check "repro shows the truth" 0 "$dsconform" repro 'kll/accuracy/k=8/item=double/order=shuffled/n=1024/trial=0' \
  --engines="$engines"
expect_in "$work/out" '"rank_truth": ['

# An outlier is a finding of the engine, case and both numbers. With the limit
# at 0 x epsilon, every estimation-mode answer is one; exact mode is not.
check "an outlier fails the run" 1 "$dsconform" run "${common[@]}" \
  --cases='kll/accuracy/k=8/item=long/order=shuffled/n=1024/trial=0,kll/accuracy/k=200/item=long/order=shuffled/n=64/trial=0' \
  --rank_outlier_epsilons=0 --report_dir="$work/zero"
expect_in "$work/zero/records.jsonl" '"field":"accuracy: lang.n1024.rank_error"'
expect_in "$work/zero/records.jsonl" "x the stated epsilon"
grep -q 'n=64/trial=0.*accuracy: ' "$work/zero/records.jsonl" && fail "an exact-mode answer is an outlier"
# A case whose declared n is not what its items number has no truth: that fails too.
"$dsconform" repro 'kll/accuracy/k=8/item=long/order=shuffled/n=64/trial=0' --engines="$engines" 2>/dev/null |
  sed -n '2,/^}/p' | python3 -c 'import json, sys; c = json.load(sys.stdin); c["rank_truth"][0]["n"] = 65; print(json.dumps(c))' \
  >"$work/lie.jsonl"
check "a wrong n fails the run" 1 "$dsconform" run --cases_file="$work/lie.jsonl" --engines="$engines" \
  --progress=none --report_dir="$work/lie"
expect_in "$work/lie/records.jsonl" "64 items fed"
expect_in "$work/lie/records.jsonl" "n = 65 as the case declares"

# The Python binding cannot pin KLL's random bits: its answers come from its own
# bits (so not byte-identical run to run), judged against the truth all the same.
if "$dsconform" list engines 2>/dev/null | grep -q '(spec: python@'; then
  check "python's own random bits" 0 "$dsconform" run "${common[@]}" --engines=java,python --report_dir="$work/py"
  expect_in "$work/out" "accuracy: 0 findings over 0 estimates and 216 rank trials"
  for series in "k=8 double shuffled" "k=200 float shuffled" "k=200 long shuffled"; do
    expect_in "$work/py/accuracy.md" "## kll.accuracy $series on python@"
  done
  expect_in "$work/py/records.jsonl" "every field is language-specific (lang.): compared between engines of one language only"
fi

finish rank_accuracy_end_to_end
