# Turns the records of a CPC run into expectation lines, one per differing record (field "*"), each
# reason naming its findings in docs/findings-cpc.md; prints differences no finding explains on stderr.
# Usage: python3 sketches/cpc/cpc_expectation_lines.py REPORT_DIR/records.jsonl... > lines.jsonl
import json, re, sys

REASONS = {
    "CPC-F1": "CPC-F1: datasketches-cpp writes the result of an empty union with the HAS_HIP flag, Java without",
    "CPC-F2": "CPC-F2: datasketches-cpp reads an empty image with kxp 0, so the HIP estimate and bounds of the read "
              "sketch become infinite once it is updated",
    "CPC-F5": "CPC-F5: datasketches-java refreshKXP leaves out the last byte of each row, so kxp and the HIP estimate "
              "differ in the last bits after the sliding window moved",
    "CPC-F6": "CPC-F6: datasketches-cpp counts empty byte arrays, Java ignores them",
    "java-direct": "not a finding: java-direct cannot create a CPC sketch or union (heap only in datasketches-java "
                   "9.x), so it never reaches the refusal the heap engine reports",
    "CPC-F8": "CPC-F8: datasketches-cpp chooses the window compression table with 32-bit products "
              "(determine_pseudo_phase), which overflow from lgK 20-21: other images than Java at lgK 21, Java "
              "reads them into an invalid sketch, and serialize throws at lgK 20 deep in SLIDING",
}
ESTIMATES = re.compile(r"\.(estimate|lb[123]|ub[123])$")


def lg_k(case):
    """The largest lgK of the case: its sketch's, or its union inputs' (lgks=9,13,20)."""
    m = re.findall(r"lgks?=([\d,]+)", case)
    return max((int(v) for g in m for v in g.split(",") if v), default=0)


def classify(rec, diff):
    case, field = rec["case"], diff["field"]
    dec = {d["field"].split("[")[0] for d in diff.get("decoded", [])}
    engines = {rec["reference"].split("@")[0], rec["candidate"].split("@")[0]}
    if engines == {"java", "java-direct"} and "/seed/refuse/" in case and field.startswith("error@"):
        return "java-direct"
    cpp_side = "cpp@" in rec["reference"] + rec["candidate"] + rec.get("writer", "")
    if not cpp_side:
        return None
    if "gen=byte_arrays" in case:
        return "CPC-F6"
    if dec & {"windowLengthInts", "windowStream"}:
        return "CPC-F8"
    # From lgK 20 serialize can throw, or a reader fails on the other library's image (every field
    # after that is missing) or reads it into a sketch that fails validate().
    if lg_k(case) >= 20 and (field.startswith("error@") or field.endswith(".validate")
                              or diff.get("missing_in_candidate") or diff.get("missing_in_reference")):
        return "CPC-F8"
    if dec and dec <= {"flags", "flags.HAS_HIP"}:
        return "CPC-F1"
    if "/cross/" in case and case.endswith("/n=0") and "cpp" in engines:  # C++ read the empty image
        return "CPC-F2"
    if (dec and dec <= {"kxp", "hipEstAccum"}) or (not dec and ESTIMATES.search(field)):
        return "CPC-F5"
    return None


out, unknown = {}, []
for path in sys.argv[1:]:
    for line in open(path):
        if '"verdict":"differs"' not in line and '"verdict":"known"' not in line:
            continue
        r = json.loads(line)
        found = set()
        for d in r.get("diffs", []):
            f = classify(r, d)
            if f is None:
                unknown.append((r["case"], r["reference"], r["candidate"], r.get("writer", ""), d["field"]))
            else:
                found.add(f)
        if found:
            key = (r["case"], r["reference"], r["candidate"], r.get("writer", ""))
            out.setdefault(key, set()).update(found)
for (case, ref, cand, writer), found in sorted(out.items()):
    anchor = {"java-direct": "capabilities"}
    reason = "; ".join("%s (docs/findings-cpc.md#%s)" % (REASONS[f], anchor.get(f, f.lower())) for f in sorted(found))
    print(json.dumps({"case": case, "reference": ref, "candidate": cand, "writer": writer, "field": "*",
                      "reason": reason, "link": ""}))
for u in unknown:
    print("UNCLASSIFIED", u, file=sys.stderr)
