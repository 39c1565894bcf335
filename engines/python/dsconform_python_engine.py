#!/usr/bin/env python3
"""python@<version>: the official datasketches wheel (a build of datasketches-cpp)
as a dsconform engine, out of process.

Speaks docs/engine-protocol.md on stdin/stdout. This file is the runtime:
framing, item tapes, observations and the walk over a stage's steps. Each
family's steps are in dsconform_python_<family>.py beside it, found at start:
FAMILY, the STEPS it declares in hello, and stage_class(engine). Plain Python 3
and the datasketches package; scripts/python-engine-setup makes its venv.

A step a module does not declare never reaches it (the harness reports it
unsupported). Where a declared step cannot be done in one of its variants
(a move, a wrap, an item the binding cannot take), it yields a field
"<sketch>.<step>" of kind unsupported, and that slot is unusable from there
on: a later step that reads it yields "<its slot>.<step>" unsupported in turn
(so the differ counts the fields it would have made as unsupported, not
missing), while steps on other slots go on.
"""

import faulthandler
import glob
import importlib
import importlib.metadata
import json
import os
import struct
import sys
import traceback
from array import array

import datasketches as ds

# The engine runs with -I (isolated): its family modules are found beside it.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

PROTOCOL_VERSION = 1
MAX_HEADER_BYTES = 256 << 20
MAX_PAYLOAD_BYTES = 1 << 32

# What each generator of docs/case-format.md puts on the tape.
ITEM_KINDS = {"sequence": "long", "splitmix64": "long", "doubles": "double", "ascii_strings": "string",
              "utf8_strings": "string", "byte_arrays": "bytes", "ordered_longs": "long",
              "ordered_doubles": "double", "ordered_strings": "string", "ascii_or_empty": "string"}


def engine_name():
    version = getattr(ds, "__version__", None) or importlib.metadata.version("datasketches")
    return "python@" + version


class ProtocolError(Exception):
    """The harness sent something this engine cannot read."""


class Rejected(Exception):
    """The stage is malformed (what validation should have caught)."""


class Unsupported(Exception):
    """The binding cannot do this step: field `name` says so and the stage stops."""

    def __init__(self, name, reason):
        super().__init__(reason)
        self.name = name
        self.reason = reason


# --- framing

def read_exact(stream, n, at_frame_start=False):
    data = stream.read(n)
    if data is None:
        data = b""
    if len(data) == n:
        return data
    if at_frame_start and not data:
        return None
    raise ProtocolError("input ended inside a frame")


