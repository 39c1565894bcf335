"""The REQ steps of docs/case-format.md for the python@<version> engine
(dsconform_python_engine.py), with the same field names and values as the
native engine (engines/native/req_adapter.cc), so the differ compares them bit
for bit.

Items: req_floats_sketch (float items, as datasketches-cpp's req_sketch<float>
and datasketches-java's ReqSketch); the binding rounds each Python float to
float itself. Its `get_quantile`, `get_rank`, `get_pmf` and `get_cdf` default
to the exclusive criterion (datasketches-cpp's to the inclusive): every call
here names it.

Random bits: the wheel's compactors draw their coin from its own
`random_utils::random_bit`, a static thread_local engine seeded from the
clock, and the binding has no call that seeds it. Every compaction depends on
such a coin (from an even state a fresh one, from an odd one the opposite of
the last), so a step that compacted (an update or merge after which fewer
items are retained than it added) makes "<sketch>.<step>" unsupported and
leaves the slot unusable; a step with `seed_optional` (an accuracy study)
uses the binding's own bits and says so in "lang.random_bits". The reader's
own draw (one coin per compactor) shows only in a later compaction, which
that rule already catches. Steps that stay exact draw no bit and are compared.
"""

FAMILY = "req"
STEPS = ["create", "update", "merge", "serialize", "deserialize", "query"]


def stage_class(engine):
    ds = engine.ds

    class ReqStage:
        def __init__(self, stage_images, obs):
            self.slots = {}
            self.stage_images = stage_images
            self.obs = obs
            self.bits = engine.OwnBits(obs, "the random bits of REQ compactions", "random_utils::random_bit")

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
            if op.get("item", "float") != "float":
                raise engine.Rejected("item: only float")
            self.slots[op["sketch"]] = ds.req_floats_sketch(k, bool(op.get("hra", True)))

        def update(self, op, tape):
            sketch = self.slot(op["sketch"])
            gen = op["items"]["gen"]
            if gen not in engine.ITEM_KINDS:
                raise engine.Rejected("items: unknown generator '%s'" % gen)
            kind = engine.ITEM_KINDS[gen]
            if kind != "double":
                raise engine.Rejected("items of kind %s do not fit a float sketch" % kind)
            n, retained = sketch.n, sketch.num_retained
            update = sketch.update
            for item in engine.tape_items(kind, tape, op["sketch"] + ".update"):
                update(item)
            # Without a compaction every item counted (NaN is neither counted nor kept) is retained.
            if sketch.num_retained - retained != sketch.n - n:
                self.drew(op, "update")

        def merge(self, op, tape):
            dst = self.slot(op["sketch"])
            src = self.slot(op.get("from"))
            retained = dst.num_retained + src.num_retained
            dst.merge(src)
            if dst.num_retained != retained:
                self.drew(op, "merge")

        def serialize(self, op, tape):
            sketch = self.slot(op["sketch"])
            if op.get("form") != "compact":
                raise engine.Rejected("form: only compact")
            self.obs.bytes("%s.compact" % op.get("as", op["sketch"]), sketch.serialize())

        def deserialize(self, op, tape):
            name = op["image"]
            image = self.stage_images.get(name, self.obs.images.get(name))
            if image is None:
                raise engine.MissingImage("image '%s' is not in this stage" % name)
            if op.get("item", "float") != "float":
                raise engine.Rejected("item: only float")
            self.slots[op["sketch"]] = ds.req_floats_sketch.deserialize(image)

        def query(self, op, tape):
            s = self.slot(op["sketch"])
            prefix = op.get("as", op["sketch"])
            ranks = [float(r) for r in op.get("ranks", [])]
            points = [float(p) for p in op.get("points", [])]
            for q in op.get("queries", []):
                name = "%s.%s" % (prefix, q)
                inclusive = not q.endswith("_excl")
                base = q[:-5] if not inclusive else q
                if q == "n":
                    self.obs.int(name, s.n)
                elif q == "k":
                    self.obs.int(name, s.k)
                elif q == "hra":
                    self.obs.bool(name, s.is_hra())
                elif q == "num_retained":
                    self.obs.int(name, s.num_retained)
                elif q == "is_empty":
                    self.obs.bool(name, s.is_empty())
                elif q == "is_estimation_mode":
                    self.obs.bool(name, s.is_estimation_mode())
                elif q == "min":
                    self.obs.double(name, s.get_min_value())
                elif q == "max":
                    self.obs.double(name, s.get_max_value())
                elif base == "quantiles":
                    for i, r in enumerate(ranks):
                        self.obs.double("%s[%d]" % (name, i), s.get_quantile(r, inclusive))
                elif base == "ranks":
                    for i, p in enumerate(points):
                        self.obs.double("%s[%d]" % (name, i), s.get_rank(p, inclusive))
                elif base in ("pmf", "cdf"):
                    values = s.get_pmf(points, inclusive) if base == "pmf" else s.get_cdf(points, inclusive)
                    for i, v in enumerate(values):
                        self.obs.double("%s[%d]" % (name, i), v)
                elif q == "rse":
                    for i, r in enumerate(ranks):
                        self.obs.double("%s[%d]" % (name, i), ds.req_floats_sketch.get_RSE(s.k, r, s.is_hra(), s.n))
                elif len(q) == 8 and q[:7] in ("rank_lb", "rank_ub") and q[7] in "123":
                    bound = s.get_rank_lower_bound if q[5] == "l" else s.get_rank_upper_bound
                    for i, r in enumerate(ranks):
                        self.obs.double("%s[%d]" % (name, i), bound(r, int(q[7])))
                else:
                    raise engine.Rejected("queries: unknown query '%s'" % q)

    return ReqStage
