#!/usr/bin/env bash
# Checks of scripts/bisect that need no datasketches-cpp: bad input exits 2
# before any bisect starts; the git bisect plumbing on small throwaway
# repositories (good/bad/skip answers, a configuration error that stops the
# bisect, commits hidden by unbuildable ones); and that the user's repository
# is only read, whatever its state: uncommitted changes, another branch, a
# fresh clone whose normalized .sk shows modified (issue 20), a linked
# worktree, a bare repository, a bisect of its own, a target/ of its own; after
# any outcome (found, not found, stopped, interrupted) its HEAD, refs, index,
# stashes, worktrees and files are as they were, and the private clone is gone.
# For the plumbing, the build and dsconform are replaced (scripts/bisect-step's
# test seams) by stand-ins that answer what each commit's `verdict` file says;
# they test the bisect, not any engine. A real bisect against real engines:
# docs/bisect.md.
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

# make_rust_repo DIR V1 V2 ...: a datasketches-rust look-alike (a workspace whose
# datasketches/Cargo.toml is the package "datasketches"), commits as make_cpp_repo's.
make_rust_repo() {
  local dir=$1 i=0; shift
  git init -q -b main "$dir"
  mkdir -p "$dir/datasketches"
  printf '[workspace]\nmembers = ["datasketches"]\n' >"$dir/Cargo.toml"
  printf '[package]\nname = "datasketches"\nversion = "0.7.0"\n' >"$dir/datasketches/Cargo.toml"
  for v in "$@"; do
    i=$((i + 1))
    echo "$v" >"$dir/verdict"
    echo "$i" >"$dir/n"
    git -C "$dir" add -A && git -C "$dir" commit -q -m "commit $i ($v)" && git -C "$dir" tag "c$i"
  done
}

# The stand-ins. The build notes the tree it was given (it must be the private
# clone, never the user's), copies that tree's verdict into the build directory
# for the stand-in dsconform, and for a datasketches-java look-alike leaves a jar
# in the tree's target/ as `mvn clean package` would.
cat >"$work/fake-build" <<'EOF'
#!/usr/bin/env bash
set -e
echo "$1" >>"$FAKE_TREES"
cp "$1/verdict" "$2/verdict"
case $(cat "$1/verdict") in
  x) exit 1 ;;
  w) touch "$FAKE_WAITING"; exec sleep 60 ;;   # waits to be interrupted
esac
if [[ -f $1/pom.xml ]]; then
  rm -rf "$1/target" && mkdir -p "$1/target/classes" && echo x >"$1/target/classes/x"
  "${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/jar" --create --file "$1/target/datasketches-java-1.0.jar" -C "$1/target/classes" .
fi
EOF
cat >"$work/fake-dsconform" <<'EOF'
#!/usr/bin/env bash
# Answers as dsconform run would for the verdict the build copied.
printf '%q ' "$@" >"$FAKE_ARGS"
under=cpp@bisect
for a in "$@"; do
  case $a in --report_dir=*) dir=${a#*=} ;; --java_jar=*) under=java@bisect ;; --engines=*rust@bisect*) under=rust@bisect ;; esac
done
mkdir -p "$dir"
rec() { printf '{"case": "c", "reference": "%s", "candidate": "%s", "verdict": "%s"}\n' "$@" >>"$dir/records.jsonl"; }
# The reference's own invariants fail at every commit: that must not count.
rec java@9.1.0 java@9.1.0 differs
case $(cat "${dir%/bisect/steps/*}/verdict") in
  g|x) rec java@9.1.0 "$under" equal; exit 1 ;;
  b) rec java@9.1.0 "$under" differs; exit 1 ;;
  u) echo "dsconform: unknown case id 'c'" >&2; exit 2 ;;
  s) kill -SEGV $$ ;;
  n) rec java@9.1.0 cpp@other equal; exit 1 ;;
esac
EOF
chmod +x "$work/fake-build" "$work/fake-dsconform"

