"""The CPC steps of docs/case-format.md for the python@<version> engine
(dsconform_python_engine.py), on the datasketches binding's cpc_sketch and
cpc_union.

The binding lacks, and the step yields an unsupported field for:
  - deserialize with mode wrap (CpcWrapper is Java's), or with a seed other
    than the default 9001 (cpc_sketch.deserialize takes no seed);
  - merge with how=move: Python has no move;
  - update with byte_arrays items: update() takes int, float and str only;
  - the query "validate" (no validate() in the binding), for itself only.
"""

DEFAULT_SEED = 9001
FAMILY = "cpc"
STEPS = ["create", "union", "update", "merge", "result", "serialize", "deserialize", "query"]


def stage_class(engine):
    """The CPC stage class, built on the engine module's errors and item tapes
    (passed in, since the engine runs as __main__)."""
    ds = engine.ds

    class CpcStage:
        def __init__(self, stage_images, obs):
            self.slots = {}
            self.stage_images = stage_images
            self.obs = obs

        def slot(self, name, kind):
            value = self.slots.get(name)
            if not isinstance(value, kind):
                raise engine.Rejected("slot '%s' is not a %s" % (name, kind.__name__))
            return value

        @staticmethod
        def args(op):
            return (op["lg_k"], op["seed"]) if "seed" in op else (op["lg_k"],)

        def create(self, op, tape):
            self.slots[op["sketch"]] = ds.cpc_sketch(*self.args(op))

        def union(self, op, tape):
            self.slots[op["sketch"]] = ds.cpc_union(*self.args(op))

        def update(self, op, tape):
            sketch = self.slot(op["sketch"], ds.cpc_sketch)
            engine.update_all(sketch, op, tape)

        def merge(self, op, tape):
            u = self.slot(op["sketch"], ds.cpc_union)
            sketch = self.slot(op["from"], ds.cpc_sketch)
            engine.union_update(u, sketch, op)

        def result(self, op, tape):
            self.slots[op["sketch"]] = self.slot(op["from"], ds.cpc_union).get_result()

        def serialize(self, op, tape):
            if op.get("form") != "compact":
                raise engine.Rejected("form: CPC has only the compact form")
            image = self.slot(op["sketch"], ds.cpc_sketch).serialize()
            self.obs.bytes("%s.compact" % op.get("as", op["sketch"]), image)

        def deserialize(self, op, tape):
            mode = op.get("mode", "heapify")
            if mode == "wrap":
                raise engine.Unsupported(op["sketch"] + ".deserialize", "CpcWrapper is Java's")
            if mode != "heapify":
                raise engine.Rejected("mode: '%s' is neither heapify nor wrap" % mode)
            if op.get("seed", DEFAULT_SEED) != DEFAULT_SEED:
                raise engine.Unsupported(op["sketch"] + ".deserialize",
                                         "the binding's cpc_sketch.deserialize takes no seed (it reads with 9001)")
            name = op["image"]
            image = self.stage_images.get(name, self.obs.images.get(name))
            if image is None:
                raise engine.MissingImage("image '%s' is neither an image of the stage nor a byte field it produced"
                                          % name)
            self.slots[op["sketch"]] = ds.cpc_sketch.deserialize(image)

        def query(self, op, tape):
            sketch = self.slot(op["sketch"], ds.cpc_sketch)
            prefix = op.get("as", op["sketch"])
            for q in op.get("queries", []):
                name = "%s.%s" % (prefix, q)
                if q == "estimate":
                    self.obs.double(name, sketch.get_estimate())
                elif q in ("lb1", "lb2", "lb3"):
                    self.obs.double(name, sketch.get_lower_bound(int(q[2])))
                elif q in ("ub1", "ub2", "ub3"):
                    self.obs.double(name, sketch.get_upper_bound(int(q[2])))
                elif q == "is_empty":
                    self.obs.bool(name, sketch.is_empty())
                elif q == "lg_k":
                    self.obs.int(name, sketch.lg_k)
                elif q == "validate":
                    self.obs.unsupported(name, "the datasketches Python binding has no validate()")
                else:
                    raise engine.Rejected("queries: unknown query '%s'" % q)

    return CpcStage
