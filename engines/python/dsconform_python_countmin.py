"""The Count-min steps of docs/case-format.md for the python@<version> engine
(dsconform_python_engine.py), with the same field names and values as the
native engine (engines/native/countmin_adapter.cc), so the differ compares them
bit for bit.

The binding's count_min_sketch is datasketches-cpp's count_min_sketch<double>:
double counters only, so a slot of long counters is unsupported. Items: int
(the int64_t overload) and str; the binding has no update for bytes.

The binding lacks, and the step yields an unsupported field for:
  - create or deserialize with weight=long (its counters are doubles);
  - deserialize with a seed other than the default 9001 (its deserialize takes
    no seed);
  - update or estimate with byte items.
"""

FAMILY = "countmin"
STEPS = ["create", "update", "merge", "serialize", "deserialize", "estimate", "suggest", "query"]

DEFAULT_SEED = 9001
U64 = (1 << 64) - 1


def stage_class(engine):
    """The Count-min stage class, built on the engine module's errors, item tapes
    and observations (passed in, since the engine runs as __main__)."""
    cms = engine.ds.count_min_sketch

    class CountminStage:
        def __init__(self, stage_images, obs):
            self.slots = {}
            self.stage_images = stage_images
            self.obs = obs

        def slot(self, name):
            if name not in self.slots:
                raise engine.Rejected("slot '%s' does not exist" % name)
            return self.slots[name]

        def check_weight(self, op):
            weight = op.get("weight")
            if weight == "long":
                raise engine.Unsupported(op["sketch"] + "." + op["op"],
                                         "the datasketches Python binding's count_min_sketch has double counters only")
            if weight != "double":
                raise engine.Rejected("weight: '%s' is neither long nor double" % weight)

        def create(self, op, tape):
            self.check_weight(op)
            hashes, buckets = op.get("num_hashes"), op.get("num_buckets")
            if "seed" in op:
                sketch = cms(hashes, buckets, op["seed"] & U64)
            else:
                sketch = cms(hashes, buckets)
            self.slots[op["sketch"]] = sketch

        def items(self, op, tape, field):
            gen = op["items"]["gen"]
            kind = engine.ITEM_KINDS.get(gen)
            if kind == "double" or kind is None:
                raise engine.Rejected("items: Count-min takes long, string or bytes items")
            return engine.tape_items(kind, tape, field)

        def update(self, op, tape):
            target = self.slot(op["sketch"])
            weight = float(op.get("weight", 1))
            update = target.update
            for item in self.items(op, tape, op["sketch"] + ".update"):
                update(item, weight)

        def merge(self, op, tape):
            self.slot(op["sketch"]).merge(self.slot(op.get("from")))

        def serialize(self, op, tape):
            if op.get("form") != "compact":
                raise engine.Rejected("form: not compact")
            self.obs.bytes("%s.compact" % op.get("as", op["sketch"]), self.slot(op["sketch"]).serialize())

        def deserialize(self, op, tape):
            self.check_weight(op)
            if "seed" in op and op["seed"] != DEFAULT_SEED:
                raise engine.Unsupported(op["sketch"] + ".deserialize",
                                         "the datasketches Python binding's deserialize takes no seed (it reads with 9001)")
            name = op["image"]
            image = self.stage_images.get(name, self.obs.images.get(name))
            if image is None:
                raise engine.MissingImage("image '%s' is not in this stage" % name)
            self.slots[op["sketch"]] = cms.deserialize(image)

        def estimate(self, op, tape):
            s = self.slot(op["sketch"])
            prefix = op.get("as", op["sketch"])
            est, lb, ub = [], [], []
            for item in self.items(op, tape, prefix + ".estimate"):
                est.append(s.get_estimate(item))
                lb.append(s.get_lower_bound(item))
                ub.append(s.get_upper_bound(item))
            for query, values in (("estimate", est), ("lower_bound", lb), ("upper_bound", ub)):
                for i, v in enumerate(values):
                    self.obs.double("%s.%s[%d]" % (prefix, query, i), v)

        def suggest(self, op, tape):
            as_ = op["as"]
            if "relative_error" in op:
                self.obs.int(as_ + ".num_buckets", cms.suggest_num_buckets(float(op["relative_error"])))
            if "confidence" in op:
                self.obs.int(as_ + ".num_hashes", cms.suggest_num_hashes(float(op["confidence"])))

        def query(self, op, tape):
            s = self.slot(op["sketch"])
            prefix = op.get("as", op["sketch"])
            for q in op.get("queries", []):
                name = "%s.%s" % (prefix, q)
                if q == "total_weight":
                    self.obs.double(name, s.total_weight)
                elif q == "num_hashes":
                    self.obs.int(name, s.num_hashes)
                elif q == "num_buckets":
                    self.obs.int(name, s.num_buckets)
                elif q == "seed":
                    self.obs.int(name, s.seed)
                elif q == "relative_error":
                    self.obs.double(name, s.get_relative_error())
                elif q == "is_empty":
                    self.obs.bool(name, s.is_empty())
                elif q == "serialized_size":
                    self.obs.int(name, s.get_serialized_size_bytes())
                elif q == "to_string":
                    self.obs.string(name, s.to_string())
                else:
                    raise engine.Rejected("queries: unknown query '%s'" % q)

    return CountminStage
