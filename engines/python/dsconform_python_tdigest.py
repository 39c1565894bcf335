"""The t-digest steps of docs/case-format.md for the python@<version> engine
(dsconform_python_engine.py), with the same field names and values as the
native engine (engines/native/tdigest_adapter.cc), so the differ compares them
bit for bit.

Value types on the binding: double -> tdigest_double, float -> tdigest_float
(the double of the tape rounded to float by the binding, as the native engine's
cast does). t-digest draws no random bits: the binding is datasketches-cpp's
t-digest and must agree with the cpp engine everywhere.

The binding lacks, and the step yields an unsupported field for:
  - serialize with form=buffer (its serialize has no with_buffer);
Otherwise every step runs, compress included.
"""

FAMILY = "tdigest"
STEPS = ["create", "update", "merge", "compress", "serialize", "deserialize", "query"]


def stage_class(engine):
    """The t-digest stage class, built on the engine module's errors, item tapes
    and observations (passed in, since the engine runs as __main__)."""
    ds = engine.ds
    classes = {"double": ds.tdigest_double, "float": ds.tdigest_float}

    class Digest:
        """A slot: the binding's digest and the value type it holds."""

        def __init__(self, item, digest):
            self.item = item
            self.digest = digest

    class TdigestStage:
        def __init__(self, stage_images, obs):
            self.slots = {}
            self.stage_images = stage_images
            self.obs = obs

        def slot(self, name):
            if name not in self.slots:
                raise engine.Rejected("slot '%s' does not exist" % name)
            return self.slots[name]

        @staticmethod
        def digest_class(item):
            if item not in classes:
                raise engine.Rejected("item: '%s' is not double or float" % item)
            return classes[item]

        def create(self, op, tape):
            k = op.get("k", -1)
            if not isinstance(k, int) or not 0 <= k <= 65535:
                raise engine.Rejected("k: missing or not in 0..65535")
            item = op.get("item")
            self.slots[op["sketch"]] = Digest(item, self.digest_class(item)(k))

        def update(self, op, tape):
            target = self.slot(op["sketch"])
            gen = op["items"]["gen"]
            if engine.ITEM_KINDS.get(gen) != "double":
                raise engine.Rejected("update: t-digest takes a tape of doubles")
            update = target.digest.update
            for item in engine.tape_items("double", tape, op["sketch"] + ".update"):
                update(item)

        def merge(self, op, tape):
            dst = self.slot(op["sketch"])
            src = self.slot(op.get("from"))
            if dst.item != src.item:
                raise engine.Rejected("merge: '%s' holds another value type than '%s'" % (op.get("from"), op["sketch"]))
            dst.digest.merge(src.digest)

        def compress(self, op, tape):
            self.slot(op["sketch"]).digest.compress()

        def serialize(self, op, tape):
            target = self.slot(op["sketch"])
            form = op.get("form")
            field = "%s.%s" % (op.get("as", op["sketch"]), form)
            if form == "buffer":
                self.obs.unsupported(field, "the datasketches Python binding's serialize has no with_buffer")
                return
            if form != "compact":
                raise engine.Rejected("form: neither compact nor buffer")
            self.obs.bytes(field, target.digest.serialize())

        def deserialize(self, op, tape):
            name = op["image"]
            image = self.stage_images.get(name, self.obs.images.get(name))
            if image is None:
                raise engine.MissingImage("image '%s' is not in this stage" % name)
            item = op.get("item")
            self.slots[op["sketch"]] = Digest(item, self.digest_class(item).deserialize(image))

        def query(self, op, tape):
            s = self.slot(op["sketch"]).digest
            prefix = op.get("as", op["sketch"])
            ranks = [float(r) for r in op.get("ranks", [])]
            points = [float(p) for p in op.get("points", [])]
            for q in op.get("queries", []):
                name = "%s.%s" % (prefix, q)
                if q == "n":
                    self.obs.int(name, s.get_total_weight())
                elif q == "k":
                    self.obs.int(name, s.k)
                elif q == "is_empty":
                    self.obs.bool(name, s.is_empty())
                elif q == "min":
                    self.obs.double(name, s.get_min_value())
                elif q == "max":
                    self.obs.double(name, s.get_max_value())
                elif q == "to_string":
                    self.obs.string(name, s.to_string(True))
                elif q == "quantiles":
                    for i, r in enumerate(ranks):
                        self.obs.double("%s[%d]" % (name, i), s.get_quantile(r))
                elif q == "ranks":
                    for i, p in enumerate(points):
                        self.obs.double("%s[%d]" % (name, i), s.get_rank(p))
                elif q in ("pmf", "cdf"):
                    values = s.get_pmf(points) if q == "pmf" else s.get_cdf(points)
                    for i, v in enumerate(values):
                        self.obs.double("%s[%d]" % (name, i), v)
                else:
                    raise engine.Rejected("queries: unknown query '%s'" % q)

    return TdigestStage