# state_of REPO: all of REPO that scripts/bisect must leave as it found it: HEAD
# and branch, every ref (branches, tags, refs/bisect of a bisect of its own),
# stashes, worktrees, the git directory's entries (BISECT_*, worktrees/) and
# config, HEAD's reflog, the index, and every file and directory of the working
# tree with its size and mtime (uncommitted changes, untracked and ignored
# files, target/), so a checkout moved and moved back shows too.
export GIT_OPTIONAL_LOCKS=0   # (so that the test's own git status writes no index)
state_of() {
  local r=$1 gd cd
  gd=$(git -C "$r" rev-parse --path-format=absolute --absolute-git-dir)
  cd=$(git -C "$r" rev-parse --path-format=absolute --git-common-dir)
  git -C "$r" rev-parse HEAD
  git -C "$r" symbolic-ref -q HEAD
  git -C "$r" for-each-ref --format='%(refname) %(objectname)'
  git -C "$r" worktree list --porcelain
  (cd "$gd" && ls -a && cat BISECT_* 2>/dev/null; cat logs/HEAD 2>/dev/null)
  (cd "$cd" && ls -a . worktrees 2>/dev/null; cat config)
  if [[ $(git -C "$r" rev-parse --is-bare-repository) == false ]]; then
    git -C "$r" stash list
    git -C "$r" status --porcelain=v2 --branch --untracked-files=all --ignored
    sha256sum <"$gd/index"
    (cd "$r" && find . -path ./.git -prune -o -printf '%p %s %T@\n' | sort)
  fi
}

