#!/usr/bin/env bash
# Loads the sample report.html in headless Chromium and checks, on the DOM as
# it stands after the page's script ran, that the script finished without
# errors (<body data-ready="1">, no data-errors, no console errors) and that
# the records filter works, including when set from the URL hash.
#   html_report_browser_test.sh <path to reports_sample_html>
set -euo pipefail

sample_bin=${1:?usage: $0 <reports_sample_html>}
browser=""
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then browser=$(command -v "$candidate"); break; fi
done
if [[ -z "$browser" ]]; then
  echo "FAIL: chromium is not installed, so report.html cannot be checked in a browser." >&2
  echo "      Run scripts/setup (CI installs it), or: apt-get install -y chromium" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
declare -A expect
while IFS='=' read -r name value; do expect[$name]=$value; done < <("$sample_bin" "$work/out")
page="file://$work/out/report.html"
failures=0
runs=0

fail() { echo "FAIL [$1]: $2" >&2; failures=$((failures + 1)); }

# check <label> <url fragment> <expected visible rows>
check() {
  local label=$1 fragment=$2 want=$3
  runs=$((runs + 1))
  local dom="$work/dom$runs.html" log="$work/dom$runs.log"
  # A fresh profile each time: no state carried between loads.
  if ! timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync \
      --user-data-dir="$work/profile$runs" --virtual-time-budget=5000 \
      --enable-logging=stderr --v=0 --dump-dom "$page$fragment" >"$dom" 2>"$log"; then
    fail "$label" "chromium failed or timed out; its log: $(tail -5 "$log")"
    return
  fi
  grep -q '<body[^>]* data-ready="1"' "$dom" || fail "$label" "the page script did not finish (no data-ready on <body>)"
  if grep -o 'data-errors="[^"]*"' "$dom"; then fail "$label" "script errors (above)"; fi
  if grep -E 'CONSOLE.*(Uncaught|Refused to)' "$log"; then fail "$label" "console errors (above)"; fi
  local total visible
  total=$(grep -o '<tr data-verdict="[a-z_]*"[^>]*>' "$dom" | wc -l)
  visible=$(grep -o '<tr data-verdict="[a-z_]*"[^>]*>' "$dom" | grep -vc ' hidden' || true)
  [[ "$total" == "${expect[rows]}" ]] || fail "$label" "records table has $total rows, want ${expect[rows]}"
  [[ "$visible" == "$want" ]] || fail "$label" "$visible rows visible, want $want"
  grep -q "data-visible-rows=\"$want\"" "$dom" || fail "$label" "body data-visible-rows is not $want"
  echo "ok [$label]: $visible of $total rows visible"
}

start=$(date +%s)
check "no filter" "" "${expect[rows]}"
check "#verdict=differs" "#verdict=differs" "${expect[differs]}"
check "#filter=differs" "#filter=differs" "${expect[differs]}"
check "#q=cross_heapify" "#q=cross_heapify" "${expect[cross_heapify]}"
check "#q=日本語 (percent-encoded)" "#q=%E6%97%A5%E6%9C%AC%E8%AA%9E" "${expect[nihongo]}"
check "an anchor is not a filter" "#d1" "${expect[rows]}"
echo "$runs page loads in $(( $(date +%s) - start )) s"

# A large run's page (reports/sample_records.h, LargeSampleRecords): under 5 MB, and ready (parsed,
# its script run, laid out) within 3 s of its navigation, as the page itself measures it, so the
# browser's own start-up is not counted.
large=${expect[large_page]}
bytes=$(stat -c %s "$large")
if (( bytes >= 5000000 )); then fail "large page" "report.html of a large run has $bytes bytes, want under 5 MB"; fi
if ! timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile-large" --dump-dom "file://$large" >"$work/large.html" 2>"$work/large.log"; then
  fail "large page" "chromium failed or timed out; its log: $(tail -5 "$work/large.log")"
else
  ms=$(grep -o 'data-ready-ms="[0-9]*"' "$work/large.html" | grep -o '[0-9]*' || true)
  if [[ -z "$ms" ]]; then
    fail "large page" "the page script did not finish (no data-ready-ms on <body>)"
  elif (( ms >= 3000 )); then
    fail "large page" "ready after $ms ms, want under 3000"
  else
    echo "ok [large page]: $bytes bytes, ready after $ms ms"
  fi
fi

if (( failures > 0 )); then echo "$failures check(s) failed" >&2; exit 1; fi
echo "PASS"
