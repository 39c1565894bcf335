#!/usr/bin/env bash
# The native engine against datasketches-cpp releases (issue 20): what each
# tree lacks is found when its build is configured (engines/native/probes) and
# answered "unsupported", and docs/native-releases.md says which release lacks
# what. Its table is this test's expectation:
#
#   native_releases_test.sh SOURCE BUILD
#     this build's own tree: its probe results (BUILD/engines/native/probes.txt)
#     are the table's row for its version, and its hello lacks something
#     exactly when a probe failed; exit 77 (skipped) when the table has no row.
#   native_releases_test.sh SOURCE BUILD [LABEL=]TREE...
#     for each TREE (a datasketches-cpp checkout; LABEL defaults to the tag it
#     is at): configures and builds dsconform-engine against it in
#     BUILD/native-releases/LABEL, and checks that it builds; that its probe
#     results are the row LABEL; that its hello declares the steps of this
#     build's engine and lacks something exactly when a probe failed; and that
#     a run of the Theta suites (smoke) beside this build's engine gives no
#     error record, and unsupported ones exactly where the tree lacks something.
# (ctest native_release_probes, and native_release_trees when the build is
# configured with -DDSCONFORM_CPP_RELEASE_TREES=...)
set -uo pipefail
source_dir=$1 build=$2; shift 2
source "$source_dir/frontends/cli/test_lib.sh"
table=$source_dir/docs/native-releases.md
checks=$(dirname "$0")/native_releases_check.py

# failing BUILD: the probes that failed in BUILD, sorted, one a line ("none").
failing() {
  local f
  f=$(awk '$2 == 0 { print $1 }' "$1/engines/native/probes.txt" | sort)
  echo "${f:-none}"
}
flat() { paste -sd ' ' <<<"$1"; }

# check_build NAME LABEL BUILD [MAIN_HELLO]: BUILD's probe results are the
# table's row LABEL; its hello lacks something exactly when a probe failed
# (and declares MAIN_HELLO's steps).
check_build() {
  local name=$1 label=$2 b=$3 main=${4:-} want got msg
  [[ -s $b/engines/native/probes.txt ]] || { fail "$name: no probe results in $b/engines/native/probes.txt"; return; }
  got=$(failing "$b")
  if ! want=$(python3 "$checks" row "$table" "$label"); then
    fail "$name: docs/native-releases.md has no row '$label' (its probes that fail: $(flat "$got"))"
  elif [[ $got != "$want" ]]; then
    fail "$name: probes that fail: $(flat "$got"); docs/native-releases.md says $(flat "$want")"
  else
    echo "ok   $name: probes that fail: $(flat "$got"), as docs/native-releases.md says"
  fi
  if ! "$b/dsconform-engine" --hello >"$work/hello.json"; then
    fail "$name: dsconform-engine --hello failed"
  elif msg=$(python3 "$checks" hello "$work/hello.json" "$(flat "$got")" $main 2>&1); then
    echo "ok   $name: hello ${main:+declares the steps of this build, }lacks $msg"
  else
    fail "$name: $msg"
  fi
}

if (($# == 0)); then
  name=$("$build/dsconform-engine" --name) || { echo "no $build/dsconform-engine"; exit 1; }
  if ! python3 "$checks" row "$table" "${name#cpp@}" >/dev/null; then
    echo "skipped: docs/native-releases.md has no row for $name (a build of an unreleased tree)"
    exit 77
  fi
  check_build "this build ($name)" "${name#cpp@}" "$build"
  finish native_release_probes
  exit
fi

launcher=$(sed -n 's/^CMAKE_CXX_COMPILER_LAUNCHER:[A-Z]*=//p' "$build/CMakeCache.txt")
main=$("$build/dsconform-engine" --name) && "$build/dsconform-engine" --hello >"$work/main-hello.json" ||
  { echo "no $build/dsconform-engine"; exit 1; }
for spec in "$@"; do
  tree=${spec#*=} label=${spec%%=*}
  if [[ $spec != *=* ]] && ! label=$(git -C "$tree" describe --tags --exact-match 2>/dev/null); then
    fail "$tree: at no tag; give it as LABEL=$tree"; continue
  fi
  sub=$build/native-releases/$label
  start=$SECONDS
  if ! cmake -S "$source_dir" -B "$sub" -G Ninja -DDATASKETCHES_CPP_SOURCE_DIR="$tree" \
         -DDATASKETCHES_CPP_LABEL="$label" -DDSC_JAVA_ENGINE=OFF ${launcher:+-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher} \
         >"$work/$label.configure.log" 2>&1; then
    fail "$label: configuring against $tree failed:"; tail -15 "$work/$label.configure.log"; continue
  fi
  if ! cmake --build "$sub" --target dsconform-engine >"$work/$label.build.log" 2>&1; then
    fail "$label: dsconform-engine does not build against $tree:"; grep -m5 -A8 "error" "$work/$label.build.log"; continue
  fi
  echo "ok   $label: dsconform-engine builds against $tree ($((SECONDS - start)) s)"
  check_build "$label" "$label" "$sub" "$work/main-hello.json"

  # Beside this build's engine: what the tree lacks is unsupported, never an error.
  "$build/dsconform" run --engines="cpp,cpp@$label=$sub/dsconform-engine" --suite='theta.*' --scale=smoke \
    --report_dir="$work/$label.report" --progress=none >"$work/$label.run.log" 2>&1
  status=$?
  if ((status == 2)) || [[ ! -f $work/$label.report/summary.json ]]; then
    fail "$label: dsconform run exited $status:"; tail -5 "$work/$label.run.log"; continue
  fi
  if msg=$(python3 "$checks" report "$work/$label.report" "$main" "cpp@$label" "$(flat "$(failing "$sub")")" 2>&1); then
    echo "ok   $label: theta.* smoke beside $main: $msg"
  else
    fail "$label: theta.* smoke beside $main: $msg"
  fi
done
finish native_release_trees
