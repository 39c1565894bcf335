#!/usr/bin/env bash
# Runs killed (SIGKILL) and interrupted (SIGINT once: the batches under way finish; twice: it stops
# at once) at several points, then finished with --resume, on real engines. The run signals itself
# as soon as N of its cases are done (DSCONFORM_TEST_SIGNAL, frontends/cli/test_signal.h), so the
# points are exact without timing anything, and it says how many cases were done then. Two workers
# take the largest batches first, which are not the first cases: checked, as that is where records
# waited in memory for earlier cases and a kill lost them all (issue 20). Each time: every case done
# before the signal is found by --resume, and the resumed run's reports are the uninterrupted
# run's, byte for byte.
set -uo pipefail
dsconform=$1
engines=$2
expectations=$3
source "$(dirname "$0")/test_lib.sh"
run=(--suite='hll.*' --scale=smoke --engines="$engines" --expectations="$expectations" --progress=none --jobs=2)

check "uninterrupted" 0 "$dsconform" run "${run[@]}" --report_dir="$work/whole"
total=$(sed -n 's/^dsconform: \([0-9]*\) cases (0 already done).*/\1/p' "$work/err")
[[ -n $total ]] || fail "no case count in: $(head -c 300 "$work/err")"
[[ -e $work/whole/records.journal.jsonl ]] && fail "a finished run left its journal"

same_as_whole() {  # NAME DIR: the reports of DIR are the uninterrupted run's
  local f
  for f in records.jsonl summary.json summary.md junit.xml; do
    cmp -s "$work/whole/$f" "$2/$f" || fail "$1: resumed $f differs from the uninterrupted run's"
  done
  cmp -s <(grep -v 'class="timing"' "$work/whole/report.html") <(grep -v 'class="timing"' "$2/report.html") ||
    fail "$1: resumed report.html differs"
  [[ -e $2/records.journal.jsonl || -e $2/records.journal.commits.jsonl ]] &&
    fail "$1: the journal is still there after the run finished"
}

# signal_run NAME SPEC WANT_STATUS [--resume]: a run in $work/NAME that signals itself at SPEC; sets
# $done_at_signal to the cases done when it signalled.
signal_run() {
  local name=$1 spec=$2 want=$3 dir=$work/$1
  shift 3
  # In a subshell of its own, whose stderr takes bash's word that the run was killed.
  (DSCONFORM_TEST_SIGNAL=$spec "$dsconform" run "${run[@]}" "$@" --report_dir="$dir" >"$dir.out" 2>"$dir.err"
   exit $?) 2>/dev/null
  local got=$?
  [[ $got == "$want" ]] || fail "$name: $spec exited $got, want $want: $(tail -3 "$dir.err")"
  done_at_signal=$(sed -n 's/^dsconform: test signal .* after \([0-9]*\) cases done.*/\1/p' "$dir.err")
  [[ -n $done_at_signal ]] || { fail "$name: it did not signal: $(tail -3 "$dir.err")"; done_at_signal=0; }
}

# resume_finds NAME AT_LEAST: --resume in $work/NAME, which must find AT_LEAST cases done, and end
# with the uninterrupted run's reports.
resume_finds() {
  local name=$1 dir=$work/$1
  check "$name: resume" 0 "$dsconform" run "${run[@]}" --resume --report_dir="$dir"
  local found
  found=$(sed -n 's/^dsconform: [0-9]* cases (\([0-9]*\) already done).*/\1/p' "$work/err")
  if [[ -z $found || $found -lt $2 ]]; then
    fail "$name: $2 cases were done at the signal, --resume found ${found:-none}"
  else
    echo "ok   $name: $2 cases done at the signal, --resume found $found"
  fi
  same_as_whole "$name" "$dir"
}

# The ordinals the journal of DIR commits, one a line.
journal_cases() { grep -o '^{"finished_cases":\[[0-9,]*\]' "$1/records.journal.commits.jsonl" | grep -o '[0-9]\+'; }

# SIGKILL once the first batch is done: it is one of the largest, far from the first cases.
signal_run kill_first KILL@1 137
first=$(journal_cases "$work/kill_first" | sort -n | tail -1)
(( ${first:-0} >= done_at_signal )) ||
  fail "kill_first: the first batch done was the first cases (up to $first): not the case of issue 20"
