#!/usr/bin/env bash
# scripts/check-layers passes on this tree and fails on each kind of breach, planted in a copy.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$root/scripts/check-layers" "$root"

plant() {  # plant <file> <line>: a fresh tree with one offending line; check-layers must name it
  rm -rf "$tmp/tree" && mkdir -p "$tmp/tree"
  for d in harness/run harness/truth/ranks sketches/hll sketches/kll engines/native reports frontends/cli; do
    mkdir -p "$tmp/tree/$d"
  done
  echo "$2" > "$tmp/tree/$1"
  if out=$("$root/scripts/check-layers" "$tmp/tree"); then
    echo "FAIL: check-layers accepted $1: $2" >&2
    exit 1
  fi
  grep -q "^$1:1: " <<<"$out" || { echo "FAIL: check-layers did not name $1: $out" >&2; exit 1; }
}
plant harness/x.cc '#include "sketches/hll/hll_family.h"'
plant harness/x.cc '#include "engines/native/cpp_engine.h"'
plant harness/x.cc '#include "reports/html_report.h"'
plant harness/x.cc '#include "sketches/compiled_families.h"'
plant sketches/kll/x.cc '#include "sketches/hll/hll_image_layout.h"'
plant engines/native/x.cc '#include "sketches/kll/kll_family.h"'
plant reports/x.cc '#include "frontends/cli/cli_flags.h"'
plant harness/run/x.cc '#include "harness/truth/distinct/distinct_kind.h"'
plant harness/truth/ranks/x.cc '#include "harness/truth/distinct/distinct_count.h"'
plant engines/native/CMakeLists.txt 'add_library(x ${CMAKE_CURRENT_SOURCE_DIR}/../../sketches/hll/x.cc)'

# What is allowed: a core test plugging in the catalog, a front end including anything, a family
# or a kind of truth including that kind of truth.
rm -rf "$tmp/tree" && mkdir -p "$tmp/tree/harness/truth/ranks" "$tmp/tree/frontends/cli" "$tmp/tree/sketches/kll"
echo '#include "sketches/compiled_families.h"' > "$tmp/tree/harness/x_test.cc"
echo '#include "engines/native/cpp_engine.h"' > "$tmp/tree/frontends/cli/x.cc"
echo '#include "harness/truth/ranks/rank_kind.h"' > "$tmp/tree/sketches/kll/x.cc"
echo '#include "harness/truth/ranks/rank_truth.h"' > "$tmp/tree/harness/truth/ranks/x.cc"
"$root/scripts/check-layers" "$tmp/tree" >/dev/null
echo "check-layers_test: ok"
