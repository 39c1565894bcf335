#!/usr/bin/env bash
# The accuracy suites end to end on real engines (cpp and java when this build
# has the native engine, else java and java-direct), on the smoke slice: the
# study's files exist, name every series and engine, and are byte-identical
# for one worker, two workers and two merged shards.
set -uo pipefail
dsconform=$1
expectations=$2
source "$(dirname "$0")/test_lib.sh"
engines=java,java-direct
"$dsconform" list engines 2>/dev/null | grep -q '(spec: cpp)' && engines=cpp,java
common=(--suite='hll.accuracy*' --scale=smoke --engines="$engines" --progress=none
        --expectations="$expectations")

same_reports_everywhere "${common[@]}"

for e in ${engines//,/ }; do
  expect_in "$work/j1/accuracy.md" "## hll.accuracy lgk=12 on $e"
  expect_in "$work/j1/accuracy.md" "## hll.accuracy_unions a12+b12/u12 on $e"
done
expect_in "$work/j1/accuracy.md" "| 8192 | 8 |"  # the top of the smoke ladder, every trial
expect_in "$work/j1/report.html" '<section id="accuracy">'
expect_in "$work/j1/report.html" '<svg xmlns="http://www.w3.org/2000/svg"'
expect_in "$work/j1/report.html" "hll.accuracy lgk=12: relative error quantiles"
expect_in "$work/j1/report.html" "hll.accuracy_unions a12+b12/u12: coverage of [lb, ub]"

# The truth travels with the case, so repro shows it.
check "repro shows the truth" 0 "$dsconform" repro 'hll/accuracy/lgk=12/trial=0' --engines="$engines"
expect_in "$work/out" '"truth": ['

# An outlier is a finding of the engine, case and both numbers: a case whose
# truth is wrong on purpose (1000 items, truth 2000) must fail the run.
printf '%s\n' '{"id": "lie", "family": "hll", "ops": [{"op": "rel_err", "lg_k": 12, "upper": 0, "unioned": 0, "sd": 1, "as": "rse"}, {"op": "create", "sketch": "a", "lg_k": 12, "type": "HLL_4"}, {"op": "update", "sketch": "a", "items": {"gen": "splitmix64", "seed": 1, "count": 1000}}, {"op": "query", "sketch": "a", "queries": ["estimate"], "as": "a"}], "truth": [{"of": "a", "distinct": 2000, "rse": "rse"}]}' >"$work/lie.jsonl"
check "an outlier fails the run" 1 "$dsconform" run --cases_file="$work/lie.jsonl" --engines="$engines" \
  --progress=none --report_dir="$work/lie"
expect_in "$work/lie/records.jsonl" '"field":"accuracy: a.estimate"'
expect_in "$work/lie/records.jsonl" "standard errors from the truth 2000"
check "a wider limit lets it pass" 0 "$dsconform" run --cases_file="$work/lie.jsonl" --engines="$engines" \
  --progress=none --report_dir="$work/lie2" --outlier_sigmas=1000

finish accuracy_end_to_end
