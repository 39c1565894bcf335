#!/usr/bin/env bash
# Replays the kept crashing inputs (corpus/fuzz/crashes.jsonl, the images in
# corpus/fuzz/crashes_generated_files/) on every engine of this build that is not
# listed as crashing on them: none of those may crash, hang or break the protocol.
# A crash is never an expectation (docs/findings-fuzz.md), so the engines that
# crash are left out until their library is fixed and the entry says so.
#   fuzz_crashes_test.sh <dsconform> <crashes.jsonl> <dsconform-engine or "">
set -uo pipefail
dsconform=$1
list=$2
engine_process=$3
dir=$(dirname "$list")/crashes_generated_files
source "$(dirname "$0")/test_lib.sh"

# This build's engines by full name (kind@version) and the spec that runs each: the native one out
# of process, since a crash of the in-process one would end the run.
have=$("$dsconform" list engines 2>/dev/null)
declare -A spec=([java-direct@9.1.0]=java-direct)  # java, the reference, never crashes on these
native=$(grep -o '^cpp@[^ ]*' <<<"$have" | head -1)
[[ -n $native && -n $engine_process && -x $engine_process ]] && spec[$native]="$native=$engine_process"
for port in python rust go; do
  name=$(grep -o "^$port@[^ ]*" <<<"$have" | head -1)
  [[ -n $name ]] && grep -q "^$name .*(spec: .* or $port)" <<<"$have" && spec[$name]=$port
done

entries=0
while IFS=$'\t' read -r file crashes; do
  entries=$((entries + 1))
  [[ -f $dir/$file ]] || { fail "$file: listed in $(basename "$list") but not in $dir"; continue; }
  engines=()
  for name in "${!spec[@]}"; do
    skip=0
    for c in $crashes; do [[ $c == "$name" || $c == "${name%%@*}" ]] && skip=1; done
    [[ $skip == 0 ]] && engines+=("${spec[$name]}")
  done
  list_engines=java$(printf ',%s' $(printf '%s\n' "${engines[@]}" | sort))
  stem=${file%.sk}
  "$dsconform" run --tck_dir="$dir" --cases="tck/crashes/$stem" --engines="$list_engines" --engine_memory=2048 \
    --progress=none --report_dir="$work/$stem" >"$work/out" 2>"$work/err"
  status=$?
  [[ $status == 0 || $status == 1 ]] || fail "$stem: exit $status: $(tail -3 "$work/err")"
  records=$(grep -c '"suite":"tck"' "$work/$stem/records.jsonl" 2>/dev/null || echo 0)
  [[ $records -gt 0 ]] || fail "$stem: no records"
  if grep -q '"verdict":"error"' "$work/$stem/records.jsonl"; then
    fail "$stem: an engine not listed as crashing crashed: $(grep -o '"note":"[^"]\{0,160\}' "$work/$stem/records.jsonl" | head -1)"
  else
    echo "ok   $stem on $list_engines: $records records, none crashed"
  fi
done < <(python3 -c '
import json, sys
for line in open(sys.argv[1]):
    e = json.loads(line)
    print(e["file"] + "\t" + " ".join(e["crashes"]))' "$list")
[[ $entries -gt 0 ]] || fail "no entries in $list"

# Mutants run "cpp" in its own process: a REQ image without levels (FZ28) that crashes
# datasketches-cpp is its case's record, and the run goes on to the next case. --reference=cpp
# takes the first engine of that kind.
if [[ -n $native && -n $engine_process && -x $engine_process ]]; then
  mutant='fuzz/req/exact/mode=hra/k=4/n=5/order=shuffled/cont.compact/numLevels'
  "$dsconform" run --fuzz_from="$(dirname "$list")/req-java-9.1.0.jsonl.zst" --fuzz_seed=1 --fuzz_per_image=12 \
    --cases="$mutant=0,$mutant+1" --engines=java,cpp,"cpp@again=$engine_process" --reference=cpp \
    --progress=none --report_dir="$work/apart" >"$work/out" 2>"$work/err"
  status=$?
  records=$(grep -c "\"reference\":\"$native\"" "$work/apart/records.jsonl" 2>/dev/null || echo 0)
  if [[ ($status == 0 || $status == 1) && $records == 4 ]]; then
    echo "ok   mutants on java,cpp: $native in its own process and the reference, exit $status, $records records"
  else
    fail "mutants on java,cpp: exit $status, $records records against $native: $(tail -3 "$work/err")"
  fi
fi
# Every kept image is listed, so that none is replayed on the engines that crash on it.
for f in "$dir"/*.sk; do
  grep -q "\"file\": \"$(basename "$f")\"" "$list" || fail "$(basename "$f") is not listed in $(basename "$list")"
done
finish fuzz_crashes_test
