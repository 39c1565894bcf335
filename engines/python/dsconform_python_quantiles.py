"""The Classic Quantiles steps of docs/case-format.md for the python@<version>
engine (dsconform_python_engine.py), with the same field names and values as
the native engine (engines/native/quantiles_adapter.cc), so the differ
compares them bit for bit.

Item types on the binding: double -> quantiles_doubles_sketch; long ->
quantiles_items_sketch with PyLongsSerDe (quantiles_ints_sketch holds 32-bit
ints: its images are not those of a 64-bit long sketch); string ->
quantiles_items_sketch with PyStringsSerDe (ASCII items only are written as
datasketches-cpp's serde<std::string> does: docs/findings-quantiles.md#q3).

Random bits: the wheel zips a full buffer with its own
`random_utils::random_bit` and downsamples with `random_utils::rand`, static
thread_local engines seeded from the clock, and the binding has no call that
seeds them. A case's `seed` cannot be honoured, so a step that drew bits (an
update that carried the base buffer up, a merge past the exact mode) makes
"<sketch>.<step>" unsupported and leaves the slot unusable; a step with
`seed_optional` (an accuracy study) uses the binding's own bits and says so
in "lang.random_bits". Steps that stay exact draw no bit and are compared.

Unsupported fields: serialize with form updatable (datasketches-cpp writes the
compact form only) and deserialize with mode wrap (Java only).
"""

FAMILY = "quantiles"
STEPS = ["create", "update", "merge", "serialize", "deserialize", "query"]
TAPE_KIND = {"double": "double", "long": "long", "string": "string"}


def stage_class(engine):
    ds = engine.ds
    serdes = {"long": ds.PyLongsSerDe(), "string": ds.PyStringsSerDe()}

    class Quantiles:
        def __init__(self, item, sketch):
            self.item = item
            self.sketch = sketch

        @staticmethod
        def new(item, k):
            if item == "double":
                return Quantiles(item, ds.quantiles_doubles_sketch(k))
            if item in serdes:
                return Quantiles(item, ds.quantiles_items_sketch(k))
            raise engine.Rejected("item: '%s' is not double, long or string" % item)

        @staticmethod
        def deserialize(item, image):
            if item == "double":
                return Quantiles(item, ds.quantiles_doubles_sketch.deserialize(image))
            if item in serdes:
                return Quantiles(item, ds.quantiles_items_sketch.deserialize(image, serdes[item]))
            raise engine.Rejected("item: '%s' is not double, long or string" % item)

        def serialize(self):
            return self.sketch.serialize(serdes[self.item]) if self.item in serdes else self.sketch.serialize()

        def parse(self, text):
            if self.item == "long":
                return int(text)
            if self.item == "string":
                return text
            return float(text)

        def observe(self, obs, name, item):
            if self.item == "long":
                obs.int(name, item)
            elif self.item == "string":
                obs.string(name, item)
            else:
                obs.double(name, item)

    def drew_bits(sketch):
        """A classic sketch draws bits once its base buffer has been carried up (n >= 2k)."""
        return sketch.n >= 2 * sketch.k

    class QuantilesStage:
        def __init__(self, stage_images, obs):
            self.slots = {}
            self.stage_images = stage_images
            self.obs = obs
            self.bits = engine.OwnBits(obs, "the random bits of classic Quantiles",
                                       "random_utils::random_bit and random_utils::rand")

        def drew(self, op, step):
            self.bits.drew(op, step)

        def slot(self, name):
            if name not in self.slots:
                raise engine.Rejected("slot '%s' does not exist" % name)
            return self.slots[name]

        def create(self, op, tape):
            k = op.get("k", -1)
            if not isinstance(k, int) or not 0 <= k <= 65535:
                raise engine.Rejected("k: missing or not in 0..65535")
            self.slots[op["sketch"]] = Quantiles.new(op.get("item"), k)

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
            before = sketch.n
            update = sketch.update
            for item in items:
                update(item)
            # A carry happens when n crosses a multiple of 2k: every such update drew a bit.
            two_k = 2 * sketch.k
            if sketch.n // two_k > before // two_k:
                self.drew(op, "update")

        def merge(self, op, tape):
            dst = self.slot(op["sketch"])
            src = self.slot(op.get("from"))
            if dst.item != src.item:
                raise engine.Rejected("merge: '%s' holds another item type than '%s'" % (op.get("from"), op["sketch"]))
            dst.sketch.merge(src.sketch)
            if drew_bits(dst.sketch) or drew_bits(src.sketch):
                self.drew(op, "merge")

        def serialize(self, op, tape):
            target = self.slot(op["sketch"])
            form = op.get("form")
            field = "%s.%s" % (op.get("as", op["sketch"]), form)
            if form == "updatable":
                self.obs.unsupported(field, "datasketches-cpp writes the compact form only")
                return
            if form != "compact":
                raise engine.Rejected("form: neither compact nor updatable")
            self.obs.bytes(field, target.serialize())

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
            self.slots[op["sketch"]] = Quantiles.deserialize(op.get("item"), image)

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

    return QuantilesStage
