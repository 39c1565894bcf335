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
