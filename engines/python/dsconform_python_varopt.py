"""The VarOpt sampling steps of docs/case-format.md for the python@<version>
engine (dsconform_python_engine.py), with the same field names and values as
the native engine (engines/native/varopt_adapter.cc), so the differ compares
them bit for bit.

The binding's var_opt_sketch and var_opt_union are datasketches-cpp's, of
Python objects: int items serialize with PyLongsSerDe, str items with
PyStringsSerDe, in the formats of the native int64_t and std::string sketches.
They sample with the wheel's own random_utils::rand, seeded from
std::random_device and out of the binding's reach: a step carrying a seed
marks "lang.random_bits" unsupported, which takes the record's "lang." fields
out of every comparison.
"""

FAMILY = "varopt"
STEPS = ["create", "update", "union", "merge", "result", "serialize", "deserialize", "deserialize_union",
         "sample", "subset_sum", "query"]


def mod4(item):
    """subset_sum's mod4: a long divisible by 4, a string whose first UTF-8 byte is."""
    if isinstance(item, int):
        return item % 4 == 0
    b = item.encode("utf-8")
    return len(b) > 0 and b[0] % 4 == 0


PREDICATES = {"all": lambda x: True, "none": lambda x: False, "mod4": mod4}


def stage_class(engine):
    """The VarOpt stage class, built on the engine module's errors, item tapes and
    observations (passed in, since the engine runs as __main__)."""
    ds = engine.ds

    def serde(item):
        return ds.PyLongsSerDe() if item == "long" else ds.PyStringsSerDe()

    class VaroptStage:
        def __init__(self, stage_images, obs):
            self.slots = {}
            self.item_of = {}
            self.stage_images = stage_images
            self.obs = obs
            self.own_bits = False

        def slot(self, name):
            if name not in self.slots:
                raise engine.Rejected("slot '%s' does not exist" % name)
            return self.slots[name]

        def put(self, name, item, value):
            if item not in ("long", "string"):
                raise engine.Rejected("item: '%s' is neither long nor string" % item)
            self.item_of[name] = item
            self.slots[name] = value

        def seeded(self, op):
            if "seed" in op and not self.own_bits:
                self.own_bits = True
                self.obs.unsupported("lang.random_bits", "the datasketches Python binding cannot seed the random "
                                                         "bits of VarOpt sampling (random_utils::rand)")

        def create(self, op, tape):
            self.put(op["sketch"], op.get("item"), ds.var_opt_sketch(op["k"]))

        def union(self, op, tape):
            self.put(op["sketch"], op.get("item"), ds.var_opt_union(op["max_k"]))

        def update(self, op, tape):
            self.seeded(op)
            name = op["sketch"]
            target = self.slot(name)
            kind = engine.ITEM_KINDS.get(op["items"]["gen"])
            if kind != self.item_of[name]:
                raise engine.Rejected("update: a %s sketch takes %s tapes" % (self.item_of[name], self.item_of[name]))
            weight = float(op.get("weight", "1"))
            update = target.update
            for item in engine.tape_items(kind, tape, name + ".update"):
                update(item, weight)

        def merge(self, op, tape):
            self.seeded(op)
            self.slot(op["sketch"]).update(self.slot(op["from"]))

        def result(self, op, tape):
            self.seeded(op)
            self.put(op["sketch"], self.item_of[op["from"]], self.slot(op["from"]).get_result())

        def serialize(self, op, tape):
            name = op["sketch"]
            image = self.slot(name).serialize(serde(self.item_of[name]))
            self.obs.bytes("%s.compact" % op.get("as", name), image)

        def read(self, op, cls):
            name = op["image"]
            image = self.stage_images.get(name, self.obs.images.get(name))
            if image is None:
                raise engine.MissingImage("image '%s' is not in this stage" % name)
            self.put(op["sketch"], op.get("item"), cls.deserialize(image, serde(op.get("item"))))

        def deserialize(self, op, tape):
            self.read(op, ds.var_opt_sketch)

        def deserialize_union(self, op, tape):
            self.read(op, ds.var_opt_union)

        def sample(self, op, tape):
            name = op["sketch"]
            s = self.slot(name)
            prefix = op.get("as", name)
            self.obs.int(prefix + ".size", s.num_samples)
            longs = self.item_of[name] == "long"
            for i, (item, weight) in enumerate(s):
                if longs:
                    self.obs.int("%s.item[%d]" % (prefix, i), item)
                else:
                    self.obs.string("%s.item[%d]" % (prefix, i), item)
                self.obs.double("%s.weight[%d]" % (prefix, i), weight)

        def subset_sum(self, op, tape):
            pred = PREDICATES.get(op.get("pred"))
            if pred is None:
                raise engine.Rejected("pred: unknown predicate '%s'" % op.get("pred"))
            summary = self.slot(op["sketch"]).estimate_subset_sum(pred)
            as_ = op["as"]
            self.obs.double(as_ + ".estimate", summary["estimate"])
            self.obs.double(as_ + ".lower_bound", summary["lower_bound"])
            self.obs.double(as_ + ".upper_bound", summary["upper_bound"])
            self.obs.double(as_ + ".total_weight", summary["total_sketch_weight"])

        def query(self, op, tape):
            name = op["sketch"]
            s = self.slot(name)
            prefix = op.get("as", name)
            for q in op.get("queries", []):
                field = "%s.%s" % (prefix, q)
                if q == "k":
                    self.obs.int(field, s.k)
                elif q == "n":
                    self.obs.int(field, s.n)
                elif q == "num_samples":
                    self.obs.int(field, s.num_samples)
                elif q == "is_empty":
                    self.obs.bool(field, s.is_empty())
                elif q == "serialized_size":
                    self.obs.int(field, s.get_serialized_size_bytes(serde(self.item_of[name])))
                elif q == "to_string":
                    self.obs.string(field, s.to_string())
                else:
                    raise engine.Rejected("queries: unknown query '%s'" % q)

    return VaroptStage
