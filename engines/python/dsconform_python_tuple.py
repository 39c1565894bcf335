"""The Tuple steps of docs/case-format.md on the datasketches Python binding,
for dsconform_python_engine.py (which passes itself in as `engine`, for its
exceptions, item tapes and observations).

The binding's tuple sketch holds Python objects as summaries, written by a
serde: PyDoublesSerDe (8 bytes, a double) and PyIntsSerDe (4 bytes, an int32),
the widths of datasketches-cpp's default serde, so its images are the C++
images. It ships AccumulatorPolicy (sum), MinIntPolicy and MaxIntPolicy; the
double min/max and the always-one modes are a TuplePolicy of this module,
written as Java states them (a fresh summary of the mode updated with each
value).

The binding lacks, and reports as unsupported:
  - the array-of-doubles sketch (summary aod): no such class;
  - the array-of-strings sketch (summary aos): no such class in the 5.2.0
    wheel (PyStringsSerDe serializes one string a summary, not an array);
  - create with a resize factor other than X8 (update_tuple_sketch takes
    policy, lg_k, p, seed only);
  - update with byte-array items (update takes int, float, str);
  - serialize form=updatable, deserialize of update-sketch images and
    deserialize with mode wrap: compact sketches only, heapified;
  - compact from a compact sketch (no compact_tuple_sketch(other, ordered)
    of a compact one is needed: it is itself), the query lg_k (no accessor).
"""

import math
import struct

import datasketches as ds

FAMILY = "tuple"
STEPS = ["create", "create_theta", "union", "intersection", "update", "merge", "result", "compact", "a_not_b",
         "jaccard", "serialize", "deserialize", "query"]
SKETCH_TYPES = (ds.update_tuple_sketch, ds.compact_tuple_sketch)

INT32_MAX = 2147483647
INT32_MIN = -2147483648


def stage_class(engine):
    """Makes the stage of a Tuple case: (stage images, observations) -> TupleStage."""
    return lambda stage_images, obs: TupleStage(engine, stage_images, obs)


class ModePolicy(ds.TuplePolicy):
    """Java's DoubleSummary/IntegerSummary modes: a fresh summary updated with each value;
    a set operation updates a fresh summary with both."""

    def __init__(self, is_int, mode):
        ds.TuplePolicy.__init__(self)
        self.is_int = is_int
        self.mode = mode

    def create_summary(self):
        if self.mode == "sum":
            return 0 if self.is_int else 0.0
        if self.mode == "min":
            return INT32_MAX if self.is_int else math.inf
        if self.mode == "max":
            return INT32_MIN if self.is_int else -math.inf
        return 1 if self.is_int else 1.0

    def update_summary(self, summary, update):
        if self.mode == "sum":
            s = summary + update
            return ((s - INT32_MIN) % 2**32) + INT32_MIN if self.is_int else s
        if self.mode == "min":
            return update if update < summary else summary
        if self.mode == "max":
            return update if update > summary else summary
        return 1 if self.is_int else 1.0

    def __call__(self, summary, update):
        return self.update_summary(self.update_summary(self.create_summary(), summary), update)


class Summary:
    def __init__(self, engine, op, field):
        name = op.get("summary")
        if name == "aod":
            raise engine.Unsupported(field, "the datasketches Python binding has no array-of-doubles sketch")
        if name == "aos":
            raise engine.Unsupported(field, "the datasketches Python binding has no array-of-strings sketch")
        self.is_int = name.startswith("int_")
        self.mode = name.split("_", 1)[1]

    def policy(self):
        # The binding's own policies where it ships one.
        if self.mode == "sum":
            return ds.AccumulatorPolicy()
        if self.is_int and self.mode == "min":
            return ds.MinIntPolicy()
        if self.is_int and self.mode == "max":
            return ds.MaxIntPolicy()
        return ModePolicy(self.is_int, self.mode)

    def serde(self):
        return ds.PyIntsSerDe() if self.is_int else ds.PyDoublesSerDe()

    def of(self, value):
        """A theta sketch's summary: a fresh summary of the mode updated once (as Java makes it)."""
        p = ModePolicy(self.is_int, self.mode)
        return p.update_summary(p.create_summary(), value)


