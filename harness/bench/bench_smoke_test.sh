#!/usr/bin/env bash
# `dsconform bench` on the smoke slice: it finishes, prints every figure, and its JSON holds them.
# No speed is asserted (a test machine's load is not the code's fault); the figures are for people.
#   bench_smoke_test.sh <dsconform> <allocator configure linked it with: jemalloc or glibc>
set -uo pipefail
dsconform=$1
allocator=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$dsconform" bench --suite='hll.*' --scale=smoke --jobs=2 >"$work/out" 2>"$work/err" ||
  fail "bench exited $?: $(cat "$work/err")"
for label in 'cases of hll.* (smoke)' '1 worker' '2 workers' 'speedup' 'target >= 1.8x' 'java@' \
             'all libraries' 'alone (serial pass)' 'in the 1-worker run' 'harness share' 'warm-up' 'case generation' 'item tapes' 'transfer (JNI)' \
             'diff, invariants, expectations' 'summaries' 'JNI cost of java@' 'per case stage' 'per MB' \
             'RSS (VmHWM)' 'Java heap, peak used' 'Java heap, committed' 'fastest of 2 rounds'; do
  grep -qF -- "$label" "$work/out" || fail "no '$label' in:
$(cat "$work/out")"
done

"$dsconform" bench --suite=hll.relative_error --scale=smoke --jobs=2 --json >"$work/json" 2>"$work/err" ||
  fail "bench --json exited $?: $(cat "$work/err")"
python3 - "$work/json" "$allocator" <<'PY' || fail "bench --json: $(cat "$work/json")"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["runs"]["one_worker"]["wall_seconds"] > 0
assert j["runs"]["many_workers"]["workers"] == 2
assert j["runs"]["speedup"] > 0
assert j["runs"]["rounds"] == 2 and len(j["runs"]["one_worker_walls"]) == 2 and len(j["runs"]["many_workers_walls"]) == 2
assert j["runs"]["one_worker"]["wall_seconds"] == min(j["runs"]["one_worker_walls"])
assert len(j["engines"]) == 2 and j["engines"][1]["alone"]["library_measured_inside"]
assert j["engines"][1]["in_one_worker_run"]["library_seconds"] > 0
assert 0 <= j["harness"]["harness_share"] <= 1
assert j["memory"]["peak_rss_bytes"] > 0
assert set(j["targets"]) == {"speedup", "harness_share", "peak_rss_bytes"}
assert j["bench"]["allocator"] == sys.argv[2], j["bench"]["allocator"]
PY
# The malloc the bench names is the one the process has. (ldd into a file: `grep -q` in a pipe
# ends it early, and under pipefail ldd's SIGPIPE would fail the pipe.)
ldd "$dsconform" >"$work/ldd" || fail "ldd $dsconform exited $?"
if [[ $allocator == jemalloc ]]; then
  grep -q libjemalloc "$work/ldd" || fail "configure linked jemalloc, but ldd does not list it"
else
  grep -q libjemalloc "$work/ldd" && fail "configure found no jemalloc, but ldd lists it"
fi
"$dsconform" bench --jobs=1 >/dev/null 2>&1
[[ $? == 2 ]] || fail "bench --jobs=1 should be a usage error"
"$dsconform" bench --rounds=0 >/dev/null 2>&1
[[ $? == 2 ]] || fail "bench --rounds=0 should be a usage error"
echo PASS