[[ -e $work/kill_first/records.jsonl ]] && fail "kill_first: records.jsonl before the run ended"
# Until it is resumed, merge refuses it.
check "merge of a killed run" 2 "$dsconform" merge --out="$work/merged" "$work/kill_first"
expect_in "$work/err" "records.journal.jsonl: its run was killed"
resume_finds kill_first "$done_at_signal"

# SIGKILL halfway, and once every case is done and records.jsonl written (before the summaries).
signal_run kill_half "KILL@$((total / 2))" 137
resume_finds kill_half "$done_at_signal"
signal_run kill_at_records KILL@records 137
[[ -s $work/kill_at_records/records.jsonl && -e $work/kill_at_records/records.journal.jsonl ]] ||
  fail "kill_at_records: records.jsonl and the journal should both be there"
resume_finds kill_at_records "$total"

# One worker finishes its batches in case order, and its journal becomes records.jsonl by a rename:
# the same reports, killed or not, and killed once records.jsonl is there, nothing left to run.
check "one worker" 0 "$dsconform" run "${run[@]}" --jobs=1 --report_dir="$work/one"
same_as_whole "one worker" "$work/one"
signal_run one_kill_half "KILL@$((total / 2))" 137 --jobs=1
resume_finds one_kill_half "$done_at_signal"
signal_run one_kill_at_records KILL@records 137 --jobs=1
[[ -s $work/one_kill_at_records/records.jsonl && ! -e $work/one_kill_at_records/records.journal.jsonl ]] ||
  fail "one_kill_at_records: records.jsonl should be there, the journal renamed to it"
resume_finds one_kill_at_records "$total"

# Two SIGINTs: it stops at once, the journal keeps what was done.
signal_run int_twice "INT2@$((total / 3))" 130
expect_in "$work/int_twice.err" "stopped; every finished batch is kept in records.journal.jsonl"
resume_finds int_twice "$done_at_signal"

# One SIGINT: the batches under way finish, and records.jsonl and the summaries hold every case done.
signal_run int_once "INT@$((total / 3))" 130
expect_in "$work/int_once.err" "interrupt again to stop now"
stopped=$(sed -n 's/^dsconform: interrupted after \([0-9]*\) of .*/\1/p' "$work/int_once.err")
in_records=$(grep -o '^{"index":[0-9]*' "$work/int_once/records.jsonl" | sort -u | wc -l)
[[ -n $stopped && $stopped -ge $done_at_signal && $in_records == "$stopped" ]] ||
  fail "int_once: $done_at_signal cases done at the signal, ${stopped:-?} when it stopped, $in_records in records.jsonl"
expect_in "$work/int_once/summary.json" '"status": "interrupted"'
[[ -e $work/int_once/records.journal.jsonl ]] && fail "int_once: the journal is still there"
# Resumed, then killed again: --resume then reads records.jsonl and the new journal together.
signal_run int_once KILL@1 137 --resume
resume_finds int_once "$((stopped + done_at_signal))"

# Compressed records (--compress_records): an interrupted run leaves records.jsonl.zst alone,
# --resume reads it, and merge reads the finished run's back: the uninterrupted run's records.
signal_run int_zst "INT@$((total / 3))" 130 --compress_records
[[ -s $work/int_zst/records.jsonl.zst && ! -e $work/int_zst/records.jsonl ]] ||
  fail "int_zst: records.jsonl.zst alone should be there: $(ls "$work/int_zst")"
check "int_zst: resume" 0 "$dsconform" run "${run[@]}" --resume --compress_records --report_dir="$work/int_zst"
found=$(sed -n 's/^dsconform: [0-9]* cases (\([0-9]*\) already done).*/\1/p' "$work/err")
[[ -n $found && $found -ge $done_at_signal ]] || fail "int_zst: --resume found ${found:-no} cases done of the compressed records"
expect_in "$work/int_zst/report.html" 'href="records.jsonl.zst"'
check "merge of compressed records" 0 "$dsconform" merge --out="$work/zst_plain" "$work/int_zst"
cmp -s "$work/whole/records.jsonl" "$work/zst_plain/records.jsonl" ||
  fail "int_zst: its records, decompressed by merge, differ from the uninterrupted run's"

finish kill_resume_test