# expect NAME STATUS MESSAGE REPO ARGS...: scripts/bisect exits STATUS, says
# MESSAGE (a fixed string), leaves REPO as it was (and EXTRA_REPO, when set),
# and leaves no private clone in its --build-dir.
expect() {
  local name=$1 want=$2 message=$3 repo=$4; shift 4
  local before after got a build=""
  for a in "$@"; do [[ $a == --build-dir=* ]] && build=${a#*=}; done
  before=$(state_of "$repo"; [[ -z ${EXTRA_REPO:-} ]] || state_of "$EXTRA_REPO")
  "$bisect" "$@" >"$work/out" 2>&1
  got=$?
  after=$(state_of "$repo"; [[ -z ${EXTRA_REPO:-} ]] || state_of "$EXTRA_REPO")
  if [[ $got != "$want" ]]; then
    fail "$name: exit $got, want $want"; sed 's/^/    /' "$work/out" | tail -8
  elif ! grep -qF -- "$message" "$work/out"; then
    fail "$name: no \"$message\" in:"; sed 's/^/    /' "$work/out" | tail -8
  elif [[ $before != "$after" ]]; then
    fail "$name: the repository changed:"; diff <(echo "$before") <(echo "$after") | head -10 | sed 's/^/    /'
  elif [[ -n $build && -e $build/bisect/tree ]]; then
    fail "$name: the private clone $build/bisect/tree is left"
  else
    echo "ok   $name"
  fi
}

# --- Bad input: exit 2 before any bisect ---------------------------------------------
# Nothing may be cloned or built: $work/build must not appear. (Seams that fail,
# so that a refusal missed costs no real build.)
export DSCONFORM_BISECT_BUILD=false DSCONFORM_BISECT_DSCONFORM=false
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
expect "cpp tree as --rust" 2 "is not a datasketches-rust checkout" "$work/cpp" --rust="$work/cpp" --good=c1 --bad=c4 "${ref[@]}"
make_rust_repo "$work/rust-under-test" g b
expect "rust reference under test" 2 "is the engine under test" "$work/rust-under-test" --rust="$work/rust-under-test" \
  --good=c1 --bad=c2 --cases=x --reference-engine=rust@bisect
expect "a subdirectory" 2 "is inside the git repository" "$work/cpp" --cpp="$work/cpp/hll" --good=c1 --bad=c4 "${ref[@]}"
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
expect "missing rules" 2 "--expectations=$work/none: no such readable file or directory" "$work/cpp" \
  --cpp="$work/cpp" --good=c1 --bad=c4 --cases=x --reference-engine=java@9.1.0 --expectations="$root/sketches,$work/none"
git -C "$work/cpp" config uploadpack.allowFilter true
git clone -q --filter=blob:none "file://$work/cpp" "$work/partial"
expect "a partial clone" 2 "is a partial clone (it has a promisor remote): clone it fully" "$work/partial" \
  --cpp="$work/partial" --good=c1 --bad=c4 "${ref[@]}"
[[ ! -e $work/build ]] || fail "bad input created the build directory"

# --- The plumbing, with the stand-ins ---------------------------------------------------
export DSCONFORM_BISECT_BUILD=$work/fake-build DSCONFORM_BISECT_DSCONFORM=$work/fake-dsconform
export FAKE_ARGS=$work/args FAKE_TREES=$work/trees FAKE_WAITING=$work/waiting
# built_in_private NAME: every tree the build was given since the last call was
# the private clone of build-NAME, never a repository of the user's.
built_in_private() {
  local t
  [[ -s $FAKE_TREES ]] || { fail "$1: nothing was built"; return; }
  while read -r t; do
    [[ $t == "$work/build-$1/bisect/tree" ]] || fail "$1: built in $t, not in the private clone"
  done <"$FAKE_TREES"
  rm -f "$FAKE_TREES"
}
# run_bisect NAME WANT_STATUS V1 V2 ...: a fresh repository on a branch of the
# user's, with uncommitted changes (staged, unstaged, untracked) and a stash,
# bisected from c1 to its last commit.
run_bisect() {
  local name=$1 want=$2; shift 2
  local repo=$work/repo-$name
  make_cpp_repo "$repo" "$@"
  git -C "$repo" checkout -q -b topic   # the user's branch, to be left checked out
  echo stashed >>"$repo/n" && git -C "$repo" stash -q
  echo staged >>"$repo/n" && git -C "$repo" add n
  echo "unstaged (c1 again)" >"$repo/verdict"
  echo untracked >"$repo/notes.txt"
  expect "$name" "$want" "${message:?}" "$repo" --cpp="$repo" --good=c1 --bad="c$#" --cases='hll/union/*' \
    --reference-engine=java@9.1.0 --build-dir="$work/build-$name"
  built_in_private "$name"
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

# datasketches-rust: the same plumbing, rust@bisect against the reference.
make_rust_repo "$work/rust" g g x g b b
expect "rust: found" 0 "first bad commit: $(git -C "$work/rust" rev-parse c5)" "$work/rust" --rust="$work/rust" \
  --good=c1 --bad=c6 --cases='hll/union/*' --reference-engine=rust@0.6.0 --build-dir="$work/build-rust"
grep -qF -- "run --engines=rust@0.6.0\\,rust@bisect --reference=rust@0.6.0 --cases=hll/union/\\* --report_dir=" "$work/args" ||
  fail "rust: dsconform was called with: $(cat "$work/args")"
rm -f "$FAKE_TREES"

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

# A commit and its parent, unverified: only the commit is built (docs/bisect.md:
# that leaves the build directory's dsconform built from it).
make_cpp_repo "$work/pair" g b
expect "a commit and its parent" 0 "first bad commit: $(git -C "$work/pair" rev-parse c2)" "$work/pair" \
  --cpp="$work/pair" --good=c1 --bad=c2 --no-verify --cases=hll/union/x --reference-engine=java@9.1.0 --build-dir="$work/build-pair"
[[ $(wc -l <"$FAKE_TREES") == 1 && $(cat "$work/build-pair/verdict") == b ]] ||
  fail "a commit and its parent: built $(wc -l <"$FAKE_TREES") times, last the verdict $(cat "$work/build-pair/verdict")"
built_in_private pair

# The native engine is built with the cases' families only (issue 20: a
# revision whose other adapters do not compile is no reason to skip it).
families() {  # families NAME STATUS MESSAGE CASE-FLAGS...
  local name=$1 want=$2 message=$3; shift 3
  expect "families: $name" "$want" "$message" "$work/pair" --cpp="$work/pair" --good=c1 --bad=c2 --no-verify \
    "$@" --reference-engine=java@9.1.0 --build-dir="$work/build-families"
}
families "one" 0 "built with hll only" --cases='hll/union/s=4/inputs=2/lgmaxk=5'
families "several" 0 "built with hll;kll only" --cases='kll/x/*,hll/union/*,kll/y'
families "a glob" 0 "built with every family" --cases='*/union/*'
families "a suite" 0 "built with theta only" --suite=theta.setops
families "cases of a suite" 0 "built with theta only" --suite=theta.setops --cases='hll/*,theta/*'
families "no adapter" 2 "(reservoir) have no native adapter" --cases='reservoir/x'
families "disjoint" 2 "(none: --cases and --suite name different ones)" --suite=theta.setops --cases='hll/*'
rm -f "$FAKE_TREES"

# --- The user's repository is only read --------------------------------------------------
cpp_args() {  # cpp_args NAME GOOD BAD: the flags of a bisect into build-NAME
  echo --good="$2" --bad="$3" --cases=hll/union/x --reference-engine=java@9.1.0 --build-dir="$work/build-$1"
}
# As datasketches-cpp: a binary .sk committed with CRLF bytes, then a
# .gitattributes that normalizes *.sk (so every fresh checkout of it may show
# it modified), then commits that change it (a plain git checkout refuses to
# overwrite a file it sees modified). The user's repository is a fresh clone in
# which git status lists it as modified: the state issue 20 was refused in.
make_cpp_repo "$work/sk-origin" g g
sk_commit() {  # sk_commit VERDICT: a commit storing a new CRLF .sk as it is
  local d=$work/sk-origin
  printf 'sk\r\n%s\r\n' "$RANDOM$RANDOM" >"$d/data.sk"
  git -C "$d" update-index --add --cacheinfo "100644,$(git -C "$d" hash-object -w --no-filters data.sk),data.sk"
  echo "$1" >"$d/verdict" && git -C "$d" add verdict && git -C "$d" commit -q -m "sk ($1)"
}
sk_commit g
echo '*.sk text eol=lf' >"$work/sk-origin/.gitattributes" && git -C "$work/sk-origin" add .gitattributes &&
  git -C "$work/sk-origin" commit -q -m "normalize .sk"
sk_commit g; sk_commit g; sk_commit b; sk_commit b
git -C "$work/sk-origin" tag bad
git clone -q "$work/sk-origin" "$work/sk"
touch -d '2 minutes ago' "$work/sk/data.sk"   # (its stat no longer matches the index: git looks at the content)
if [[ $(git -C "$work/sk" status --porcelain) == " M data.sk" ]]; then
  expect "fresh clone, .sk shown modified" 0 "first bad commit: $(git -C "$work/sk" rev-parse bad~1)" \
    "$work/sk" --cpp="$work/sk" $(cpp_args sk c1 bad)
  built_in_private sk
else
  fail "fresh clone: git status does not show data.sk modified: $(git -C "$work/sk" status --porcelain)"
fi

# A linked worktree of the user's, on another branch, with uncommitted changes;
# its main checkout must not change either, nor the list of worktrees.
make_cpp_repo "$work/main" g g g b b
git -C "$work/main" worktree add -q -b other "$work/linked" c2
echo "unstaged" >>"$work/linked/n"
echo "main's own change" >>"$work/main/n"
EXTRA_REPO=$work/main expect "a linked worktree" 0 "first bad commit: $(git -C "$work/main" rev-parse c4)" \
  "$work/linked" --cpp="$work/linked" $(cpp_args linked c1 c5)
built_in_private linked

# A bare repository.
git clone -q --bare "$work/main" "$work/bare.git"
expect "a bare repository" 0 "first bad commit: $(git -C "$work/main" rev-parse c4)" \
  "$work/bare.git" --cpp="$work/bare.git" $(cpp_args bare c1 c5)
built_in_private bare

# A bisect of the user's own under way (HEAD detached at its midpoint) is theirs.
make_cpp_repo "$work/own" g g g g b
git -C "$work/own" bisect start -q c5 c1 >/dev/null 2>&1
expect "the user's own bisect" 0 "first bad commit: $(git -C "$work/own" rev-parse c5)" \
  "$work/own" --cpp="$work/own" $(cpp_args own c1 c5)
[[ -e $(git -C "$work/own" rev-parse --path-format=absolute --git-path BISECT_START) ]] || fail "the user's own bisect: ended"
built_in_private own

# datasketches-java: mvn's target/ is the private clone's; the user's own
# target/ (with a jar of theirs) and uncommitted pom.xml are left alone.
git init -q -b main "$work/java"
printf '<project><artifactId>datasketches-java</artifactId></project>\n' >"$work/java/pom.xml"
echo /target/ >"$work/java/.gitignore"
for i in 1 2 3 4; do
  echo "$i" >"$work/java/n" && echo "${i/[12]/g}" | sed 's/[34]/b/' >"$work/java/verdict" &&
    git -C "$work/java" add -A && git -C "$work/java" commit -q -m "commit $i" && git -C "$work/java" tag "j$i"
done
git -C "$work/java" checkout -q -b topic j2
mkdir -p "$work/java/target" && echo "the user's" >"$work/java/target/datasketches-java-9.9.9.jar"
echo "<!-- the user's edit -->" >>"$work/java/pom.xml"
expect "--java" 0 "first bad commit: $(git -C "$work/java" rev-parse j3)" "$work/java" --java="$work/java" \
  --good=j1 --bad=j4 --cases=hll/union/x --reference-engine=java@9.1.0 --build-dir="$work/build-java"
built_in_private java
grep -qE -- "--java_jar=$work/build-java/bisect/steps/[0-9a-f]{40}/datasketches-java-bisect.jar " "$work/args" ||
  fail "--java: dsconform was called with: $(cat "$work/args")"

# What a bisect killed outright left in the build directory is removed first.
mkdir -p "$work/build-stale/bisect/tree" && echo left >"$work/build-stale/bisect/tree/verdict"
expect "a stale private clone" 0 "first bad commit: $(git -C "$work/main" rev-parse c4)" \
  "$work/main" --cpp="$work/main" $(cpp_args stale c1 c5)
rm -f "$FAKE_TREES"

# One bisect per build directory: a second one is refused before it removes
# anything of the first one's.
mkdir -p "$work/build-locked/bisect/steps/1234"
exec 8>"$work/build-locked/bisect/lock" && flock 8
expect "a build directory in use" 2 "another scripts/bisect is using $work/build-locked" \
  "$work/main" --cpp="$work/main" $(cpp_args locked c1 c5)
exec 8>&-
[[ -d $work/build-locked/bisect/steps/1234 ]] || fail "a build directory in use: the other bisect's steps were removed"
rm -f "$FAKE_TREES"

# Interrupted (Ctrl-C: SIGINT to the whole process group) during git bisect
# run: exit 130, the private clone removed, the repository as it was.
make_cpp_repo "$work/intr" g w w w b
git -C "$work/intr" checkout -q -b topic c2
echo unstaged >>"$work/intr/n"
before=$(state_of "$work/intr")
set -m   # (the bisect gets a process group of its own, and does not ignore SIGINT)
"$bisect" --cpp="$work/intr" $(cpp_args intr c1 c5) --no-verify >"$work/out" 2>&1 &
pid=$!
for _ in $(seq 100); do [[ -e $FAKE_WAITING ]] && break; sleep 0.2; done
kill -INT -- -"$pid"
wait "$pid"; got=$?
set +m
after=$(state_of "$work/intr")
if [[ ! -e $FAKE_WAITING ]]; then fail "interrupted: no step began"
elif [[ $got != 130 ]]; then fail "interrupted: exit $got, want 130"; tail -5 "$work/out" | sed 's/^/    /'
elif ! grep -q "^bisect: interrupted" "$work/out"; then fail "interrupted: not said: $(tail -3 "$work/out")"
elif [[ $before != "$after" ]]; then fail "interrupted: the repository changed"
elif [[ -e $work/build-intr/bisect/tree ]]; then fail "interrupted: the private clone is left"
else echo "ok   interrupted"
fi

finish bisect_test
