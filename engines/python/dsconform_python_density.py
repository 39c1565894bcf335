"""The density steps of docs/case-format.md for the python@<version> engine
(dsconform_python_engine.py), with the same field names and values as the
native engine (engines/native/density_adapter.cc), so the differ compares them
bit for bit.

The kernel: the binding has no default one. Its density_sketch takes a
KernelFunction, and the wheel's own GaussianKernel (datasketches/KernelFunction.py)
is exp(-|a-b|^2 / (2 bandwidth^2)) through numpy, not datasketches-cpp's
gaussian_kernel exp(-|a-b|^2) (finding DS1). The engine hands every sketch
CppGaussianKernel below: the C++ kernel's function in the C++ kernel's order
(the squared differences summed from the first coordinate, then exp), so
the library code in the wheel computes what the native engine computes.

Random bits: a compaction draws from the wheel's own random_utils::random_bit
and random_utils::rand (thread-local, seeded from the clock and from
std::random_device), and the binding has no call that seeds them. A step with a
`seed` that compacts cannot honour it: it yields "<sketch>.<step>" unsupported
and the slot is unusable from there on. With `seed_optional` (the compaction and accuracy
suites) it draws its own bits, and the field "lang.random_bits" says so,
unsupported, keeping the case's lang. fields out of every comparison with
other languages. Up to k points nothing is compacted and nothing drawn.

The binding lacks, and the step yields an unsupported field for: merge with
how=move (Python has no move: the binding's merge copies).
"""

import math

FAMILY = "density"
STEPS = ["create", "update", "merge", "result", "serialize", "deserialize", "query"]


def stage_class(engine):
    ds = engine.ds

    class CppGaussianKernel(ds.KernelFunction):
        """datasketches-cpp's gaussian_kernel: exp(-sum of (a_i - b_i)^2), summed in order."""

        def __call__(self, a, b):
            s = 0.0
            for x, y in zip(a.tolist(), b.tolist()):
                d = x - y
                s += d * d
            return math.exp(-s)

    kernel = CppGaussianKernel()

    class DensityStage:
        def __init__(self, stage_images, obs):
            self.slots = {}
            self.stage_images = stage_images
            self.obs = obs
            self.bits = engine.OwnBits(obs, "the random bits of density compactions",
                                       "random_utils::random_bit and random_utils::rand")

        def compacted(self, op, step):
            """A step compacted, drawing bits: under a seed the binding cannot honour it."""
            if "seed" in op:
                self.bits.drew(op, step)

        def slot(self, name):
            if name not in self.slots:
                raise engine.Rejected("slot '%s' does not exist" % name)
            return self.slots[name]

        def create(self, op, tape):
            self.slots[op["sketch"]] = ds.density_sketch(op.get("k"), op.get("dim"), kernel)

        def update(self, op, tape):
            sketch = self.slot(op["sketch"])
            if engine.ITEM_KINDS.get(op["items"]["gen"]) != "double":
                raise engine.Rejected("update: no doubles")
            dim = sketch.dim
            if dim == 0:
                raise engine.Rejected("update: a sketch of dimension 0 takes no items")
            items = engine.tape_items("double", tape, op["sketch"] + ".update")
            if len(items) % dim:
                raise engine.Rejected("update: the items are not a whole number of points")
            scale = float(op.get("scale", "1"))
            retained = sketch.num_retained
            update = sketch.update
            for i in range(0, len(items), dim):
                update([x * scale for x in items[i:i + dim]])
            # A compaction of a level (k points or more) drops at least one of them: without one,
            # every point is retained.
            if sketch.num_retained < retained + len(items) // dim:
                self.compacted(op, "update")

        def merge(self, op, tape):
            sketch = self.slot(op["sketch"])
            src = self.slot(op.get("from"))
            if op.get("how", "copy") == "move":
                raise engine.Unsupported(op["sketch"] + ".merge", "Python has no move: the binding's merge copies")
            retained = sketch.num_retained + src.num_retained
            sketch.merge(src)
            if sketch.num_retained < retained:
                self.compacted(op, "merge")

        def result(self, op, tape):
            sketch = self.slot(op["sketch"])
            as_ = op["as"]
            self.obs.int(as_ + ".retained.size", sketch.num_retained)
            for i, (point, weight) in enumerate(sketch):
                self.obs.int("%s.retained[%d].weight" % (as_, i), weight)
                for j, x in enumerate(point):
                    self.obs.double("%s.retained[%d][%d]" % (as_, i, j), x)

        def serialize(self, op, tape):
            sketch = self.slot(op["sketch"])
            self.obs.bytes("%s.%s" % (op.get("as", op["sketch"]), op.get("form")), sketch.serialize())

        def deserialize(self, op, tape):
            name = op["image"]
            image = self.stage_images.get(name, self.obs.images.get(name))
            if image is None:
                raise engine.MissingImage("image '%s' is not in this stage" % name)
            self.slots[op["sketch"]] = ds.density_sketch.deserialize(image, kernel)

        def query(self, op, tape):
            s = self.slot(op["sketch"])
            prefix = op.get("as", op["sketch"])
            for q in op.get("queries", []):
                name = "%s.%s" % (prefix, q)
                if q == "n":
                    self.obs.int(name, s.n)
                elif q == "k":
                    self.obs.int(name, s.k)
                elif q == "dim":
                    self.obs.int(name, s.dim)
                elif q == "num_retained":
                    self.obs.int(name, s.num_retained)
                elif q == "is_empty":
                    self.obs.bool(name, s.is_empty())
                elif q == "is_estimation_mode":
                    self.obs.bool(name, s.is_estimation_mode())
                elif q == "estimates":
                    points = [float(x) for x in op.get("points", [])]
                    dim = s.dim
                    if dim == 0 or len(points) % dim:
                        raise engine.Rejected("points: not a whole number of points of the sketch's dimension")
                    for i in range(len(points) // dim):
                        self.obs.double("%s[%d]" % (name, i), s.get_estimate(points[i * dim:(i + 1) * dim]))
                else:
                    raise engine.Rejected("queries: unknown query '%s'" % q)

    return DensityStage
