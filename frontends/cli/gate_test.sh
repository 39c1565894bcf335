#!/usr/bin/env bash
# scripts/gate end to end on real datasketches-cpp revisions: a throwaway clone of the tree
# given (DSCONFORM_GATE_CPP_TREE, any commit) stands for a contributor's checkout with two
# pull requests on top of its HEAD: one that changes HLL's HIP estimator (single precision),
# so HLL images and estimates change and Java now disagrees with head, and one that changes a
# comment only. The gate must find the first (exit 1, the decoded field, the new difference
# from Java) and pass the second (exit 0), build both revisions in its private clone only
# (the checkout's HEAD, branches, index, files and worktrees as they were), and refuse bad
# input with exit 2. Skipped (77) when no tree is given. Given a datasketches-go tree too
# (DSCONFORM_GATE_GO_TREE), a comment-only change to it must pass the gate of the Go engine.
set -uo pipefail
root=$1 build=$2 tree=${3:-} others=${4:-} go_tree=${5:-}
[[ -n $tree ]] || { echo "gate_test: no datasketches-cpp tree (configure with -DDSCONFORM_GATE_CPP_TREE=<checkout>)"; exit 77; }
source "$(dirname "$0")/test_lib.sh"

export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com
export DSCONFORM_BUILD_DIR=$build
gate_build=$build/gate-test-build   # kept: the next run recompiles only what the revisions change

# The contributor's checkout: the tree's HEAD, then the two pull requests.
user=$work/datasketches-cpp
git clone -q --shared "$tree" "$user" || { echo "FAIL cannot clone $tree"; exit 1; }
git -C "$user" checkout -q -b contributor
header=$user/hll/include/HllArray-internal.hpp
hip='hipAccum_ += configK / (kxq0_ + kxq1_);'
grep -qF "$hip" "$header" || { echo "FAIL the HIP update is not in $header as this test expects it"; exit 1; }
sed -i "s|$hip|hipAccum_ += static_cast<float>(configK / (kxq0_ + kxq1_));|" "$header"
git -C "$user" commit -qam "hll: accumulate the HIP estimator in single precision"
sed -i '1s|^|// A comment only.\n|' "$user/hll/include/hll.hpp"
git -C "$user" commit -qam "hll: a comment"
echo "uncommitted" >"$user/scratch.txt"   # the contributor's own work in progress
state() { git -C "$user" rev-parse HEAD; git -C "$user" status --porcelain; git -C "$user" worktree list; git -C "$user" branch; }
before=$(state)

gate() { "$root/scripts/gate" --cpp="$user" --build-dir="$gate_build" --suite='hll.*' --scale=smoke \
           --engines="${others:-none}" "$@"; }

# The float HIP: head changes images and estimates; where Java agreed with base it now differs.
check "a changing head exits 1" 1 gate --base=HEAD~2 --head=HEAD~1 --report-dir="$work/r1"
for want in "## dsconform gate: head changes" "| Head differs from base |" "hipAccum: " 'Rerun the first: `dsconform repro'; do
  expect_in "$work/out" "$want"
done
python3 - "$work/r1/gate.json" "$others" <<'PY' || fail "gate.json"
import json, sys
g = json.load(open(sys.argv[1]))
assert g["head_changes"] is True, g["head_changes"]
assert g["tallies"]["head_differs"]["by_family"].get("hll", 0) > 0, g["tallies"]
fields = {c["field"] for c in g["changes"] if c["kind"] == "head_differs"}
assert "a.estimate" in fields and "a.compact" in fields, sorted(fields)[:10]
if sys.argv[2]:  # Java read base's bytes before; head's are new to it
    assert g["tallies"]["new_difference"]["fields"] > 0, g["tallies"]
print("ok   gate.json: head differs in a.estimate and a.compact"
      + (", new differences from " + sys.argv[2] if sys.argv[2] else ""))
PY

# The CI workflow's gate: two shards by scripts/ci-shard, merged by scripts/ci-merge --gate, say
# what the unsharded gate said, and post gate.md as the job summary.
shard() { "$root/scripts/ci-shard" --gate-cpp="$user" --gate-base=HEAD~2 --gate-head=HEAD~1 "$1" 2 "$work/g$1" \
            --build-dir="$gate_build" --suite='hll.*' --scale=smoke --engines="${others:-none}"; }
check "gate shard 0/2" 0 shard 0
check "gate shard 1/2" 0 shard 1
check "merged gate fails the check" 1 env GITHUB_STEP_SUMMARY="$work/summary.md" "$root/scripts/ci-merge" --gate \
  "$work/merged" "$work/g0" "$work/g1"
expect_in "$work/summary.md" "## dsconform gate: head changes"
python3 - "$work/r1/gate.json" "$work/merged/gate.json" <<'PY' || fail "merged gate.json"
import json, sys
whole, merged = (json.load(open(p)) for p in sys.argv[1:])
for key in ("tallies", "unchanged_differences", "cases", "head_changes"):
    assert whole[key] == merged[key], (key, whole[key], merged[key])
print("ok   the merged shards' gate.json counts what the unsharded gate counted")
PY
check "a merged gate without shard 1 fails" 1 "$root/scripts/ci-merge" --gate "$work/merged-1" "$work/g0"

# A comment: nothing changes. (dsconform gate with a checkout is scripts/gate.)
check "a comment-only head exits 0" 0 "$build/dsconform" gate --cpp="$user" --build-dir="$gate_build" \
  --suite='hll.*' --scale=smoke --engines="${others:-none}" --base=HEAD~1 --head=HEAD --report-dir="$work/r2"
expect_in "$work/out" "## dsconform gate: head changes nothing"

# The checkout was only read.
if [[ $(state) == "$before" ]]; then echo "ok   the checkout is as it was"
else fail "the checkout changed: $(diff <(echo "$before") <(state))"; fi

# Bad input.
check "an unknown revision exits 2" 2 gate --base=no-such-rev --head=HEAD
expect_in "$work/err" "--base=no-such-rev: unknown revision"
check "not a checkout exits 2" 2 "$root/scripts/gate" --cpp="$work" --base=HEAD --head=HEAD~1
check "the same commit twice exits 2" 2 gate --base=HEAD --head=HEAD
check "an unknown flag exits 2" 2 gate --base=HEAD~1 --head=HEAD --bogus=1

# The Go engine: each revision's engine is built under its own label and run as a process.
if [[ -n $go_tree ]]; then
  go_user=$work/datasketches-go
  git clone -q --shared "$go_tree" "$go_user" && git -C "$go_user" checkout -q -b contributor
  sed -i '1s|^|// A comment only.\n|' "$go_user/hll/hll_sketch.go"
  git -C "$go_user" commit -qam "hll: a comment"
  check "a comment-only Go head exits 0" 0 "$root/scripts/gate" --go="$go_user" --base=HEAD~1 --head=HEAD \
    --build-dir="$build/gate-test-build-go" --suite='hll.*,theta.*' --scale=smoke --engines="${others:-none}" \
    --report-dir="$work/go"
  expect_in "$work/out" "**Base** \`go@base-"
  expect_in "$work/out" "## dsconform gate: head changes nothing"
fi

finish gate_test
