# Turns the records of Theta runs into pattern expectation lines (docs/expectations.md): one line per
# finding, suite, engine pair, stage kind and kind of field, shaped like the differences it saw
# (the decoded fields they touched, at most how many ulps apart), so that a full run is covered by
# a few hundred reviewed lines and another kind of difference in the same place still fails.
# Each reason names its finding in docs/findings-theta.md; differences no finding explains are
# printed on stderr.
# Usage: python3 sketches/theta/theta_expectation_lines.py REPORT_DIR/records.jsonl... > lines.jsonl
import json, re, sys

REASONS = {
    "TH1": "TH1: an empty compact image carries seedHash 0 in Java, the seed's hash in C++",
    "TH1j": "TH1: Java alone: an empty sketch compacted into a MemorySegment (java-direct) carries the seed's hash, on the heap 0",
    "TH2": "TH2: Java sets flags.SINGLE_ITEM (0x20) on a one-entry exact compact image, C++ does not",
    "TH3": "TH3: estimate rounds differently in estimation mode (Java count * (2^63/thetaLong), C++ count / theta)",
    "TH4": "TH4: an update sketch with at most one entry reports is_ordered true in C++, false in Java",
    "TH5": "TH5: once a sketch has rebuilt (estimation mode) its hash table holds the entries in another order in Java than in C++, so unordered compact images differ",
    "TH6": "TH6: C++ marks a one-entry unordered compact sketch as ordered (and compresses it); Java keeps it unordered and uncompressed",
    "TH7": "TH7: Java's wrapped compressed sketch writes its serVer-4 image again from toByteArray(); C++ writes serVer 3",
    "TH10": "TH10: both libraries alike: the intersection of three inputs depends on their order (EMPTY flag, theta)",
    "TH11": "TH11: Java only: a MemorySegment update sketch starts with a smaller hash table than a heap one, so java and java-direct list the same entries in other slots",
}
# The Python binding is a build of datasketches-cpp: what cpp shows, it shows.
TWINS = {"cpp": ["cpp", "python"]}


def java_kind(engine):
    return engine.split("@")[0] in ("java", "java-direct")


def classify(rec, diff):
    field = diff["field"]
    dec = {d["field"].split("[")[0] for d in diff.get("decoded", [])}
    if field.startswith("equal: rj3.compact vs ri3.compact"):
        return "TH10"
    if java_kind(rec["reference"]) and java_kind(rec["candidate"]) and rec["reference"] != rec["candidate"] \
            and (field.endswith(".updatable") or dec == {"entry"}):
        return "TH11"
    if field.endswith(".estimate"):
        return "TH3"
    if field.endswith(".is_ordered"):
        return "TH4"
    if "serVer" in dec and ("wrap" in field or "/wrap_compressed/" in rec["case"]):
        return "TH7"
    if "flags.ORDERED" in dec or ("serVer" in dec and field.startswith("u.")):
        return "TH6"
    if dec == {"seedHash"}:
        return "TH1j" if java_kind(rec["reference"]) and java_kind(rec["candidate"]) else "TH1"
    if "flags.SINGLE_ITEM" in dec and dec <= {"flags", "flags.SINGLE_ITEM"}:
        return "TH2"
    if dec == {"entry"}:
        return "TH5"
    return None


def field_glob(field):
    """The kind of field: '*.compact' for 'o_compact_wrap.compact', 'error@op*' for 'error@op3'."""
    if field.startswith("equal:"):
        return field
    if field.startswith("error@op"):
        return "error@op*"
    return "*." + field.rsplit(".", 1)[-1] if "." in field else field


def ulps(diff):
    a, b = diff.get("reference", {}), diff.get("candidate", {})
    if a.get("kind") != "double" or b.get("kind") != "double":
        return None
    return abs(int(a["bits"], 16) - int(b["bits"], 16))


patterns, unknown = {}, []
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
            ref, cand = r["reference"].split("@")[0], r["candidate"].split("@")[0]
            key = (f, r["case"].split("/")[1], ref, cand, bool(r.get("writer")), field_glob(d["field"]))
            p = patterns.setdefault(key, {"decoded": set(), "ulps": 0})
            p["decoded"].update(re.sub(r"\[\d+\]", "[*]", x["field"]) for x in d.get("decoded", []))
            if f == "TH3":
                p["ulps"] = max(p["ulps"], ulps(d) or 0)

lines = set()
for (f, suite, ref, cand, cross, field), p in patterns.items():
    # A difference between two engines is the same whichever is the reference; first stages only
    # (in a cross stage the reference is the writer, so both orders are seen already).
    pairs = {(ref, cand)} | (set() if cross or ref == cand else {(cand, ref)})
    for a, b in pairs:
        for ta in TWINS.get(a, [a]):
            for tb in TWINS.get(b, [b]):
                if {ta, tb} == {"cpp", "python"}:
                    continue
                # First stages of java-direct against C++ are seen only when it is the reference: a
                # java run stands for both (between the two Java engines, TH11 keeps them apart).
                if not cross and "java" in (ta, tb) and {ta, tb} & {"cpp", "python"}:
                    ta, tb = ("java*" if ta == "java" else ta), ("java*" if tb == "java" else tb)
                e = {"case": "theta/%s/*" % suite, "reference": ta + "@*", "candidate": tb + "@*",
                     "writer": "?*" if cross else "", "field": field}
                if p["decoded"]:
                    e["decoded"] = sorted(p["decoded"])
                if f == "TH3":
                    e["max_ulps"] = p["ulps"]
                e["every_record"] = False
                e["reason"] = REASONS[f] + " (docs/findings-theta.md#" + f.rstrip("j").lower() + ")"
                e["link"] = ""
                lines.add(json.dumps(e, ensure_ascii=False))
for line in sorted(lines):
    print(line)
for u in unknown:
    print("UNCLASSIFIED", u, file=sys.stderr)
