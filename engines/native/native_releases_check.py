#!/usr/bin/env python3
"""The checks of native_releases_test.sh that read JSON and markdown.

  row TABLE LABEL               the probes that fail on LABEL by docs/native-releases.md,
                                sorted, one a line ("none"); exit 1 without such a row
  hello HELLO FAILING [MAIN]    the hello lacks something exactly when a probe failed
                                (FAILING: "none" or probe names) and declares MAIN's steps
  report DIR MAIN ENGINE FAILING  a run of MAIN and ENGINE: no error record, and records
                                of ENGINE against MAIN unsupported exactly when a probe failed
Each prints one line saying what it saw, or exits non-zero with the reason.
"""
import json
import re
import sys


def row(table, label):
    for line in open(table, encoding="utf-8"):
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].split(" ")[0].strip("*`") == label:
            probes = sorted(re.findall(r"`([a-z0-9_]+)`", cells[1]))
            print("\n".join(probes) if probes else "none")
            return 0
    return 1


def hello(path, failing, main=None):
    h = json.load(open(path))
    if main:
        want = json.load(open(main))["families"]
        if h["families"] != want:
            sys.exit(f"declares {h['families']}, this build {want}")
    if bool(h.get("lacks")) != (failing.strip() != "none"):
        sys.exit(f"hello lacks {h.get('lacks', {})} while the probes that fail are: {failing}")
    lines = [f"{f}: {line}" for f, ls in h.get("lacks", {}).items() for line in ls]
    print("; ".join(lines) or "nothing")
    return 0


def report(directory, main, engine, failing):
    summary = json.load(open(f"{directory}/summary.json"))
    counts = summary["counts"]
    if counts["error"]:
        sys.exit(f"{counts['error']} records are errors")
    pair = summary["by_engine_pair"].get(f"{main} -> {engine}")
    if pair is None:
        sys.exit(f"no records of {main} -> {engine}")
    if (pair["unsupported"] > 0) != (failing.strip() != "none"):
        sys.exit(f"{pair['unsupported']} records of {main} -> {engine} unsupported, while the probes that fail are: {failing}")
    print(f"{counts['records']} records, no error; {main} -> {engine}: {pair['records']} records, "
          f"{pair['equal']} equal, {pair['differs']} differ, {pair['unsupported']} unsupported")
    return 0


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    sys.exit({"row": row, "hello": hello, "report": report}[command](*args))
