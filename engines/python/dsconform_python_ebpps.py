"""The EBPPS steps of docs/case-format.md for the python@<version> engine
(dsconform_python_engine.py), with the same field names and values as the
native engine (engines/native/ebpps_adapter.cc), so the differ compares them
bit for bit.

Item types on the binding: ebpps_sketch of Python ints (long) or strs
(string), serialized with PyLongsSerDe / PyStringsSerDe.

Random bits: the wheel's EBPPS draws from its own random_utils::rand (a
thread_local mt19937_64 seeded from std::random_device), and the binding has
no call that seeds it. A step with a `seed` that may draw (update, merge, and
result unless C is a whole number, when its one draw decides nothing) cannot
honour it: it yields "<sketch>.<step>" unsupported and the slot is unusable
from there on. With `seed_optional` (an accuracy study, judged against the
truth) it draws its own bits, and the field "lang.random_bits" says so,
unsupported, keeping the case's lang. fields out of every comparison.
Steps without a seed (ebpps.exact: equal weights, n up to k) draw nothing
that matters and are compared like any other.

The binding lacks, and the step yields an unsupported field for:
  - merge with how=move: Python has no move;
  - the query cumulative_weight (no get_cumulative_weight), for itself only.
The sample is the sketch iterated (the binding's get_result).
"""

import math

FAMILY = "ebpps"
STEPS = ["create", "update", "merge", "result", "serialize", "deserialize", "query"]
TAPE_KIND = {"long": "long", "string": "string"}


def weight_of(op):
    """The weight text of a case (nan, inf and -inf included) as Python reads it."""
    text = op.get("weight", "1")
    return float(text)


def stage_class(engine):
    ds = engine.ds
    serdes = {"long": ds.PyLongsSerDe(), "string": ds.PyStringsSerDe()}

    class EbppsStage:
        def __init__(self, stage_images, obs):
            self.slots = {}  # name -> (item, sketch)
            self.stage_images = stage_images
            self.obs = obs
            self.bits = engine.OwnBits(obs, "EBPPS's random bits", "random_utils::rand")

        def drew(self, op, step):
            """A step that may draw random bits was given a seed the binding cannot honour."""
            if "seed" in op:
                self.bits.drew(op, step)

        def slot(self, name):
            if name not in self.slots:
                raise engine.Rejected("slot '%s' does not exist" % name)
            return self.slots[name]

        def create(self, op, tape):
            item = op.get("item")
            if item not in serdes:
                raise engine.Rejected("item: '%s' is not long or string" % item)
            self.slots[op["sketch"]] = (item, ds.ebpps_sketch(op.get("k")))

        def update(self, op, tape):
            item, sketch = self.slot(op["sketch"])
            gen = op["items"]["gen"]
            if engine.ITEM_KINDS.get(gen) != TAPE_KIND[item]:
                raise engine.Rejected("items of generator %s do not fit slot '%s'" % (gen, op["sketch"]))
            self.drew(op, "update")
            w = weight_of(op)
            update = sketch.update
            for x in engine.tape_items(TAPE_KIND[item], tape, op["sketch"] + ".update"):
                update(x, w)

        def merge(self, op, tape):
            item, sketch = self.slot(op["sketch"])
            src_item, src = self.slot(op.get("from"))
            if item != src_item:
                raise engine.Rejected("merge: the sketches hold different item types")
            if op.get("how", "copy") == "move":
                raise engine.Unsupported(op["sketch"] + ".merge", "Python has no move: the binding's merge copies")
            self.drew(op, "merge")
            sketch.merge(src)

        def result(self, op, tape):
            item, sketch = self.slot(op["sketch"])
            if sketch.c != math.floor(sketch.c):
                self.drew(op, "result")
            as_ = op["as"]
            sample = list(sketch)
            self.obs.int(as_ + ".result.size", len(sample))
            for i, x in enumerate(sample):
                if item == "long":
                    self.obs.int("%s.result[%d]" % (as_, i), x)
                else:
                    self.obs.string("%s.result[%d]" % (as_, i), x)

        def serialize(self, op, tape):
            item, sketch = self.slot(op["sketch"])
            self.obs.bytes("%s.%s" % (op.get("as", op["sketch"]), op.get("form")), sketch.serialize(serdes[item]))

        def deserialize(self, op, tape):
            name = op["image"]
            image = self.stage_images.get(name, self.obs.images.get(name))
            if image is None:
                raise engine.MissingImage("image '%s' is not in this stage" % name)
            item = op.get("item")
            if item not in serdes:
                raise engine.Rejected("item: '%s' is not long or string" % item)
            self.slots[op["sketch"]] = (item, ds.ebpps_sketch.deserialize(image, serdes[item]))

        def query(self, op, tape):
            item, s = self.slot(op["sketch"])
            prefix = op.get("as", op["sketch"])
            for q in op.get("queries", []):
                name = "%s.%s" % (prefix, q)
                if q == "n":
                    self.obs.int(name, s.n)
                elif q == "k":
                    self.obs.int(name, s.k)
                elif q == "c":
                    self.obs.double(name, s.c)
                elif q == "cumulative_weight":
                    self.obs.unsupported(name, "the datasketches Python binding has no get_cumulative_weight")
                elif q == "is_empty":
                    self.obs.bool(name, s.is_empty())
                elif q == "serialized_size":
                    self.obs.int(name, s.get_serialized_size_bytes(serdes[item]))
                elif q == "to_string":
                    self.obs.string(name, s.to_string())
                else:
                    raise engine.Rejected("queries: unknown query '%s'" % q)

    return EbppsStage
