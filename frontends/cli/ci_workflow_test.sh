#!/usr/bin/env bash
# The CI workflow (.github/workflows/dsconform.yml) as far as this machine can run it: actionlint
# (built from its Go module by the build; skipped with a word when Go is absent) checks the workflow
# and the worked example, then the very scripts its jobs run (scripts/ci-shard, scripts/ci-merge)
# run two shards and merge them, and the merged report must be the unsharded run's.
#   ci_workflow_test.sh <dsconform> <actionlint or ""> <project root> <engines>
set -uo pipefail
dsconform=$1
actionlint=$2
root=$3
engines=$4
source "$(dirname "$0")/test_lib.sh"
export DSCONFORM_BUILD_DIR
DSCONFORM_BUILD_DIR=$(dirname "$dsconform")

if [[ -n $actionlint && -x $actionlint ]]; then
  check "actionlint: the workflow and the worked example" 0 "$actionlint" -shellcheck= \
    "$root/.github/workflows/dsconform.yml" "$root/docs/ci/datasketches-cpp-conformance.yml" \
    "$root/docs/ci/datasketches-cpp-gate.yml"
  [[ -s $work/out ]] && sed 's/^/    /' "$work/out" | head -20
else
  echo "skip actionlint: the build has none (it needs Go to build it)"
fi

run=(--suite='hll.unions,hll.items' --scale=smoke --engines="$engines" --expectations="$root/sketches")
summary=$work/step-summary.md
check "shard 0/2" 0 "$root/scripts/ci-shard" 0 2 "$work/report-0" "${run[@]}"
check "shard 1/2" 0 "$root/scripts/ci-shard" 1 2 "$work/report-1" "${run[@]}"
check "merge" 0 env GITHUB_STEP_SUMMARY="$summary" "$root/scripts/ci-merge" "$work/merged" "$work/report-0" "$work/report-1"
expect_in "$summary" "## dsconform PASS"
check "unsharded" 0 "$dsconform" run "${run[@]}" --progress=none --report_dir="$work/whole"
for f in records.jsonl junit.xml; do
  cmp -s "$work/whole/$f" "$work/merged/$f" || fail "merged $f differs from the unsharded run's"
done
# A shard that did not report: the merge says which and fails the check.
check "merge without shard 1" 1 "$root/scripts/ci-merge" "$work/merged-1" "$work/report-0"
expect_in "$work/err" "shard 1/2"
check "ci-shard without its arguments" 2 "$root/scripts/ci-shard" 0
check "ci-shard with half a gate" 2 "$root/scripts/ci-shard" --gate-base=HEAD~1 0 2 "$work/half"
finish ci_workflow_test
