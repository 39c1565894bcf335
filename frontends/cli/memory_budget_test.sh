#!/usr/bin/env bash
# A run within --memory: the reduced Theta suites on the two Java engines with two workers, once
# with a budget far above what they take and once with a small one. The bounded run's peak
# resident memory (run_info.json, the JVM included) stays within its budget and the runtimes' own, its records are the
# unbounded run's, and a case larger than the whole budget is refused before anything runs.
#   memory_budget_test.sh <dsconform> <sketches dir>
set -uo pipefail
dsconform=$1
rules=$2
source "$(dirname "$0")/test_lib.sh"
budget_mib=640
common=(run --suite='theta.*' --scale=reduced --engines=java,java-direct --jobs=2 --progress=none
        --expectations="$rules")

# The budget is what the run holds; the JVM's code, metaspace and threads and the harness's own
# code come on top of it.
runtime_mib=256
peak_mib() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["memory"]["peak_rss_bytes"] >> 20)' "$1/run_info.json"; }
budget_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["memory"]["budget_bytes"] >> 20)' "$1/run_info.json"; }

check "unbounded" 0 "$dsconform" "${common[@]}" --memory=16384 --report_dir="$work/free"
check "bounded" 0 "$dsconform" "${common[@]}" --memory=$budget_mib --report_dir="$work/bounded"
free=$(peak_mib "$work/free")
bounded=$(peak_mib "$work/bounded")
echo "     peak resident: $free MiB unbounded, $bounded MiB within --memory=$budget_mib"
# Without a bound the same work takes more than the budget, or this test proves nothing.
[[ $(budget_of "$work/bounded") == "$budget_mib" ]] || fail "run_info.json does not give the budget"
((free > budget_mib + runtime_mib)) ||
  fail "the unbounded run peaked at $free MiB, within $budget_mib + $runtime_mib: the workload no longer tests the budget"
((bounded <= budget_mib + runtime_mib)) || fail "the run with --memory=$budget_mib peaked at $bounded MiB"
cmp -s "$work/free/records.jsonl" "$work/bounded/records.jsonl" || fail "the bounded run's records differ"

# Full-scale Theta at lgK 21 on both engines needs far more than 64 MiB: refused up front.
check "too large" 2 "$dsconform" run --suite='theta.matrix' --scale=full --engines=java,java-direct --memory=64 \
  --cases='theta/sketch/lgk=21/*' --report_dir="$work/large"
expect_in "$work/err" "would hold about"
expect_in "$work/err" "more than the 16 MiB the run's memory budget leaves its cases"
[[ ! -e $work/large/records.jsonl ]] || [[ ! -s $work/large/records.jsonl ]] || fail "the refused run wrote records"
check "bad budget" 2 "$dsconform" run --suite='theta.setops' --engines=java,java-direct --memory=-1 --report_dir="$work/bad"
expect_in "$work/err" "--memory=-1: MiB"
finish memory_budget