class Values:
    """The values an update step gives its items: value + i * value_step, or a special double."""

    SPECIAL = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf, "-0": -0.0}

    def __init__(self, op, is_int):
        self.is_int = is_int
        self.special = self.SPECIAL.get(op.get("special"))
        value, step = op.get("value", "1"), op.get("value_step", "0")
        if is_int:
            self.base, self.step = int(float(value)), int(float(step))
        else:
            self.base, self.step = float(value), float(step)

    def at(self, i):
        if self.special is not None:
            return self.special
        if self.is_int:
            v = self.base + i * self.step
            return ((v - INT32_MIN) % 2**32) + INT32_MIN
        return self.base + float(i) * self.step


def hex_double(d):
    return struct.pack(">d", d).hex()


class TupleStage:
    def __init__(self, engine, stage_images, obs):
        self.engine = engine
        self.slots = {}
        self.kinds = {}  # slot -> Summary
        self.stage_images = stage_images
        self.obs = obs

    def slot(self, name, kinds=None):
        if name not in self.slots:
            raise self.engine.Rejected("slot '%s' does not exist" % name)
        value = self.slots[name]
        if kinds is not None and not isinstance(value, kinds):
            raise self.engine.Rejected("slot '%s' is not a %s" % (name, " or ".join(k.__name__ for k in kinds)))
        return value

    @staticmethod
    def seed(op):
        return op.get("seed", 9001)

    @staticmethod
    def ordered(op):
        return op.get("ordered", 1) != 0

    def create(self, op, tape):
        s = Summary(self.engine, op, op["sketch"] + ".create")
        if op.get("rf", 8) != 8:
            raise self.engine.Unsupported(op["sketch"] + ".create",
                                          "the datasketches Python binding has no resize factor (always X8)")
        self.slots[op["sketch"]] = ds.update_tuple_sketch(s.policy(), op["lg_k"], float(op.get("p", "1.0")),
                                                          self.seed(op))
        self.kinds[op["sketch"]] = s

    def create_theta(self, op, tape):
        self.slots[op["sketch"]] = ds.update_theta_sketch(op["lg_k"], 1.0, self.seed(op))

    def union(self, op, tape):
        s = Summary(self.engine, op, op["sketch"] + ".union")
        self.slots[op["sketch"]] = ds.tuple_union(s.policy(), op["lg_k"], 1.0, self.seed(op))
        self.kinds[op["sketch"]] = s

    def intersection(self, op, tape):
        s = Summary(self.engine, op, op["sketch"] + ".intersection")
        self.slots[op["sketch"]] = ds.tuple_intersection(s.policy(), self.seed(op))
        self.kinds[op["sketch"]] = s

    def update(self, op, tape):
        target = self.slot(op["sketch"])
        if isinstance(target, ds.update_theta_sketch):
            self.engine.update_all(target, op, tape)
            return
        if not isinstance(target, ds.update_tuple_sketch):
            raise self.engine.Unsupported(op["sketch"] + ".update", "the binding updates only an update sketch")
        gen = op["items"]["gen"]
        if gen not in self.engine.ITEM_KINDS:
            raise self.engine.Rejected("items: unknown generator '%s'" % gen)
        values = Values(op, self.kinds[op["sketch"]].is_int)
        update = target.update
        for i, item in enumerate(self.engine.tape_items(self.engine.ITEM_KINDS[gen], tape, op["sketch"] + ".update")):
            update(item, values.at(i))

    def as_tuple(self, name, summary_kind, op):
        """A set-operation input: a tuple sketch, or a theta sketch with a summary of the value."""
        source = self.slot(name)
        if isinstance(source, ds.update_theta_sketch):
            value = Values(op, summary_kind.is_int).at(0)
            return ds.compact_tuple_sketch(source, summary_kind.of(value))
        return self.slot(name, SKETCH_TYPES)

    def merge(self, op, tape):
        target = self.slot(op["sketch"], (ds.tuple_union, ds.tuple_intersection))
        target.update(self.as_tuple(op["from"], self.kinds[op["sketch"]], op))

    def result(self, op, tape):
        self.slots[op["sketch"]] = self.slot(op["from"], (ds.tuple_union, ds.tuple_intersection)).get_result(
            self.ordered(op))
        self.kinds[op["sketch"]] = self.kinds[op["from"]]

    def compact(self, op, tape):
        source = self.slot(op["from"], SKETCH_TYPES)
        if isinstance(source, ds.update_tuple_sketch):
            self.slots[op["sketch"]] = source.compact(self.ordered(op))
        else:
            self.slots[op["sketch"]] = ds.compact_tuple_sketch(source, self.ordered(op))
        self.kinds[op["sketch"]] = self.kinds[op["from"]]

    def a_not_b(self, op, tape):
        a = self.slot(op["a"], SKETCH_TYPES)
        kind = self.kinds[op["a"]]
        b = self.slot(op["b"])
        if isinstance(b, ds.update_theta_sketch):
            b = ds.compact_tuple_sketch(b, 0 if kind.is_int else 0.0)  # a default summary, not read
        self.slots[op["sketch"]] = ds.tuple_a_not_b(self.seed(op)).compute(a, b, self.ordered(op))
        self.kinds[op["sketch"]] = kind

    def jaccard(self, op, tape):
        kind = Summary(self.engine, op, op["as"] + ".jaccard")
        a = self.slot(op["sketch"], SKETCH_TYPES)
        b = self.as_tuple(op["with"], kind, op)
        j = ds.tuple_jaccard_similarity.jaccard(a, b, self.seed(op))
        for name, value in zip(("lower", "estimate", "upper"), j):
            self.obs.double("%s.%s" % (op["as"], name), value)

    def serialize(self, op, tape):
        s = self.slot(op["sketch"], SKETCH_TYPES)
        form = op.get("form")
        field = "%s.%s" % (op.get("as", op["sketch"]), form)
        if form == "updatable":
            self.obs.unsupported(field, "the binding serializes compact sketches only")
            return
        if isinstance(s, ds.update_tuple_sketch):
            s = s.compact(True)
        self.obs.bytes(field, s.serialize(self.kinds[op["sketch"]].serde()))

    def deserialize(self, op, tape):
        name = op["image"]
        image = self.stage_images.get(name, self.obs.images.get(name))
        if image is None:
            raise self.engine.MissingImage(
                "image '%s' is neither an image of the stage nor a byte field it produced" % name)
        kind = Summary(self.engine, op, op["sketch"] + ".deserialize")
        if op.get("mode", "heapify") == "wrap":
            raise self.engine.Unsupported(op["sketch"] + ".deserialize", "the binding has no wrapped tuple sketch")
        if len(image) > 3 and (image[1] == 2 or (image[1] == 1 and image[3] == 2)):
            raise self.engine.Unsupported(op["sketch"] + ".deserialize", "the binding reads compact images only")
        self.slots[op["sketch"]] = ds.compact_tuple_sketch.deserialize(image, kind.serde(), self.seed(op))
        self.kinds[op["sketch"]] = kind

    def summaries(self, sketch, kind):
        entries = sorted((h & 0xFFFFFFFFFFFFFFFF, v) for h, v in sketch)
        if kind.is_int:
            text = ["%016x:%d" % (h, v) for h, v in entries]
        else:
            text = ["%016x:%s" % (h, hex_double(float(v))) for h, v in entries]
        return " ".join(text)

    def query(self, op, tape):
        target = self.slot(op["sketch"])
        prefix = op.get("as", op["sketch"])
        for q in op.get("queries", []):
            name = "%s.%s" % (prefix, q)
            if isinstance(target, ds.tuple_intersection):
                if q != "has_result":
                    raise self.engine.Rejected("queries: '%s' is not defined on an intersection" % q)
                self.obs.bool(name, target.has_result())
                continue
            if isinstance(target, ds.update_theta_sketch):
                if q != "estimate":
                    raise self.engine.Rejected("queries: '%s' is not defined on a theta sketch" % q)
                self.obs.double(name, target.get_estimate())
                continue
            if not isinstance(target, SKETCH_TYPES):
                raise self.engine.Rejected("queries: '%s' is not defined on a union" % q)
            if self.engine.answer_quickselect_query(self.obs, name, q, target):
                continue
            if q == "summaries":
                self.obs.string(name, self.summaries(target, self.kinds[op["sketch"]]))
            elif q == "lg_k":
                self.obs.unsupported(name, "the binding's update_tuple_sketch has no lg_k accessor")
            else:
                raise self.engine.Rejected("queries: unknown query '%s'" % q)
