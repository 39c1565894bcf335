#!/usr/bin/env bash
# docs/case-format.md says what the families' step vocabularies say: each block between
# "<!-- steps:<family> ..." and "<!-- /steps:<family> -->" equals `dsconform list steps`'s.
# To refresh the doc after editing a sketches/<family>/<family>_steps.json, paste that output there.
set -euo pipefail
dsconform=$1 doc=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$dsconform" list steps > "$tmp/steps.md"
python3 - "$tmp/steps.md" "$doc" <<'PY'
import re, sys
want = {m.group(1): m.group(0) for m in re.finditer(r"<!-- steps:(\w+) .*?<!-- /steps:\1 -->", open(sys.argv[1]).read(), re.S)}
have = {m.group(1): m.group(0) for m in re.finditer(r"<!-- steps:(\w+) .*?<!-- /steps:\1 -->", open(sys.argv[2]).read(), re.S)}
bad = 0
for family, block in want.items():
    if have.get(family) != block:
        bad += 1
        print(f"steps_doc: {sys.argv[2]}: the {family} steps differ from `dsconform list steps`"
              f" ({'missing' if family not in have else 'changed'}); paste its block there", file=sys.stderr)
for family in have.keys() - want.keys():
    bad += 1
    print(f"steps_doc: {sys.argv[2]} has steps of {family}, a family this build does not have", file=sys.stderr)
print(f"steps_doc: {len(want)} families, {bad} out of date")
sys.exit(1 if bad else 0)
PY
