# Turns the records of a KLL run into expectation lines, one per differing field, each reason naming
# its finding in docs/findings-kll.md; prints differences no finding explains on stderr.
# Usage: python3 sketches/kll/kll_expectation_lines.py REPORT_DIR/records.jsonl... > lines.jsonl
import json, re, sys

REASONS = {
    "K1": "K1: a quantile query sorts level 0 of a KLL string sketch in place and sets LEVEL_ZERO_SORTED in "
          "datasketches-cpp, not in datasketches-java 9.1.0 (KllItemsSketch sorts a copy), so string images written "
          "after a query differ in that flag and the order of level 0",
    "K3": "K3: datasketches-java's sorted view puts the stream's min and max items back when compactions dropped them "
          "(IncludeMinMax), datasketches-cpp's does not, so in estimation mode quantiles at the end ranks (and ranks, "
          "PMF, CDF at the ends) differ",
    "K4": "K4: a datasketches-java KLL sketch in a MemorySegment (java-direct) does not sort level 0 on a query, a heap "
          "one does (and sets LEVEL_ZERO_SORTED), so images written after a query differ between heap and direct "
          "sketches",
}
QUERIES = re.compile(r"\.(quantiles|quantiles_excl|ranks|ranks_excl|pmf|pmf_excl|cdf|cdf_excl)\[\d+\]$")
LEVEL_ZERO = {"flags", "flags.LEVEL_ZERO_SORTED", "item"}


def kind(engine):
    return engine.split("@")[0]


def classify(rec, diff):
    ref, cand = kind(rec["reference"]), kind(rec["candidate"])
    field = diff["field"]
    dec = {d["field"].split("[")[0] for d in diff.get("decoded", [])}
    native = {"cpp", "python"}
    across = (ref in native) != (cand in native)
    if across and rec["suite"] == "kll.cross" and QUERIES.search(field):
        return "K3"
    if not field.endswith(".compact") or not dec or not dec <= LEVEL_ZERO:
        return None
    if across and "/item=string/" in rec["case"]:
        return "K1"
    if {ref, cand} <= {"java", "java-direct"} and "java-direct" in (ref, cand):
        return "K4"
    return None


out, unknown = [], []
for path in sys.argv[1:]:
    for line in open(path):
        if '"verdict":"differs"' not in line and '"verdict":"known"' not in line:
            continue
        r = json.loads(line)
        for d in r.get("diffs", []):
            f = classify(r, d)
            if f is None:
                unknown.append((r["case"], r["reference"], r["candidate"], r.get("writer", ""), d["field"]))
                continue
            out.append({"case": r["case"], "reference": r["reference"], "candidate": r["candidate"],
                        "writer": r.get("writer", ""), "field": d["field"],
                        "reason": "%s (docs/findings-kll.md#%s)" % (REASONS[f], f.lower()), "link": ""})
seen = set()
for e in out:
    k = json.dumps(e, separators=(",", ":"), ensure_ascii=False)
    if k not in seen:
        seen.add(k)
        print(k)
for u in unknown:
    print("UNCLASSIFIED", u, file=sys.stderr)
