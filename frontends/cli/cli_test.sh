#!/usr/bin/env bash
# End-to-end checks of the dsconform command line with real engines (the Java
# ones, which every build has): exit statuses for bad input, identical reports
# whatever the workers or shards, and an interrupted run finished by --resume.
set -uo pipefail
dsconform=$1
expectations=$2
source "$(dirname "$0")/test_lib.sh"
common=(--suite=hll.unions,hll.relative_error --scale=smoke --engines=java,java-direct --progress=none
        --expectations="$expectations")

check "unknown flag" 2 "$dsconform" run --frobnicate
check "unknown command" 2 "$dsconform" frobnicate
check "another command's flag" 2 "$dsconform" run --out="$work/ignored"
expect_in "$work/err" "--out is a flag of merge and record, not of run; run writes its reports to --report_dir"
check "unknown suite" 2 "$dsconform" run --suite=kll.nothing
check "unknown engine" 2 "$dsconform" run --engines=java,fortran
check "bad scale" 2 "$dsconform" run --scale=huge
check "bad shard" 2 "$dsconform" run --shard=3/2
check "unknown case id" 2 "$dsconform" run --cases='hll/nothing/*'
printf '{"finding": "x", "doc": "d", "family": "hll"}\n' >"$work/bad.jsonl"
check "malformed rule" 2 "$dsconform" run --expectations="$work/bad.jsonl"
expect_in "$work/err" "bad.jsonl:1: reason: missing"
check "a directory without rules" 2 "$dsconform" run --expectations="$work"
expect_in "$work/err" "a directory without known_differences.jsonl"
printf '{"id": "c", "family": "hll", "ops": [{"op": "create", "sketch": "a", "lg_k": 22, "type": "HLL_4"}]}\n' >"$work/cases.jsonl"
check "lgK out of range" 2 "$dsconform" run --cases_file="$work/cases.jsonl"
grep -q "/ops/0: lg_k: must be in 4..21, got 22" "$work/err" || fail "lgK message: $(cat "$work/err")"
check "unwritable report dir" 2 "$dsconform" run "${common[@]}" --report_dir=/proc/dsconform
check "repro of an unknown case" 2 "$dsconform" repro 'hll/nothing'
# A report's repro command names the writer as --engines did (a kind); records name it in full.
check "repro of a cross stage" 0 "$dsconform" repro --engines=java,java-direct --writer=java-direct 'hll/cross/lgk=4/type=HLL_4/n=0'
expect_in "$work/out" "reading java-direct@"
check "repro of a writer not in the run" 2 "$dsconform" repro --engines=java --writer=python 'hll/cross/lgk=4/type=HLL_4/n=0'
expect_in "$work/err" "--writer=python names none of the engines of this run (java@"
check "a reference among none of the engines" 2 "$dsconform" run "${common[@]}" --reference=python
expect_in "$work/err" "--reference=python names none of the engines of this run (java@"

check "one worker" 0 "$dsconform" run "${common[@]}" --jobs=1 --report_dir="$work/j1"
# A junit.xml whose writing was killed leaves part files; the next run there removes them.
mkdir -p "$work/j2" && touch "$work/j2/junit.xml.1.part" "$work/j2/notes.txt"
check "two workers" 0 "$dsconform" run "${common[@]}" --jobs=2 --report_dir="$work/j2"
[[ ! -e $work/j2/junit.xml.1.part && -e $work/j2/notes.txt ]] || fail "junit.xml's part files of a killed run stay"
check "shard 0/2" 0 "$dsconform" run "${common[@]}" --shard=0/2 --report_dir="$work/s0"
check "shard 1/2" 0 "$dsconform" run "${common[@]}" --shard=1/2 --report_dir="$work/s1"
check "merge" 0 "$dsconform" merge --out="$work/merged" "$work/s0" "$work/s1"
# --shard=env takes the shard from the test runner's variables: the same shard as --shard=1/2.
check "shard from the environment" 0 env GTEST_SHARD_INDEX=1 GTEST_TOTAL_SHARDS=2 \
  "$dsconform" run "${common[@]}" --shard=env --report_dir="$work/s1env"
cmp -s "$work/s1/records.jsonl" "$work/s1env/records.jsonl" || fail "--shard=env ran another shard than 1/2"
check "shard from an empty environment" 2 env -u GTEST_SHARD_INDEX -u GTEST_TOTAL_SHARDS \
  "$dsconform" run "${common[@]}" --shard=env --report_dir="$work/s-none"
expect_in "$work/err" "GTEST_SHARD_INDEX and GTEST_TOTAL_SHARDS must both be set"
for d in j2 merged; do
  for f in records.jsonl summary.json summary.md junit.xml; do
    cmp -s "$work/j1/$f" "$work/$d/$f" || fail "$d/$f differs from one worker's"
  done
