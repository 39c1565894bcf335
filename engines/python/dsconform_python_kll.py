"""The KLL steps of docs/case-format.md for the python@<version> engine
(dsconform_python_engine.py), with the same field names and values as the
native engine (engines/native/kll_adapter.cc), so the differ compares them
bit for bit.

Item types on the binding: double -> kll_doubles_sketch, float ->
kll_floats_sketch; long -> kll_items_sketch with PyLongsSerDe (the binding's
kll_ints_sketch holds 32-bit ints: its images are not those of a 64-bit long
sketch); string -> kll_items_sketch with PyStringsSerDe (a 4-byte length and
the characters: the bytes of datasketches-cpp's serde<std::string> for ASCII
items only; docs/findings-kll.md#k5 has what it does to the others).

Random bits: the wheel compacts with its own `random_utils::random_bit`, a
static thread_local engine seeded from the clock, and the binding has no
call that seeds it (nor override_seed, which would not reach it either). A
case's `seed` cannot be honoured, so an update or merge that compacted
(fewer items retained than it added) made a sketch of bits nobody chose: the
step yields "<sketch>.<step>" unsupported and the slot is unusable from there
on. Steps that do not compact (n up to k, merges within k) draw no bit and
are compared like any other. In kll.cross this means python reads every other
engine's images but writes none of its own. A step with `seed_optional` (an
accuracy study, judged against the truth) compacts with the binding's own
bits instead; the field "lang.random_bits" then says so, unsupported, which
keeps every lang. field of the case out of the comparison with another
Python engine (their bits differ as well).

Not declared (the harness reports them unsupported without sending them):
copy (no copy constructor or assignment of a sketch) and convert (no
kll_sketch<double>(const kll_sketch<float>&)). The binding also lacks, and the
step yields an unsupported field for:
  - merge with how=move: Python has no move;
  - deserialize with mode wrap: Java only;
  - the queries serialized_size (no get_serialized_size_bytes) and heap_bytes
    (no allocator to count through), each for itself only.
"""

FAMILY = "kll"
STEPS = ["create", "update", "merge", "serialize", "deserialize", "query"]
# The tape kind each item type is updated from (sketches/kll/kll_vocabulary.h).
TAPE_KIND = {"double": "double", "float": "double", "long": "long", "string": "string"}


