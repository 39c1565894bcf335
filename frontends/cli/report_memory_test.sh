#!/usr/bin/env bash
# The summaries of a run are written from its records file read one record at a time, so the
# memory they take does not grow with the run: a small real run's records are repeated into a run
# of many times as many cases, and `merge` (the summaries with no engine) writes its reports in
# about the memory it takes for the small one. The reports still count every record.
#   report_memory_test.sh <dsconform> <sketches dir>
set -uo pipefail
dsconform=$1
rules=$2
source "$(dirname "$0")/test_lib.sh"
suite=${3:-hll.matrix}
target_mib=160

check "small run" 0 "$dsconform" run --suite="$suite" --scale=reduced --engines=java,java-direct --jobs=2 \
  --progress=none --expectations="$rules" --report_dir="$work/small"
copies=$(( (target_mib << 20) / $(stat -c %s "$work/small/records.jsonl") + 1 ))

# The run `copies` times over: each copy's cases after the last one's, in case order.
python3 - "$work/small" "$work/large" "$copies" <<'PY'
import json, os, sys
small, large, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(large)
info = json.load(open(f"{small}/run_info.json"))
cases = info["total_cases"]
lines = []
for line in open(f"{small}/records.jsonl"):  # each line starts with its index
    index, rest = line.split(",", 1)
    lines.append((json.loads(index + "}")["index"], rest))
with open(f"{large}/records.jsonl", "w") as out:
    for k in range(copies):
        out.writelines(f'{{"index":{i + k * cases},{rest}' for i, rest in lines)
info["total_cases"] = info["all_cases"] = cases * copies
json.dump(info, open(f"{large}/run_info.json", "w"), indent=2)
PY

# Peak resident memory of a merge of one directory, in MiB (the child's, as the kernel counts it).
merge_peak() {
  python3 - "$dsconform" "$1" "$2" <<'PY'
import resource, subprocess, sys
done = subprocess.run([sys.argv[1], "merge", f"--out={sys.argv[3]}", sys.argv[2]],
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss >> 10)
PY
}
read -r small_rc small_mib < <(merge_peak "$work/small" "$work/small-merged")
read -r large_rc large_mib < <(merge_peak "$work/large" "$work/large-merged")
records_mib=$(( $(stat -c %s "$work/large/records.jsonl") >> 20 ))
echo "     merge peak: $small_mib MiB for the run, $large_mib MiB for it $copies times ($records_mib MiB of records)"
[[ $small_rc == 0 && $large_rc == 0 ]] || fail "merge exited $small_rc and $large_rc"
# Held whole, the records would take more than their file (891 MiB for 176 MiB of records, before);
# a line's place in the merged file (its case, offset and length) and the set of cases grow with it.
((large_mib - small_mib < records_mib / 2)) ||
  fail "merging $copies times the records took $((large_mib - small_mib)) MiB more: the summaries hold the records"
((records_mib >= 100)) || fail "only $records_mib MiB of records: the test no longer tells"
python3 - "$work/small-merged/summary.json" "$work/large-merged/summary.json" "$copies" <<'PY' || fail "summary counts"
import json, sys
small, large = (json.load(open(p)) for p in sys.argv[1:3])
copies = int(sys.argv[3])
for verdict, n in small["counts"].items():
    if large["counts"][verdict] != n * copies:
        sys.exit(f"{verdict}: {large['counts'][verdict]}, want {n * copies}")
PY
testcases=$(grep -c '<testcase ' "$work/large-merged/junit.xml")
want=$(( $(wc -l < "$work/small/records.jsonl") * copies ))
[[ $testcases == "$want" ]] || fail "junit.xml has $testcases test cases, want $want"
finish report_memory