def read_frame(stream):
    """(header, payloads), or None at the end of input."""
    prefix = read_exact(stream, 4, at_frame_start=True)
    if prefix is None:
        return None
    (length,) = struct.unpack("<I", prefix)
    if length == 0 or length > MAX_HEADER_BYTES:
        raise ProtocolError("header length %d is out of range" % length)
    try:
        header = json.loads(read_exact(stream, length).decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise ProtocolError("the header is not JSON: %s" % e)
    if not isinstance(header, dict) or not isinstance(header.get("type"), str):
        raise ProtocolError("the header is not an object with a string member \"type\"")
    sizes = header.get("payloads", [])
    if not isinstance(sizes, list) or not all(isinstance(s, int) and s >= 0 for s in sizes) or \
            sum(sizes) > MAX_PAYLOAD_BYTES:
        raise ProtocolError("\"payloads\" must be a list of sizes within the limit")
    return header, [read_exact(stream, s) for s in sizes]


def write_frame(out, header, payloads=()):
    header = dict(header)
    header["payloads"] = [len(p) for p in payloads]
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    out.write(struct.pack("<I", len(text)))
    out.write(text)
    for p in payloads:
        out.write(p)
    out.flush()


# --- steps several family modules share

def update_all(sketch, op, tape):
    """An update step of a hashing sketch: every item of the op's tape through sketch.update."""
    gen = op["items"]["gen"]
    if gen not in ITEM_KINDS:
        raise Rejected("items: unknown generator '%s'" % gen)
    update = sketch.update
    for item in tape_items(ITEM_KINDS[gen], tape, op["sketch"] + ".update"):
        update(item)


def union_update(union, sketch, op):
    """A merge step into a union whose update(sketch) copies: how=move has no binding to run."""
    if op.get("how") == "move":
        raise Unsupported(op["sketch"] + ".merge", "Python has no move: the binding's update(sketch) copies")
    if op.get("how") != "copy":
        raise Rejected("how: '%s' is neither copy nor move" % op.get("how"))
    union.update(sketch)


def answer_quickselect_query(obs, name, q, sketch):
    """The queries Theta and Tuple sketches answer alike (the binding's QuickSelect sketches);
    False for any other, which the family answers itself."""
    if q == "estimate":
        obs.double(name, sketch.get_estimate())
    elif q in ("lb1", "lb2", "lb3"):
        obs.double(name, sketch.get_lower_bound(int(q[2])))
    elif q in ("ub1", "ub2", "ub3"):
        obs.double(name, sketch.get_upper_bound(int(q[2])))
    elif q == "theta":
        obs.double(name, sketch.theta)
    elif q == "theta_long":
        obs.int(name, sketch.theta64)
    elif q == "retained":
        obs.int(name, sketch.num_retained)
    elif q == "is_empty":
        obs.bool(name, sketch.is_empty())
    elif q == "is_estimation_mode":
        obs.bool(name, sketch.is_estimation_mode())
    else:
        return False
    return True


# --- item tapes

def tape_items(kind, tape, field):
    """The items of a tape as the Python values the binding's update() takes."""
    if kind in ("long", "double"):
        if len(tape) % 8:
            raise Rejected("the item tape ends inside an item")
        items = array("q" if kind == "long" else "d")
        items.frombytes(tape)
        if sys.byteorder == "big":
            items.byteswap()
        return items
    if kind == "bytes":
        raise Unsupported(field, "the datasketches Python binding has no update for bytes")
    items = []
    view = memoryview(tape)
    pos = 0
    while pos < len(tape):
        if len(tape) - pos < 4:
            raise Rejected("the item tape ends inside an item")
        (n,) = struct.unpack_from("<I", tape, pos)
        pos += 4
        if len(tape) - pos < n:
            raise Rejected("the item tape ends inside an item")
        try:
            items.append(str(view[pos:pos + n], "utf-8"))
        except UnicodeDecodeError:
            raise Unsupported(field, "a string item is not valid UTF-8, which a Python str cannot carry")
        pos += n
    return items


# --- observations as the protocol writes them

class Observations:
    def __init__(self, payloads):
        self.fields = []
        self.payloads = payloads  # the answer's payloads, shared by every stage
        self.images = {}          # byte fields of this stage, for its deserialize steps

    def add(self, name, kind, **members):
        self.fields.append(dict(name=name, kind=kind, **members))

    def double(self, name, x):
        (bits,) = struct.unpack("<Q", struct.pack("<d", x))
        self.add(name, "double", bits="%016x" % bits)

    def int(self, name, x):
        # The protocol's ints are signed 64-bit. A library's uint64 (n, theta, a seed) past 2^63,
        # as a damaged image can give, is written as the same 64 bits, as the native engine does.
        x = int(x)
        self.add(name, "int", value=x - (1 << 64) if x >= 1 << 63 else x)

    def bool(self, name, x):
        self.add(name, "bool", value=bool(x))

    def string(self, name, x):
        self.add(name, "string", text=x)

    def bytes(self, name, data):
        data = bytes(data)
        self.images[name] = data
        self.add(name, "bytes", payload=len(self.payloads))
        self.payloads.append(data)

    def error(self, name, exc):
        cls = type(exc)
        qualified = cls.__qualname__ if cls.__module__ == "builtins" else cls.__module__ + "." + cls.__qualname__
        stack = "".join(traceback.format_exception(cls, exc, exc.__traceback__)[-3:])
        self.add(name, "error", **{"class": qualified, "message": str(exc), "stack": stack})

    def unsupported(self, name, reason):
        self.add(name, "unsupported", text=reason)


class MissingImage(Exception):
    """A deserialize step names an image nobody wrote (in a cross stage: the writer did not)."""


MissingImage.__module__ = "dsconform"


class OwnBits:
    """The random bits of a family whose bits the binding cannot seed (KLL, classic Quantiles, REQ,
    EBPPS, Density), for one stage. drew(op, step) is called for a step that drew bits: it raises
    "<sketch>.<step>" unsupported, unless the case says seed_optional (an accuracy study, or images
    compared within a language), when it reports "lang.random_bits" unsupported once and the stage
    goes on with the binding's own bits. `what` names the bits ("the random bits of REQ"),
    `source` the generator the binding gives no seed ("random_utils::random_bit")."""

    def __init__(self, obs, what, source):
        self.obs = obs
        self.what = what
        self.source = source
        self.reported = False

    def drew(self, op, step):
        if not op.get("seed_optional"):
            raise Unsupported(op["sketch"] + "." + step, "this %s drew random bits, and the datasketches Python binding "
                                                         "cannot pin %s (no seed for %s)" % (step, self.what, self.source))
        if not self.reported:
            self.reported = True
            self.obs.unsupported("lang.random_bits", "the datasketches Python binding cannot pin %s: this case drew "
                                                     "its own" % self.what)


# Steps that give their slot a new value, whatever it held.
SLOT_MAKERS = ("create", "union", "result", "deserialize", "copy", "convert", "intersection", "compact", "a_not_b")


def slots_read(op):
    """The slots whose value a step uses."""
    name = op.get("op")
    read = [op.get("sketch")] if name in ("update", "merge", "serialize", "query", "reset", "jaccard", "estimate") else []
    if name in ("merge", "result", "copy", "convert", "compact"):
        read.append(op.get("from"))
    read += [op.get(key) for key in ("a", "b", "with") if op.get(key)]  # a_not_b, jaccard
    return read


def family_stages():
    """Family -> (stage maker, its declared steps), from every dsconform_python_<family>.py beside
    this file: each has FAMILY, STEPS and stage_class(engine). Adding a family is adding its module."""
    engine = sys.modules[__name__]
    families = {}
    for path in sorted(glob.glob(os.path.join(HERE, "dsconform_python_*.py"))):
        name = os.path.splitext(os.path.basename(path))[0]
        if name == "dsconform_python_engine":
            continue
        module = importlib.import_module(name)
        families[module.FAMILY] = (module.stage_class(engine), list(module.STEPS))
    return families


def run_stage(stage, payloads, out_payloads):
    """One stage's wire result: {"fields": [...]} or {"rejected": "..."}."""
    where = "case %s: /%sops/" % (stage.get("case"), "cross/" if stage.get("stage") == "cross" else "")
    family = stage.get("family")
    if family not in FAMILY_STAGES:
        return {"rejected": "family '%s' is not supported by %s" % (family, engine_name())}
    make_stage, step_methods = FAMILY_STAGES[family]
    images = {name: payloads[i] for name, i in stage.get("images", {}).items()}
    tapes = [payloads[i] for i in stage.get("tapes", [])]
    drops = stage.get("drops", [])
    first_payload = len(out_payloads)
    obs = Observations(out_payloads)
    state = make_stage(images, obs)
    next_tape = 0
    unusable = set()  # slots (and "as" names) an unsupported step left without a value
    for index, op in enumerate(stage["ops"]):
        tape = None
        if "items" in op:
            if next_tape >= len(tapes):
                return {"rejected": where + "%d: no item tape for this step" % index}
            tape = tapes[next_tape]
            next_tape += 1
        name = op.get("op")
        step = getattr(type(state), name) if name in step_methods else None
        blocked = [s for s in slots_read(op) if s in unusable]
        image = op.get("image") if name == "deserialize" else None
        if image and image not in images and image not in obs.images:
            # Not written because its writer (the slot or "as" of a serialize) was unusable.
            blocked += [w for w in [image.rsplit(".", 1)[0]] if w in unusable]
        if step is not None and blocked:
            for out in (op.get("sketch"), op.get("as")):
                if out and out not in unusable:
                    obs.unsupported("%s.%s" % (out, name), "it reads slot '%s', which this engine could not make"
                                    % blocked[0])
                    unusable.add(out)
            continue
        try:
            if step is None:
                raise Rejected("'%s' is not a %s step" % (name, family))
            step(state, op, tape)
            if name in SLOT_MAKERS:
                unusable.discard(op.get("sketch"))
            # The slots no later step names: every family's stage keeps its sketches in `slots`.
            for slot in (drops[index] if index < len(drops) else []):
                state.slots.pop(slot, None)
        except Rejected as e:
            del out_payloads[first_payload:]
            return {"rejected": where + "%d: %s" % (index, e)}
        except Unsupported as e:
            obs.unsupported(e.name, e.reason)
            unusable.add(op.get("sketch"))
        except Exception as e:  # whatever the library throws ends the stage as an observation
            obs.error("error@op%d" % index, e)
            break
    return {"fields": obs.fields}


def serve(stdin, out):
    while True:
        try:
            frame = read_frame(stdin)
        except ProtocolError as e:
            write_frame(out, {"type": "error", "message": "protocol error: %s" % e})
            return 2
        if frame is None:
            return 0
        header, payloads = frame
        kind = header["type"]
        if kind == "hello":
            if header.get("protocol") != PROTOCOL_VERSION:
                write_frame(out, {"type": "error", "message": "protocol version %s is not supported; this engine "
                                  "speaks %d" % (header.get("protocol"), PROTOCOL_VERSION)})
                return 2
            write_frame(out, {"type": "hello", "protocol": PROTOCOL_VERSION, "engine": engine_name(),
                              "families": {f: steps for f, (_, steps) in FAMILY_STAGES.items()}})
        elif kind == "run":
            out_payloads = []
            try:
                stages = [run_stage(s, payloads, out_payloads) for s in header["stages"]]
            except (KeyError, IndexError, TypeError, AttributeError) as e:
                write_frame(out, {"type": "error", "message": "protocol error: malformed run request (%r)" % e})
                return 2
            write_frame(out, {"type": "result", "id": header.get("id"), "stages": stages}, out_payloads)
        elif kind == "bye":
            return 0
        elif kind == "error":
            return 2
        else:
            write_frame(out, {"type": "error", "message": "protocol error: unknown message type '%s'" % kind})
            return 2


FAMILY_STAGES = {}


def main():
    FAMILY_STAGES.update(family_stages())
    faulthandler.enable(sys.stderr)  # a crash in the binding leaves a Python traceback in the harness's record
    # The protocol gets its own descriptor; anything printed goes to stderr.
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return serve(sys.stdin.buffer, out)


if __name__ == "__main__":
    sys.exit(main())
