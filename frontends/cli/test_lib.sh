# Shared by the command-line test scripts: a scratch directory, and checks that
# count failures instead of stopping at the first. Source it, then end with
# `finish NAME`.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
check() {  # check NAME WANT_STATUS COMMAND...: runs COMMAND, output in $work/out and $work/err
  local name=$1 want=$2; shift 2
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [[ $got != "$want" ]]; then
    fail "$name: exit $got, want $want"; sed 's/^/    /' "$work/err" | head -5
  else
    echo "ok   $name"
  fi
}
expect_in() {  # expect_in FILE TEXT
  grep -qF -- "$2" "$1" || fail "'$2' not in $(basename "$1"): $(head -c 400 "$1")"
}
finish() {
  echo "$1: $failures failures"
  [[ $failures == 0 ]]
}
# same_reports_everywhere RUN_FLAGS...: runs `dsconform run RUN_FLAGS` ($dsconform) with one
# worker (into $work/j1), two workers and two merged shards, and fails unless the accuracy
# study, the records and the HTML (but its timing line) are byte-identical.
same_reports_everywhere() {
  check "one worker" 0 "$dsconform" run "$@" --jobs=1 --report_dir="$work/j1"
  expect_in "$work/err" "trials/s,"
  expect_in "$work/out" "accuracy: 0 findings over"
  check "two workers" 0 "$dsconform" run "$@" --jobs=2 --report_dir="$work/j2"
  check "shard 0/2" 0 "$dsconform" run "$@" --shard=0/2 --report_dir="$work/s0"
  check "shard 1/2" 0 "$dsconform" run "$@" --shard=1/2 --report_dir="$work/s1"
  check "merge" 0 "$dsconform" merge --out="$work/merged" "$work/s0" "$work/s1"
  local d f
  for d in j2 merged; do
    for f in accuracy.json accuracy.md records.jsonl; do
      cmp -s "$work/j1/$f" "$work/$d/$f" || fail "$d/$f differs from one worker's"
    done
    cmp -s <(grep -v 'class="timing"' "$work/j1/report.html") <(grep -v 'class="timing"' "$work/$d/report.html") ||
      fail "$d/report.html differs from one worker's"
  done
}