done
# merge refuses what is not the shards of one run, and says which shard a merge lacks.
check "merge of a missing directory" 2 "$dsconform" merge --out="$work/m1" "$work/s0" "$work/nothing"
expect_in "$work/err" "$work/nothing is not the report directory of a run"
check "merge of a shard twice" 2 "$dsconform" merge --out="$work/m2" "$work/s0" "$work/s0"
expect_in "$work/err" "are both shard 0/2"
check "merge of another run" 2 "$dsconform" merge --out="$work/m3" "$work/s0" "$work/j1"
expect_in "$work/err" "are not shards of one run: 2 shards of"
check "merge without shard 1/2" 1 "$dsconform" merge --out="$work/m4" "$work/s0"
expect_in "$work/err" "run incomplete: shard 1/2 not given"
expect_in "$work/m4/summary.md" "incomplete: shard 1/2 not given"

# A rule that states its difference on every record fails a record without it (unexpectedly
# equal); --allow_unexpectedly_equal relaxes that.
rule() { printf '{"finding": "%s", "doc": "docs/x.md#x", "family": "hll", "reason": "%s"%s}\n' "$@"; }
rule gone "gone" ', "cases": "hll/rel_err/lgk=4", "every_record": true' >"$work/stale.jsonl"
relerr=(--suite=hll.relative_error --scale=smoke --engines=java,java-direct --progress=none)
check "every_record rule without its difference" 1 "$dsconform" run "${relerr[@]}" --expectations="$work/stale.jsonl" \
  --report_dir="$work/stale"
expect_in "$work/stale/summary.md" '`hll/rel_err/lgk=4` on `java-direct@9.1.0`: expected a difference: gone: gone (docs/x.md\#x)'
expect_in "$work/stale/records.jsonl" "gone (${work}/stale.jsonl:1) states its difference on every record it applies to"
check "unexpectedly equal allowed" 0 "$dsconform" run "${relerr[@]}" --expectations="$work/stale.jsonl" \
  --allow_unexpectedly_equal --report_dir="$work/stale2"
# merge --expectations judges a finished run again: without the rule it passes, with it it fails.
printf '# none\n' >"$work/none.jsonl"
check "rejudged without the rule" 0 "$dsconform" merge --out="$work/rejudged" --expectations="$work/none.jsonl" "$work/stale"
check "rejudged with it" 1 "$dsconform" merge --out="$work/rejudged2" --expectations="$work/stale.jsonl" "$work/stale2"
# A pattern that covers nothing is stale: a notice, not a failure, naming the part that is.
rule P "a pattern" ', "suite": "hll.relative_error", "parts": [{"part": "last bits", "fields": "*.estimate", "max_ulps": 1}, {"part": "signs", "fields": "upper*", "negated": true}]' \
  >"$work/pattern.jsonl"
check "stale rule" 0 "$dsconform" run "${relerr[@]}" --expectations="$work/pattern.jsonl" --report_dir="$work/pattern"
expect_in "$work/out" "P part \"last bits\" (${work}/pattern.jsonl:1): applied to"
expect_in "$work/out" "P part \"signs\" (${work}/pattern.jsonl:1): applied to"
expect_in "$work/pattern/summary.json" '"finding": "P"'
expect_in "$work/pattern/summary.md" "Stale rules (2)"
expect_in "$work/pattern/report.html" "Stale rules"
# --update_expectations appends a draft rule per shape of difference no rule covers (the self-checks
# of union merge orders here) and passes; the drafts then cover the run.
check "update_expectations drafts" 0 "$dsconform" run --suite=hll.unions --scale=smoke --engines=java,java-direct \
  --progress=none --expectations="$work/drafts.jsonl" --update_expectations --report_dir="$work/drafted"
expect_in "$work/drafts.jsonl" '"finding":"TODO"'
check "the drafts cover the run" 0 "$dsconform" run --suite=hll.unions --scale=smoke --engines=java,java-direct \
  --progress=none --expectations="$work/drafts.jsonl" --report_dir="$work/drafted2"

# Interrupted (once: the batches under way finish; twice: it stops at once), then resumed: the
# same reports as the uninterrupted run.
all=(--suite='hll.*' --scale=smoke --engines=java,java-direct --progress=none --expectations="$expectations" --jobs=1)
check "uninterrupted" 0 "$dsconform" run "${all[@]}" --report_dir="$work/whole"
interrupt_and_resume() {  # report dir name, number of interrupts
  local dir=$work/$1 status
  "$dsconform" run "${all[@]}" --report_dir="$dir" >"$dir.out" 2>&1 &
  local pid=$!
  sleep 2
  for ((i = 0; i < $2; ++i)); do kill -INT $pid; done
  wait $pid
  status=$?
  if [[ $status == 130 ]]; then
    grep -q 'interrupt again to stop now' "$dir.out" || fail "$1: no word of the first interrupt"
    check "$1: resume" 0 "$dsconform" run "${all[@]}" --resume --report_dir="$dir"
    for f in records.jsonl summary.json summary.md junit.xml; do
      cmp -s "$work/whole/$f" "$dir/$f" || fail "$1: resumed $f differs"
    done
  elif [[ $status == 0 ]]; then
    echo "ok   ($1: the run finished before the interrupt; resume not exercised)"
  else
    fail "$1: interrupted run exited $status, want 130"
  fi
}
interrupt_and_resume int 1
interrupt_and_resume int2 2

finish cli_test