def stage_class(engine):
    """The KLL stage class, built on the engine module's errors, item tapes and
    observations (passed in, since the engine runs as __main__)."""
    ds = engine.ds
    serdes = {"long": ds.PyLongsSerDe(), "string": ds.PyStringsSerDe()}

    class Kll:
        """A slot: the binding's sketch and the item type it holds."""

        def __init__(self, item, sketch):
            self.item = item
            self.sketch = sketch

        @staticmethod
        def new(item, k):
            if item == "double":
                return Kll(item, ds.kll_doubles_sketch(k))
            if item == "float":
                return Kll(item, ds.kll_floats_sketch(k))
            if item in serdes:
                return Kll(item, ds.kll_items_sketch(k))
            raise engine.Rejected("item: '%s' is not double, float, long or string" % item)

        @staticmethod
        def deserialize(item, image):
            if item == "double":
                return Kll(item, ds.kll_doubles_sketch.deserialize(image))
            if item == "float":
                return Kll(item, ds.kll_floats_sketch.deserialize(image))
            if item in serdes:
                return Kll(item, ds.kll_items_sketch.deserialize(image, serdes[item]))
            raise engine.Rejected("item: '%s' is not double, float, long or string" % item)

        def serialize(self):
            return self.sketch.serialize(serdes[self.item]) if self.item in serdes else self.sketch.serialize()

        def parse(self, text):
            """A grid point of the case (a decimal or a string) as an item."""
            if self.item == "long":
                return int(text)
            if self.item == "string":
                return text
            return float(text)  # the binding rounds it to float for a float sketch, as strtof would

        def observe(self, obs, name, item):
            """An item as an observation: floats are already widened (exactly) to double."""
            if self.item == "long":
                obs.int(name, item)
            elif self.item == "string":
                obs.string(name, item)
            else:
                obs.double(name, item)

    class KllStage:
        def __init__(self, stage_images, obs):
            self.slots = {}
            self.stage_images = stage_images
            self.obs = obs
            self.bits = engine.OwnBits(obs, "the random bits of KLL compactions", "random_utils::random_bit")

        def compacted(self, op, step):
            """A step drew random bits that the case's seed could not pin."""
            self.bits.drew(op, step)

        def slot(self, name):
            if name not in self.slots:
                raise engine.Rejected("slot '%s' does not exist" % name)
            return self.slots[name]

        def create(self, op, tape):
            k = op.get("k", -1)
            if not isinstance(k, int) or not 0 <= k <= 65535:
                raise engine.Rejected("k: missing or not in 0..65535")
            self.slots[op["sketch"]] = Kll.new(op.get("item"), k)

        def update(self, op, tape):
            target = self.slot(op["sketch"])
            gen = op["items"]["gen"]
            if gen not in engine.ITEM_KINDS:
                raise engine.Rejected("items: unknown generator '%s'" % gen)
            kind = engine.ITEM_KINDS[gen]
            if kind != TAPE_KIND[target.item]:
                raise engine.Rejected("items of kind %s do not fit slot '%s'" % (kind, op["sketch"]))
            items = engine.tape_items(kind, tape, op["sketch"] + ".update")
            sketch = target.sketch
            retained = sketch.num_retained
            update = sketch.update
            for item in items:
                update(item)
            # Every compaction drops items (it halves a level), and only compactions draw random bits.
            if sketch.num_retained < retained + len(items):
                self.compacted(op, "update")

        def merge(self, op, tape):
            dst = self.slot(op["sketch"])
            src = self.slot(op.get("from"))
            if dst.item != src.item:
                raise engine.Rejected("merge: '%s' holds another item type than '%s'" % (op.get("from"), op["sketch"]))
            how = op.get("how")
            if how not in ("copy", "move"):
                raise engine.Rejected("how: neither copy nor move")
            if how == "move":
                raise engine.Unsupported(op["sketch"] + ".merge", "Python has no move: the binding's merge copies")
            expected = dst.sketch.num_retained + src.sketch.num_retained
            dst.sketch.merge(src.sketch)
            if dst.sketch.num_retained < expected:
                self.compacted(op, "merge")

        def serialize(self, op, tape):
            target = self.slot(op["sketch"])
            if op.get("form") != "compact":
                raise engine.Rejected("form: KLL images are compact")
            self.obs.bytes("%s.compact" % op.get("as", op["sketch"]), target.serialize())

        def deserialize(self, op, tape):
            mode = op.get("mode", "heapify")
            if mode == "wrap":
                raise engine.Unsupported(op["sketch"] + ".deserialize", "wrap is a Java-only operation")
            if mode != "heapify":
                raise engine.Rejected("mode: '%s' is neither heapify nor wrap" % mode)
            name = op["image"]
            image = self.stage_images.get(name, self.obs.images.get(name))
            if image is None:
                raise engine.MissingImage("image '%s' is not in this stage" % name)
            self.slots[op["sketch"]] = Kll.deserialize(op.get("item"), image)

        def query(self, op, tape):
            target = self.slot(op["sketch"])
            s = target.sketch
            prefix = op.get("as", op["sketch"])
            ranks = [float(r) for r in op.get("ranks", [])]
            points = [target.parse(p) for p in op.get("points", [])]
            for q in op.get("queries", []):
                name = "%s.%s" % (prefix, q)
                inclusive = not q.endswith("_excl")
                base = q[:-5] if not inclusive else q
                if q == "n":
                    self.obs.int(name, s.n)
                elif q == "k":
                    self.obs.int(name, s.k)
                elif q == "num_retained":
                    self.obs.int(name, s.num_retained)
                elif q == "is_empty":
                    self.obs.bool(name, s.is_empty())
                elif q == "is_estimation_mode":
                    self.obs.bool(name, s.is_estimation_mode())
                elif q == "min":
                    target.observe(self.obs, name, s.get_min_value())
                elif q == "max":
                    target.observe(self.obs, name, s.get_max_value())
                elif q == "rank_error":
                    self.obs.double(name, s.normalized_rank_error(False))
                elif q == "rank_error_pmf":
                    self.obs.double(name, s.normalized_rank_error(True))
                elif q == "serialized_size":
                    self.obs.unsupported(name, "the datasketches Python binding has no get_serialized_size_bytes")
                elif q == "to_string":
                    self.obs.string(name, s.to_string(True, False))
                elif q == "heap_bytes":
                    self.obs.unsupported(name, "the datasketches Python binding has no allocator to count through")
                elif base == "quantiles":
                    for i, r in enumerate(ranks):
                        target.observe(self.obs, "%s[%d]" % (name, i), s.get_quantile(r, inclusive))
                elif base == "ranks":
                    for i, p in enumerate(points):
                        self.obs.double("%s[%d]" % (name, i), s.get_rank(p, inclusive))
                elif base in ("pmf", "cdf"):
                    values = s.get_pmf(points, inclusive) if base == "pmf" else s.get_cdf(points, inclusive)
                    for i, v in enumerate(values):
                        self.obs.double("%s[%d]" % (name, i), v)
                else:
                    raise engine.Rejected("queries: unknown query '%s'" % q)

    return KllStage
