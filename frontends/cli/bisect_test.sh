#!/usr/bin/env bash
# Checks of scripts/bisect that need no datasketches-cpp: bad input exits 2
# before any bisect starts and leaves the checkout alone; and the git bisect
# plumbing on small throwaway repositories: good/bad/skip answers, a
# configuration error that stops the bisect, commits hidden by unbuildable
# ones, and the checkout put back afterwards. For the plumbing, the build and
# dsconform are replaced (scripts/bisect-step's test seams) by stand-ins that
# answer what each commit's `verdict` file says; they test the bisect, not any
# engine. A real bisect against real engines: docs/bisect.md.
set -uo pipefail
root=$1
bisect=$root/scripts/bisect
source "$(dirname "$0")/test_lib.sh"

# Git with no user or system configuration.
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com

# make_cpp_repo DIR V1 V2 ...: a datasketches-cpp look-alike (the two files
# scripts/bisect identifies it by) with one commit per V, tagged c1, c2, ...
# Each commit's `verdict` file holds V: g (good), b (bad), x (does not build),
# u (dsconform usage error), s (dsconform crashes), n (records name no cpp@bisect).
make_cpp_repo() {
  local dir=$1 i=0; shift
  git init -q -b main "$dir"
  mkdir -p "$dir/hll/include"
  : >"$dir/hll/include/hll.hpp"
  printf 'cmake_minimum_required(VERSION 3.16)\nproject(DataSketches\n        VERSION 1.0.0)\n' >"$dir/CMakeLists.txt"
  for v in "$@"; do
    i=$((i + 1))
    echo "$v" >"$dir/verdict"
    echo "$i" >"$dir/n"   # every commit changes something
    git -C "$dir" add -A && git -C "$dir" commit -q -m "commit $i ($v)" && git -C "$dir" tag "c$i"
  done
}

# The stand-ins.
cat >"$work/fake-build" <<'EOF'
#!/usr/bin/env bash
[[ $(cat "$1/verdict") != x ]]
EOF
cat >"$work/fake-dsconform" <<'EOF'
#!/usr/bin/env bash
# Answers as dsconform run would for the commit checked out in $FAKE_TREE.
printf '%q ' "$@" >"$FAKE_ARGS"
for a in "$@"; do [[ $a == --report_dir=* ]] && dir=${a#*=}; done
mkdir -p "$dir"
rec() { printf '{"case": "c", "reference": "%s", "candidate": "%s", "verdict": "%s"}\n' "$@" >>"$dir/records.jsonl"; }
# The reference's own invariants fail at every commit: that must not count.
rec java@9.1.0 java@9.1.0 differs
case $(cat "$FAKE_TREE/verdict") in
  g|x) rec java@9.1.0 cpp@bisect equal; exit 1 ;;
  b) rec java@9.1.0 cpp@bisect differs; exit 1 ;;
  u) echo "dsconform: unknown case id 'c'" >&2; exit 2 ;;
  s) kill -SEGV $$ ;;
  n) rec java@9.1.0 cpp@other equal; exit 1 ;;
esac
EOF
chmod +x "$work/fake-build" "$work/fake-dsconform"

# state_of REPO: what scripts/bisect must leave as it found: HEAD, branch, no bisect, clean.
state_of() {
  echo "$(git -C "$1" rev-parse HEAD) $(git -C "$1" symbolic-ref -q HEAD)" \
       "$(test -e "$(git -C "$1" rev-parse --absolute-git-dir)/BISECT_START" && echo bisecting)" \
       "$(git -C "$1" status --porcelain)"
}

# expect NAME STATUS MESSAGE REPO ARGS...: scripts/bisect exits STATUS, says
# MESSAGE (a fixed string), and leaves REPO as it was.
expect() {
  local name=$1 want=$2 message=$3 repo=$4; shift 4
  local before after got
  before=$(state_of "$repo")
  "$bisect" "$@" >"$work/out" 2>&1
  got=$?
  after=$(state_of "$repo")
  if [[ $got != "$want" ]]; then
    fail "$name: exit $got, want $want"; sed 's/^/    /' "$work/out" | tail -8
  elif ! grep -qF -- "$message" "$work/out"; then
    fail "$name: no \"$message\" in:"; sed 's/^/    /' "$work/out" | tail -8
  elif [[ $before != "$after" ]]; then
    fail "$name: the checkout changed: $before -> $after"
  else
    echo "ok   $name"
  fi
}

# --- Bad input: exit 2 before any bisect (no seams: nothing may be built) ----------
make_cpp_repo "$work/cpp" g g b b
mkdir -p "$work/plain"
git init -q -b main "$work/wrong" && echo x >"$work/wrong/README" && git -C "$work/wrong" add -A && git -C "$work/wrong" commit -q -m one
git init -q -b main "$work/otherjava" &&
  printf '<project><artifactId>datasketches-memory</artifactId></project>\n' >"$work/otherjava/pom.xml" &&
  git -C "$work/otherjava" add -A && git -C "$work/otherjava" commit -q -m one
