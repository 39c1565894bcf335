"""The Theta steps of docs/case-format.md on the datasketches Python binding,
for dsconform_python_engine.py (which passes itself in as `engine`, for its
exceptions, item tapes and observations).

The binding lacks, and reports as unsupported:
  - create with a resize factor other than X8 (update_theta_sketch takes lg_k, p, seed only);
  - update on a union (theta_union takes sketches only);
  - serialize form=updatable, and deserialize of update-sketch images: only
    compact sketches have a serialized form;
  - deserialize with mode wrap or writable_wrap (no wrapped_compact_theta_sketch);
  - reset on a union, and the queries lg_k and rf (no accessors);
  - compact from a compact sketch (no compact_theta_sketch(other, ordered)).
"""

import datasketches as ds

FAMILY = "theta"
STEPS = ["create", "union", "intersection", "update", "merge", "result", "compact", "a_not_b", "jaccard",
               "serialize", "deserialize", "reset", "query"]
SKETCH_TYPES = (ds.update_theta_sketch, ds.compact_theta_sketch)



def stage_class(engine):
    """Makes the stage of a Theta case: (stage images, observations) -> ThetaStage."""
    return lambda stage_images, obs: ThetaStage(engine, stage_images, obs)


class ThetaStage:
    def __init__(self, engine, stage_images, obs):
        self.engine = engine
        self.slots = {}
        self.stage_images = stage_images
        self.obs = obs

    def slot(self, name, kinds=None):
        if name not in self.slots:
            raise self.engine.Rejected("slot '%s' does not exist" % name)
        value = self.slots[name]
        if kinds is not None and not isinstance(value, kinds):
            raise self.engine.Rejected("slot '%s' is not a %s" % (name, " or ".join(k.__name__ for k in kinds)))
        return value

    def sketch(self, name):
        return self.slot(name, SKETCH_TYPES)

    @staticmethod
    def seed(op):
        return op.get("seed", 9001)

    @staticmethod
    def ordered(op):
        return op.get("ordered", 1) != 0

    def create(self, op, tape):
        if op.get("rf", 8) != 8:
            raise self.engine.Unsupported(op["sketch"] + ".create",
                                          "the datasketches Python binding has no resize factor (always X8)")
        self.slots[op["sketch"]] = ds.update_theta_sketch(op["lg_k"], float(op.get("p", "1.0")), self.seed(op))

    def union(self, op, tape):
        self.slots[op["sketch"]] = ds.theta_union(op["lg_k"], float(op.get("p", "1.0")), self.seed(op))

    def intersection(self, op, tape):
        self.slots[op["sketch"]] = ds.theta_intersection(self.seed(op))

    def update(self, op, tape):
        target = self.slot(op["sketch"])
        if not isinstance(target, ds.update_theta_sketch):
            raise self.engine.Unsupported(op["sketch"] + ".update", "the binding updates only an update_theta_sketch")
        self.engine.update_all(target, op, tape)

    def merge(self, op, tape):
        self.slot(op["sketch"], (ds.theta_union, ds.theta_intersection)).update(self.sketch(op["from"]))

    def result(self, op, tape):
        self.slots[op["sketch"]] = self.slot(op["from"], (ds.theta_union, ds.theta_intersection)).get_result(
            self.ordered(op))

    def compact(self, op, tape):
        source = self.sketch(op["from"])
        if isinstance(source, ds.update_theta_sketch):
            self.slots[op["sketch"]] = source.compact(self.ordered(op))
            return
        raise self.engine.Unsupported(op["sketch"] + ".compact",
                                      "the binding cannot re-compact a compact sketch (no compact_theta_sketch(other))")

    def a_not_b(self, op, tape):
        self.slots[op["sketch"]] = ds.theta_a_not_b(self.seed(op)).compute(
            self.sketch(op["a"]), self.sketch(op["b"]), self.ordered(op))

    def jaccard(self, op, tape):
        j = ds.theta_jaccard_similarity.jaccard(self.sketch(op["sketch"]), self.sketch(op["with"]), self.seed(op))
        for name, value in zip(("lower", "estimate", "upper"), j):
            self.obs.double("%s.%s" % (op["as"], name), value)

    def serialize(self, op, tape):
        s = self.sketch(op["sketch"])
        form = op.get("form")
        field = "%s.%s" % (op.get("as", op["sketch"]), form)
        if form == "updatable":
            self.obs.unsupported(field, "the binding serializes compact sketches only")
            return
        if form not in ("compact", "compressed"):
            raise self.engine.Rejected("form: '%s' is not compact, compressed or updatable" % form)
        if isinstance(s, ds.update_theta_sketch):
            s = s.compact(True)
        self.obs.bytes(field, s.serialize(form == "compressed"))

    def deserialize(self, op, tape):
        mode = op.get("mode", "heapify")
        name = op["image"]
        image = self.stage_images.get(name, self.obs.images.get(name))
        if image is None:
            raise self.engine.MissingImage(
                "image '%s' is neither an image of the stage nor a byte field it produced" % name)
        if mode in ("wrap", "writable_wrap"):
            raise self.engine.Unsupported(op["sketch"] + ".deserialize", "the binding has no wrapped sketch")
        if len(image) > 2 and image[1] == 3 and image[2] == 2:
            raise self.engine.Unsupported(op["sketch"] + ".deserialize", "the binding reads compact images only")
        self.slots[op["sketch"]] = ds.compact_theta_sketch.deserialize(image, self.seed(op))

    def reset(self, op, tape):
        target = self.slot(op["sketch"])
        if not isinstance(target, ds.update_theta_sketch):
            raise self.engine.Unsupported(op["sketch"] + ".reset", "the binding's theta_union has no reset")
        target.reset()

    def query(self, op, tape):
        target = self.slot(op["sketch"])
        prefix = op.get("as", op["sketch"])
        for q in op.get("queries", []):
            name = "%s.%s" % (prefix, q)
            if isinstance(target, ds.theta_intersection):
                if q != "has_result":
                    raise self.engine.Rejected("queries: '%s' is not defined on an intersection" % q)
                self.obs.bool(name, target.has_result())
                continue
            if not isinstance(target, SKETCH_TYPES):
                raise self.engine.Rejected("queries: '%s' is not defined on a union" % q)
            if self.engine.answer_quickselect_query(self.obs, name, q, target):
                continue
            if q == "is_ordered":
                self.obs.bool(name, target.is_ordered())
            elif q in ("lg_k", "rf"):
                self.obs.unsupported(name, "the binding's update_theta_sketch has no %s accessor" % q)
            else:
                raise self.engine.Rejected("queries: unknown query '%s'" % q)
