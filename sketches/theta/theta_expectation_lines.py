# Turns the records of a Theta run into expectation lines, one per difference, each reason naming its
# finding in docs/findings-theta.md; prints differences no finding explains on stderr.
# Usage: python3 sketches/theta/theta_expectation_lines.py REPORT_DIR/records.jsonl... > lines.jsonl
import json, sys

REASONS = {
    "TH1": "TH1: an empty compact image carries seedHash 0 in Java, the seed's hash in C++",
    "TH2": "TH2: Java sets flags.SINGLE_ITEM (0x20) on a one-entry exact compact image, C++ does not",
    "TH3": "TH3: estimate rounds differently in estimation mode (Java count * (2^63/thetaLong), C++ count / theta)",
    "TH4": "TH4: an update sketch with at most one entry reports is_ordered true in C++, false in Java",
    "TH5": "TH5: once a sketch has rebuilt (estimation mode) its hash table holds the entries in another order in Java than in C++, so unordered compact images differ",
    "TH6": "TH6: C++ marks a one-entry unordered compact sketch as ordered (and compresses it); Java keeps it unordered and uncompressed",
    "TH7": "TH7: Java's wrapped compressed sketch writes its serVer-4 image again from toByteArray(); C++ writes serVer 3",
    "TH8": "TH8: not a library difference: the reference refuses a step (seed hash) that the candidate cannot do at all (C++ and Python read no update-sketch image, Python wraps nothing), so an error meets 'not supported'",
    "TH10": "TH10: both libraries alike: the intersection of three inputs depends on their order (EMPTY flag, theta)",
    "TH11": "TH11: Java only: a MemorySegment update sketch starts with a smaller hash table than a heap one, so java and java-direct list the same entries in other slots",
}

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
    if field.startswith("error@") and (diff.get("missing_in_candidate") or diff.get("missing_in_reference")):
        return "TH8"
    if field.endswith(".estimate"):
        return "TH3"
    if field.endswith(".is_ordered"):
        return "TH4"
    if "serVer" in dec and ("wrap" in field or "/wrap_compressed/" in rec["case"]):
        return "TH7"
    if "flags.ORDERED" in dec or ("serVer" in dec and field.startswith("u.")):
        return "TH6"
    if dec == {"seedHash"}:
        return "TH1"
    if "flags.SINGLE_ITEM" in dec and dec <= {"flags", "flags.SINGLE_ITEM"}:
        return "TH2"
    if dec == {"entry"}:
        return "TH5"
    return None

out, unknown = [], []
for path in sys.argv[1:]:
    for line in open(path):
        r = json.loads(line)
        if r.get("verdict") != "differs":
            continue
        for d in r.get("diffs", []):
            f = classify(r, d)
            if f is None:
                unknown.append((r["case"], r["reference"], r["candidate"], r.get("writer", ""), d["field"]))
                continue
            ref, cand = r["reference"], r["candidate"]
            exact = f == "TH5"  # the sizes where the orders coincide differ between 9.0.0 and 9.1.0
            g = lambda e: e if exact else e.split("@")[0] + "@*"
            out.append({"case": r["case"], "reference": g(ref), "candidate": g(cand),
                        "writer": g(r["writer"]) if r.get("writer") else "", "field": d["field"],
                        "reason": REASONS[f] + " (docs/findings-theta.md#" + f.lower() + ")", "link": ""})
seen = set()
for e in out:
    k = json.dumps(e, separators=(",", ":"), ensure_ascii=False)
    if k not in seen:
        seen.add(k)
        print(k)
for u in unknown:
    print("UNCLASSIFIED", u, file=sys.stderr)