ref=(--reference-engine=java@9.1.0 --cases='hll/*' --build-dir="$work/build")
expect "no flags" 2 "which checkout?" "$work/cpp"
expect "unknown flag" 2 "unknown flag --frobnicate" "$work/cpp" --cpp="$work/cpp" --frobnicate=1
expect "no such directory" 2 "no such directory" "$work/cpp" --cpp="$work/nothing" --good=c1 --bad=c4 "${ref[@]}"
expect "not a git checkout" 2 "is not a git checkout" "$work/cpp" --cpp="$work/plain" --good=c1 --bad=c4 "${ref[@]}"
expect "wrong project (cpp)" 2 "is not a datasketches-cpp checkout" "$work/wrong" --cpp="$work/wrong" --good=HEAD~0 --bad=HEAD "${ref[@]}"
expect "wrong project (java)" 2 "is not a datasketches-java checkout" "$work/otherjava" --java="$work/otherjava" --good=HEAD --bad=HEAD "${ref[@]}"
expect "cpp tree as --java" 2 "is not a datasketches-java checkout" "$work/cpp" --java="$work/cpp" --good=c1 --bad=c4 "${ref[@]}"
expect "a subdirectory" 2 "is inside the git checkout" "$work/cpp" --cpp="$work/cpp/hll" --good=c1 --bad=c4 "${ref[@]}"
expect "unknown bad revision" 2 "--bad=no-such-rev: unknown revision" "$work/cpp" --cpp="$work/cpp" --good=c1 --bad=no-such-rev "${ref[@]}"
expect "unknown good revision" 2 "--good=v0.0: unknown revision" "$work/cpp" --cpp="$work/cpp" --good=v0.0 --bad=c4 "${ref[@]}"
expect "swapped revisions" 2 "descends from --bad" "$work/cpp" --cpp="$work/cpp" --good=c4 --bad=c1 "${ref[@]}"
expect "same revision" 2 "are the same commit" "$work/cpp" --cpp="$work/cpp" --good=c4 --bad=main "${ref[@]}"
expect "no good" 2 "--good=REV and --bad=REV are required" "$work/cpp" --cpp="$work/cpp" --bad=c4 "${ref[@]}"
expect "no cases" 2 "which cases?" "$work/cpp" --cpp="$work/cpp" --good=c1 --bad=c4 --reference-engine=java
expect "no reference" 2 "against what?" "$work/cpp" --cpp="$work/cpp" --good=c1 --bad=c4 --cases='hll/*'
expect "two references" 2 "give one of --reference-engine and --corpus" "$work/cpp" \
  --cpp="$work/cpp" --good=c1 --bad=c4 "${ref[@]}" --corpus="$work/cpp/verdict"
expect "reference under test" 2 "is the engine under test" "$work/cpp" --cpp="$work/cpp" --good=c1 --bad=c4 --cases=x --reference-engine=cpp
expect "missing corpus" 2 "--corpus=$work/none.jsonl: no such readable file" "$work/cpp" \
  --cpp="$work/cpp" --good=c1 --bad=c4 --cases=x --corpus="$work/none.jsonl"
echo dirty >>"$work/cpp/verdict"
expect "dirty worktree" 2 "has uncommitted changes" "$work/cpp" --cpp="$work/cpp" --good=c1 --bad=c4 "${ref[@]}"
git -C "$work/cpp" checkout -q -- verdict
git -C "$work/cpp" bisect start -q c4 c1 >/dev/null 2>&1
expect "bisect under way" 2 "a git bisect is already under way" "$work/cpp" --cpp="$work/cpp" --good=c1 --bad=c4 "${ref[@]}"
git -C "$work/cpp" bisect reset -q >/dev/null 2>&1
[[ ! -e $work/build ]] || fail "bad input created the build directory"

# --- The plumbing, with the stand-ins ---------------------------------------------------
export DSCONFORM_BISECT_BUILD=$work/fake-build DSCONFORM_BISECT_DSCONFORM=$work/fake-dsconform FAKE_ARGS=$work/args
# run_bisect NAME WANT_STATUS V1 V2 ...: a fresh repository, bisected from c1 to its last commit.
run_bisect() {
  local name=$1 want=$2; shift 2
  local repo=$work/repo-$name
  make_cpp_repo "$repo" "$@"
  git -C "$repo" checkout -q -b topic   # the user's branch, to be restored
  export FAKE_TREE=$repo
  expect "$name" "$want" "${message:?}" "$repo" --cpp="$repo" --good=c1 --bad="c$#" --cases='hll/union/*' \
    --reference-engine=java@9.1.0 --build-dir="$work/build-$name"
}
sha() { git -C "$work/repo-$1" rev-parse "$2"; }

# Good until c13, which crashes dsconform (bad), bad after; c9..c11 cannot be built.
message="first bad commit: " run_bisect found 0 g g g g g g g g x x x g s b b b b b b b
grep -qF "first bad commit: $(sha found c13)" "$work/out" || fail "found: not c13: $(grep 'first bad' "$work/out")"
grep -q "skip .*cannot be built" "$work/out" || fail "found: no commit was skipped"
grep -q "died of signal 11" "$work/out" || fail "found: the crash was not reported"
grep -q "what fails is other engines' records" "$work/out" || fail "found: the reference's own records counted"
grep -qF -- "run --engines=java@9.1.0\\,cpp --reference=java@9.1.0 --cases=hll/union/\\* --report_dir=" "$work/args" ||
  fail "found: dsconform was called with: $(cat "$work/args")"

# The commit before the first bad one cannot be built: both are candidates.
message="it is one of:" run_bisect hidden 1 g g g g g x b b
for c in c6 c7; do
  grep -qF "$(git -C "$work/repo-hidden" rev-parse --short "$c")" "$work/out" || fail "hidden: $c not listed"
done

# A configuration error in the middle stops the bisect (exit 2), not a bad commit.
message="stopped: dsconform usage or configuration error: dsconform: unknown case id 'c'" \
  run_bisect usage 2 g g g u u u u u b b b
# A build whose engine is not cpp@bisect would make every commit good: stopped too.
message="names cpp@bisect" run_bisect unlabelled 2 g g g n n n b b b
# The ends are checked first.
message="--bad=c4 does not differ; nothing to bisect" run_bisect bad-is-good 1 g g g g
message="--good=c1 already differs" run_bisect good-is-bad 1 b b b b
message="--good=c1 cannot be built" run_bisect good-unbuildable 2 x g b b

finish bisect_test
