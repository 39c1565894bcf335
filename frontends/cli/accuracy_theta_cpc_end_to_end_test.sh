#!/usr/bin/env bash
# The Theta and CPC accuracy suites end to end on real engines (cpp and java
# when this build has the native engine, else java and java-direct), on the
# smoke slice: the run passes with the project's expectations, the study names
# every series (single sketches, HIP and ICON, unions, intersections,
# differences) per engine, workers and shards do not change it, the truths of set
# operations travel with the case, and an estimate the truth contradicts, or an
# "exact" answer that is not, fails the run.
set -uo pipefail
dsconform=$1
expectations=$2
source "$(dirname "$0")/test_lib.sh"
engines=java,java-direct
"$dsconform" list engines 2>/dev/null | grep -q '(spec: cpp)' && engines=cpp,java
common=(--suite='theta.accuracy*,cpc.accuracy*' --scale=smoke --engines="$engines" --progress=none
        --expectations="$expectations")

same_reports_everywhere "${common[@]}"

for e in ${engines//,/ }; do
  expect_in "$work/j1/accuracy.md" "## theta.accuracy lgk=9/p=1.0 on $e"
  expect_in "$work/j1/accuracy.md" "## theta.accuracy lgk=9/p=0.5 on $e"
  for op in union intersection a_not_b; do
    expect_in "$work/j1/accuracy.md" "## theta.accuracy_setops a12+b12/u12/$op on $e"
  done
done
for e in ${engines//,/ }; do
  [[ $e == java-direct ]] && continue  # CPC lives on the heap only in datasketches-java
  expect_in "$work/j1/accuracy.md" "## cpc.accuracy lgk=10/hip on $e"
  expect_in "$work/j1/accuracy.md" "## cpc.accuracy lgk=10/icon on $e"
  expect_in "$work/j1/accuracy.md" "## cpc.accuracy_unions a12+b10/u12 on $e"
done
expect_in "$work/j1/accuracy.md" "| 131072 | 4 |"  # the top of the set-operation ladder, every trial
expect_in "$work/j1/report.html" "theta.accuracy_setops a12+b12/u12/intersection: coverage of [lb, ub]"
expect_in "$work/j1/report.html" "cpc.accuracy lgk=10/icon: relative error quantiles"

# The truths of the set operations travel with the case: at n = 2^17, a holds
# n items, b half of them and as many of its own. (One engine: repro reports the
# TH3 estimate bits between C++ and Java as differences.)
check "repro shows the set-operation truths" 0 "$dsconform" repro 'theta/accuracy_setops/a12+b12/u12/trial=0' \
  --engines="${engines%%,*}"
expect_in "$work/out" '"of": "union.n131072",'
expect_in "$work/out" '"distinct": 196608,'
expect_in "$work/out" '"of": "intersection.n131072",'
expect_in "$work/out" '"distinct": 65536,'
expect_in "$work/out" '"rse": "@bounds"'

# Truths that are wrong on purpose. 2000 items judged against 4000: far beyond
# 6 of the half-widths of the engine's own 1-sd interval (Theta, CPC). 1000
# items in an lgK 12 Theta sketch (exact mode: lb1 = ub1) judged against 999: an
# exact answer that is not the truth, at any --outlier_sigmas.
theta_create='{"op": "create", "sketch": "a", "lg_k": 9}, {"op": "update", "sketch": "a", "items": {"gen": "splitmix64", "seed": 1, "count": 2000}}'
exact_create='{"op": "create", "sketch": "a", "lg_k": 12}, {"op": "update", "sketch": "a", "items": {"gen": "splitmix64", "seed": 1, "count": 1000}}'
cpc_create='{"op": "create", "sketch": "a", "lg_k": 10}, {"op": "update", "sketch": "a", "items": {"gen": "splitmix64", "seed": 1, "count": 2000}}'
query='{"op": "query", "sketch": "a", "queries": ["estimate", "lb1", "ub1"], "as": "a"}'
{
  printf '%s\n' "{\"id\": \"theta-lie\", \"family\": \"theta\", \"ops\": [$theta_create, $query], \"truth\": [{\"of\": \"a\", \"distinct\": 4000, \"rse\": \"@bounds\"}]}"
  printf '%s\n' "{\"id\": \"cpc-lie\", \"family\": \"cpc\", \"ops\": [$cpc_create, $query], \"truth\": [{\"of\": \"a\", \"distinct\": 4000, \"rse\": \"@bounds\"}]}"
} >"$work/lie.jsonl"
printf '%s\n' "{\"id\": \"exact-lie\", \"family\": \"theta\", \"ops\": [$exact_create, $query], \"truth\": [{\"of\": \"a\", \"distinct\": 999, \"rse\": \"@bounds\"}]}" \
  >"$work/exact.jsonl"
check "outliers fail the run" 1 "$dsconform" run --cases_file="$work/lie.jsonl" --engines="$engines" \
  --progress=none --report_dir="$work/lie"
expect_in "$work/lie/records.jsonl" '"case":"theta-lie"'
expect_in "$work/lie/records.jsonl" '"case":"cpc-lie"'
expect_in "$work/lie/records.jsonl" "standard errors from the truth 4000"
check "a wider limit lets them pass" 0 "$dsconform" run --cases_file="$work/lie.jsonl" --engines="$engines" \
  --progress=none --report_dir="$work/lie2" --outlier_sigmas=1000
check "a wrong exact answer fails at any limit" 1 "$dsconform" run --cases_file="$work/exact.jsonl" \
  --engines="$engines" --progress=none --report_dir="$work/exact" --outlier_sigmas=1000
expect_in "$work/exact/records.jsonl" "with 1-sd bounds of zero width (exact) is not the truth 999"

finish accuracy_theta_cpc_end_to_end
