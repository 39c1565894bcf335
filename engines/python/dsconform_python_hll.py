"""The HLL steps of sketches/hll/hll_steps.json on the datasketches Python binding,
for dsconform_python_engine.py (which passes itself in as `engine`, for its
exceptions, item tapes and observations), with the native engine's field names
and values.

Not declared (the binding has no counterpart; the harness reports them
unsupported without sending them): copy and convert (no copy or
type-converting constructor of hll_sketch). The binding also lacks, and the
step yields an unsupported field for:
  - merge with how=move: Python has no move;
  - deserialize with mode wrap or writable_wrap: Java only;
  - update with byte_arrays items: update() takes int, float and str only;
  - update with a string item that is not valid UTF-8: a str cannot hold it;
  - the query "composite" (no get_composite_estimate), for itself only: the
    other queries of the step still run.
"""

FAMILY = "hll"
STEPS = ["create", "union", "update", "merge", "result", "serialize", "deserialize", "reset", "query", "rel_err"]


def stage_class(engine):
    """The HLL stage class, built on the engine module's errors, item tapes and
    observations (passed in, since the engine runs as __main__)."""
    ds = engine.ds
    HLL_TYPES = {"HLL_4": ds.tgt_hll_type.HLL_4, "HLL_6": ds.tgt_hll_type.HLL_6, "HLL_8": ds.tgt_hll_type.HLL_8}

    class HllStage:
        def __init__(self, stage_images, obs):
            self.slots = {}
            self.stage_images = stage_images
            self.obs = obs

        def slot(self, name, kind=None):
            if name not in self.slots:
                raise engine.Rejected("slot '%s' does not exist" % name)
            value = self.slots[name]
            if kind is not None and not isinstance(value, kind):
                raise engine.Rejected("slot '%s' is not a %s" % (name, kind.__name__))
            return value

        @staticmethod
        def tgt_type(op, default=None):
            name = op.get("type")
            if name is None and default is not None:
                return default
            if name not in HLL_TYPES:
                raise engine.Rejected("type: '%s' is not HLL_4, HLL_6 or HLL_8" % name)
            return HLL_TYPES[name]

        def create(self, op, tape):
            self.slots[op["sketch"]] = ds.hll_sketch(op["lg_k"], self.tgt_type(op))

        def union(self, op, tape):
            self.slots[op["sketch"]] = ds.hll_union(op["lg_max_k"])

        def update(self, op, tape):
            target = self.slot(op["sketch"])
            engine.update_all(target, op, tape)

        def merge(self, op, tape):
            u = self.slot(op["sketch"], ds.hll_union)
            sketch = self.slot(op["from"], ds.hll_sketch)
            engine.union_update(u, sketch, op)

        def result(self, op, tape):
            u = self.slot(op["from"], ds.hll_union)
            self.slots[op["sketch"]] = u.get_result(self.tgt_type(op, ds.tgt_hll_type.HLL_4))

        def serialize(self, op, tape):
            sketch = self.slot(op["sketch"], ds.hll_sketch)
            form = op.get("form")
            if form == "compact":
                image = sketch.serialize_compact()
            elif form == "updatable":
                image = sketch.serialize_updatable()
            else:
                raise engine.Rejected("form: '%s' is neither compact nor updatable" % form)
            self.obs.bytes("%s.%s" % (op.get("as", op["sketch"]), form), image)

        def deserialize(self, op, tape):
            mode = op.get("mode", "heapify")
            if mode in ("wrap", "writable_wrap"):
                raise engine.Unsupported(op["sketch"] + ".deserialize", "wrap is a Java-only operation")
            if mode != "heapify":
                raise engine.Rejected("mode: '%s' is not heapify, wrap or writable_wrap" % mode)
            name = op["image"]
            image = self.stage_images.get(name, self.obs.images.get(name))
            if image is None:
                raise engine.MissingImage("image '%s' is neither an image of the stage nor a byte field it produced" % name)
            self.slots[op["sketch"]] = ds.hll_sketch.deserialize(image)

        def reset(self, op, tape):
            self.slot(op["sketch"]).reset()

        def query(self, op, tape):
            target = self.slot(op["sketch"])
            on_union = isinstance(target, ds.hll_union)
            prefix = op.get("as", op["sketch"])
            for q in op.get("queries", []):
                name = "%s.%s" % (prefix, q)
                if q == "estimate":
                    self.obs.double(name, target.get_estimate())
                elif q == "composite":
                    self.obs.unsupported(name, "the datasketches Python binding has no get_composite_estimate")
                elif q in ("lb1", "lb2", "lb3"):
                    self.obs.double(name, target.get_lower_bound(int(q[2])))
                elif q in ("ub1", "ub2", "ub3"):
                    self.obs.double(name, target.get_upper_bound(int(q[2])))
                elif q == "is_empty":
                    self.obs.bool(name, target.is_empty())
                elif q == "lg_k":
                    self.obs.int(name, target.lg_config_k)
                elif on_union and q in ("is_compact", "type", "compact_size", "updatable_size"):
                    raise engine.Rejected("queries: '%s' is not defined on a union" % q)
                elif q == "is_compact":
                    self.obs.bool(name, target.is_compact())
                elif q == "type":
                    self.obs.string(name, target.tgt_type.name)
                elif q == "compact_size":
                    self.obs.int(name, target.get_compact_serialization_bytes())
                elif q == "updatable_size":
                    self.obs.int(name, target.get_updatable_serialization_bytes())
                else:
                    raise engine.Rejected("queries: unknown query '%s'" % q)

        def rel_err(self, op, tape):
            if not op.get("as"):
                raise engine.Rejected("as: missing")
            self.obs.double(op["as"], ds.hll_sketch.get_rel_err(op.get("upper", 0) != 0, op.get("unioned", 0) != 0,
                                                                 op["lg_k"], op["sd"]))

    return HllStage
