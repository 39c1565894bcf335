"""The Frequent items steps of docs/case-format.md for the python@<version> engine
(dsconform_python_engine.py), on the datasketches binding.

String items go to frequent_strings_sketch: datasketches-cpp's
frequent_items_sketch<std::string> with its std::hash and UTF-8 serde, so its
images are the cpp engine's. Long items go to frequent_items_sketch, whose items
are Python objects hashed by Python's hash() (an int hashes to itself, except -1
and values past 2^61-1) and written by the serde given to serialize: PyLongsSerDe
writes 8-byte little-endian longs, the format of cpp's and Java's long images.

The binding lacks, and the step yields an unsupported field for:
  - the query maximum_error (no get_maximum_error());
  - serialize and deserialize with serde utf16 (Java's ArrayOfUtf16StringsSerDe;
    frequent_strings_sketch takes no serde);
  - the query to_string, compared between native builds only.
`impl` (Java's two long classes) has no counterpart here: one class serves both.
"""

FAMILY = "fi"
STEPS = ["create", "update", "merge", "serialize", "deserialize", "query"]


def stage_class(engine):
    """The Frequent items stage class, built on the engine module's errors and item tapes."""
    ds = engine.ds
    longs_serde = ds.PyLongsSerDe()
    sketch_types = (ds.frequent_items_sketch, ds.frequent_strings_sketch)

    def utf16_unsupported(op):
        return op.get("serde", "utf8") != "utf8"

    class FiStage:
        def __init__(self, stage_images, obs):
            self.slots = {}
            self.stage_images = stage_images
            self.obs = obs

        def slot(self, name):
            value = self.slots.get(name)
            if not isinstance(value, sketch_types):
                raise engine.Rejected("slot '%s' is not a Frequent items sketch" % name)
            return value

        @staticmethod
        def is_longs(sketch):
            return isinstance(sketch, ds.frequent_items_sketch)

        def create(self, op, tape):
            lg = op["lg_max_map_size"]
            if op["item"] == "long":
                self.slots[op["sketch"]] = ds.frequent_items_sketch(lg)
            elif op["item"] == "string":
                self.slots[op["sketch"]] = ds.frequent_strings_sketch(lg)
            else:
                raise engine.Rejected("item: '%s' is neither long nor string" % op["item"])

        def update(self, op, tape):
            sketch = self.slot(op["sketch"])
            gen = op["items"]["gen"]
            kind = engine.ITEM_KINDS.get(gen)
            if kind != ("long" if self.is_longs(sketch) else "string"):
                raise engine.Rejected("items of generator '%s' do not fit slot '%s'" % (gen, op["sketch"]))
            weight = op.get("weight", 1)
            update = sketch.update
            items = engine.tape_items(kind, tape, op["sketch"] + ".update")
            if weight == 1:
                for item in items:
                    update(item)
            else:
                for item in items:
                    update(item, weight)

        def merge(self, op, tape):
            into = self.slot(op["sketch"])
            other = self.slot(op["from"])
            if type(into) is not type(other):
                raise engine.Rejected("merge: '%s' holds another item type than '%s'" % (op["from"], op["sketch"]))
            into.merge(other)

        def image(self, sketch):
            return sketch.serialize(longs_serde) if self.is_longs(sketch) else sketch.serialize()

        def serialize(self, op, tape):
            if op.get("form") != "compact":
                raise engine.Rejected("form: Frequent items images are compact")
            sketch = self.slot(op["sketch"])
            field = "%s.compact" % op.get("as", op["sketch"])
            if utf16_unsupported(op):
                # Only this field: the sketch itself is fine for the steps after it.
                self.obs.unsupported(field, "the binding's frequent_strings_sketch writes UTF-8 only")
                return
            self.obs.bytes(field, self.image(sketch))

        def deserialize(self, op, tape):
            if utf16_unsupported(op):
                raise engine.Unsupported(op["sketch"] + ".deserialize",
                                         "the binding's frequent_strings_sketch reads UTF-8 only")
            name = op["image"]
            image = self.stage_images.get(name, self.obs.images.get(name))
            if image is None:
                raise engine.MissingImage("image '%s' is neither an image of the stage nor a byte field it produced"
                                          % name)
            if op["item"] == "long":
                self.slots[op["sketch"]] = ds.frequent_items_sketch.deserialize(image, longs_serde)
            else:
                self.slots[op["sketch"]] = ds.frequent_strings_sketch.deserialize(image)

        def query(self, op, tape):
            sketch = self.slot(op["sketch"])
            longs = self.is_longs(sketch)
            prefix = op.get("as", op["sketch"])
            keys = [int(k) for k in op.get("keys", [])] if longs else list(op.get("keys", []))
            for q in op.get("queries", []):
                name = "%s.%s" % (prefix, q)
                if q == "total_weight":
                    self.obs.int(name, sketch.total_weight)
                elif q == "maximum_error":
                    self.obs.unsupported(name, "the datasketches Python binding has no get_maximum_error()")
                elif q == "num_active_items":
                    self.obs.int(name, sketch.num_active_items)
                elif q == "is_empty":
                    self.obs.bool(name, sketch.is_empty())
                elif q == "epsilon":
                    self.obs.double(name, sketch.epsilon)
                elif q == "serialized_size":
                    size = sketch.get_serialized_size_bytes(longs_serde) if longs else sketch.get_serialized_size_bytes()
                    self.obs.int(name, size)
                elif q == "to_string":
                    self.obs.unsupported(name, "a native-only observation")
                elif q in ("estimate", "lower_bound", "upper_bound"):
                    get = getattr(sketch, "get_" + q)
                    for i, key in enumerate(keys):
                        self.obs.int("%s[%d]" % (name, i), get(key))
                elif q in ("frequent_nfp", "frequent_nfn"):
                    err = (ds.frequent_items_error_type.NO_FALSE_POSITIVES if q == "frequent_nfp"
                           else ds.frequent_items_error_type.NO_FALSE_NEGATIVES)
                    # Without a threshold, the call a user writes: the binding's default.
                    rows = (sketch.get_frequent_items(err, op["threshold"]) if "threshold" in op
                            else sketch.get_frequent_items(err))
                    self.obs.int(name + ".size", len(rows))
                    for i, (item, estimate, lower, upper) in enumerate(rows):
                        row = "%s[%d]" % (name, i)
                        if longs:
                            self.obs.int(row, item)
                        else:
                            self.obs.string(row, item)
                        self.obs.int(row + ".estimate", estimate)
                        self.obs.int(row + ".lower_bound", lower)
                        self.obs.int(row + ".upper_bound", upper)
                else:
                    raise engine.Rejected("queries: unknown query '%s'" % q)

    return FiStage
