package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Field;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.common.MemorySegmentRequest;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.kll.KllFloatsSketch;
import org.apache.datasketches.kll.KllItemsSketch;
import org.apache.datasketches.kll.KllLongsSketch;
import org.apache.datasketches.kll.KllSketch;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

/**
 * The KLL steps of docs/case-format.md on datasketches-java 9.x (API present in every 9.x release).
 * Copies, assignments and the float-to-double conversion are C++ only: reported unsupported.
 *
 * <p>KLL compactions draw their bits from one package-private {@code static final Random
 * KllSketch.random} per class loader; there is no public way to seed it, so the bridge reaches it
 * by reflection. A step carrying {@code seed} reseeds it first, and every step that may compact
 * runs while holding it, so concurrent engines of one version never interleave their draws.
 */
final class KllFamily implements Family {
  /**
   * The compaction Random, resolved on first use (not when BatchRunner registers the family), so a
   * datasketches-java this JVM cannot load fails in BatchRunner.probe with the JVM's own error.
   */
  private static final class Draws {
    /** Null when a version hides it otherwise: seeded steps then fail, HLL and the rest still run. */
    static final Random RANDOM = compactionRandom();
    /** Held by every step that may compact; the Random itself, so both engines of a version share it. */
    static final Object LOCK = RANDOM != null ? RANDOM : new Object();
    static final ArrayOfStringsSerDe STRINGS = new ArrayOfStringsSerDe();

    private static Random compactionRandom() {
      try {
        Field f = KllSketch.class.getDeclaredField("random");
        f.setAccessible(true);
        return (Random) f.get(null);
      } catch (ReflectiveOperationException | RuntimeException e) {
        return null;
      }
    }
  }

  @Override
  public String name() {
    return "kll";
  }

  @Override
  public java.util.List<String> steps(boolean direct) {
    return java.util.List.of("create", "update", "merge", "serialize", "deserialize", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /** One slot's sketch with the calls whose signatures depend on the item type. */
  private interface Slot extends ItemTape.Sink {
    KllSketch sketch();

    void quantile(ResultWriter out, String field, double rank, QuantileSearchCriteria c);

    void min(ResultWriter out, String field);

    void max(ResultWriter out, String field);

    double rank(String point, QuantileSearchCriteria c);

    double[] pmf(String[] points, QuantileSearchCriteria c);

    double[] cdf(String[] points, QuantileSearchCriteria c);

    byte[] image();

    void merge(Slot other);
  }

  private static IllegalArgumentException wrongItems(String kind, String sketchItems) {
    return new IllegalArgumentException(kind + " items do not fit a sketch of " + sketchItems);
  }

  private record Doubles(KllDoublesSketch s) implements Slot {
    public KllSketch sketch() { return s; }
    public void quantile(ResultWriter out, String f, double r, QuantileSearchCriteria c) { out.dbl(f, s.getQuantile(r, c)); }
    public void min(ResultWriter out, String f) { out.dbl(f, s.getMinItem()); }
    public void max(ResultWriter out, String f) { out.dbl(f, s.getMaxItem()); }
    public double rank(String p, QuantileSearchCriteria c) { return s.getRank(Double.parseDouble(p), c); }
    public double[] pmf(String[] p, QuantileSearchCriteria c) { return s.getPMF(parse(p), c); }
    public double[] cdf(String[] p, QuantileSearchCriteria c) { return s.getCDF(parse(p), c); }
    public byte[] image() { return s.toByteArray(); }
    public void merge(Slot o) { s.merge(o.sketch()); }
    public void add(long item) { throw wrongItems("long", "doubles"); }
    public void add(double item) { s.update(item); }
    public void add(String item) { throw wrongItems("string", "doubles"); }
    public void add(byte[] item) { throw wrongItems("bytes", "doubles"); }
    private static double[] parse(String[] p) {
      double[] v = new double[p.length];
      for (int i = 0; i < p.length; ++i) v[i] = Double.parseDouble(p[i]);
      return v;
    }
  }

  private record Floats(KllFloatsSketch s) implements Slot {
    public KllSketch sketch() { return s; }
    public void quantile(ResultWriter out, String f, double r, QuantileSearchCriteria c) { out.dbl(f, s.getQuantile(r, c)); }
    public void min(ResultWriter out, String f) { out.dbl(f, s.getMinItem()); }
    public void max(ResultWriter out, String f) { out.dbl(f, s.getMaxItem()); }
    public double rank(String p, QuantileSearchCriteria c) { return s.getRank(Float.parseFloat(p), c); }
    public double[] pmf(String[] p, QuantileSearchCriteria c) { return s.getPMF(parse(p), c); }
    public double[] cdf(String[] p, QuantileSearchCriteria c) { return s.getCDF(parse(p), c); }
    public byte[] image() { return s.toByteArray(); }
    public void merge(Slot o) { s.merge(o.sketch()); }
    public void add(long item) { throw wrongItems("long", "floats"); }
    public void add(double item) { s.update((float) item); }  // rounded to float, as a user's cast does
    public void add(String item) { throw wrongItems("string", "floats"); }
    public void add(byte[] item) { throw wrongItems("bytes", "floats"); }
    private static float[] parse(String[] p) {
      float[] v = new float[p.length];
      for (int i = 0; i < p.length; ++i) v[i] = Float.parseFloat(p[i]);
      return v;
    }
  }

  private record Longs(KllLongsSketch s) implements Slot {
    public KllSketch sketch() { return s; }
    public void quantile(ResultWriter out, String f, double r, QuantileSearchCriteria c) { out.integer(f, s.getQuantile(r, c)); }
    public void min(ResultWriter out, String f) { out.integer(f, s.getMinItem()); }
    public void max(ResultWriter out, String f) { out.integer(f, s.getMaxItem()); }
    public double rank(String p, QuantileSearchCriteria c) { return s.getRank(Long.parseLong(p), c); }
    public double[] pmf(String[] p, QuantileSearchCriteria c) { return s.getPMF(parse(p), c); }
    public double[] cdf(String[] p, QuantileSearchCriteria c) { return s.getCDF(parse(p), c); }
    public byte[] image() { return s.toByteArray(); }
    public void merge(Slot o) { s.merge(o.sketch()); }
    public void add(long item) { s.update(item); }
    public void add(double item) { throw wrongItems("double", "longs"); }
    public void add(String item) { throw wrongItems("string", "longs"); }
    public void add(byte[] item) { throw wrongItems("bytes", "longs"); }
    private static long[] parse(String[] p) {
      long[] v = new long[p.length];
      for (int i = 0; i < p.length; ++i) v[i] = Long.parseLong(p[i]);
      return v;
    }
  }

  private record Strings(KllItemsSketch<String> s) implements Slot {
    public KllSketch sketch() { return s; }
    public void quantile(ResultWriter out, String f, double r, QuantileSearchCriteria c) { out.string(f, s.getQuantile(r, c)); }
    public void min(ResultWriter out, String f) { out.string(f, s.getMinItem()); }
    public void max(ResultWriter out, String f) { out.string(f, s.getMaxItem()); }
    public double rank(String p, QuantileSearchCriteria c) { return s.getRank(p, c); }
    public double[] pmf(String[] p, QuantileSearchCriteria c) { return s.getPMF(p, c); }
    public double[] cdf(String[] p, QuantileSearchCriteria c) { return s.getCDF(p, c); }
    public byte[] image() { return s.toByteArray(); }
    public void merge(Slot o) { s.merge(o.sketch()); }
    public void add(long item) { throw wrongItems("long", "strings"); }
    public void add(double item) { throw wrongItems("double", "strings"); }
    public void add(String item) { s.update(item); }
    public void add(byte[] item) { throw wrongItems("bytes", "strings"); }
  }

  private static final class Stage implements StageExecutor {
    private final StageContext ctx;
    private final Map<String, Slot> slots = new HashMap<>();
    private final Set<String> unsupportedSlots = new HashSet<>();

    Stage(StageContext ctx) {
      this.ctx = ctx;
    }

    @Override
    public void drop(String slot) {
      slots.remove(slot);
    }

    @Override
    public boolean execute(ProgramReader.Op op) {
      if (unsupportedSlots.contains(op.slot()) || unsupportedSlots.contains(op.arg("from", ""))) {
        unsupportedSlots.add(op.slot());
        return false;
      }
      switch (op.name()) {
        case "create" -> slots.put(op.slot(), newSketch(op.arg("item"), op.intArg("k")));
        case "update" -> {
          Slot s = slot(op.slot());
          synchronized (Draws.LOCK) {
            pin(op);
            ctx.items(op, s);
          }
        }
        case "merge" -> {
          Slot into = slot(op.slot());
          Slot from = slot(op.arg("from"));
          synchronized (Draws.LOCK) {
            pin(op);
            into.merge(from);  // how=move: Java has no move; the source is left as it was
          }
        }
        case "serialize" -> ctx.image(op.arg("as", op.slot()) + ".compact", slot(op.slot()).image());
        case "deserialize" -> slots.put(op.slot(), deserialize(op.arg("item"), ctx.imageCopy(op.arg("image")),
            op.arg("mode", "heapify")));
        case "query" -> query(op);
        default -> {
          // copy, assignment and convert have no Java counterpart
          unsupportedSlots.add(op.slot());
          return false;
        }
      }
      return true;
    }

    private static void pin(ProgramReader.Op op) {
      String seed = op.arg("seed", null);
      if (seed == null) return;
      if (Draws.RANDOM == null) {
        throw new IllegalStateException("KllSketch.random is not reachable: random bits cannot be pinned");
      }
      Draws.RANDOM.setSeed(Long.parseLong(seed));
    }

    private Slot newSketch(String item, int k) {
      if (ctx.direct) {
        // java-direct: the sketch lives in a MemorySegment (strings have no such form: heap).
        return switch (item) {
          case "double" -> new Doubles(KllDoublesSketch.newDirectInstance(k, segment(k, KllSketch.SketchType.KLL_DOUBLES_SKETCH), MemorySegmentRequest.DEFAULT));
          case "float" -> new Floats(KllFloatsSketch.newDirectInstance(k, segment(k, KllSketch.SketchType.KLL_FLOATS_SKETCH), MemorySegmentRequest.DEFAULT));
          case "long" -> new Longs(KllLongsSketch.newDirectInstance(k, segment(k, KllSketch.SketchType.KLL_LONGS_SKETCH), MemorySegmentRequest.DEFAULT));
          default -> newHeap(item, k);
        };
      }
      return newHeap(item, k);
    }

    private static MemorySegment segment(int k, KllSketch.SketchType type) {
      return MemorySegment.ofArray(new byte[KllSketch.getMaxSerializedSizeBytes(k, k, type, true)]);
    }

    private static Slot newHeap(String item, int k) {
      return switch (item) {
        case "double" -> new Doubles(KllDoublesSketch.newHeapInstance(k));
        case "float" -> new Floats(KllFloatsSketch.newHeapInstance(k));
        case "long" -> new Longs(KllLongsSketch.newHeapInstance(k));
        case "string" -> new Strings(KllItemsSketch.newHeapInstance(k, Comparator.naturalOrder(), Draws.STRINGS));
        default -> throw new IllegalArgumentException("unknown item type " + item);
      };
    }

    private static Slot deserialize(String item, byte[] image, String mode) {
      MemorySegment seg = MemorySegment.ofArray(image);
      boolean wrap = mode.equals("wrap");
      if (!wrap && !mode.equals("heapify")) throw new IllegalArgumentException("unknown deserialize mode " + mode);
      return switch (item) {
        case "double" -> new Doubles(wrap ? KllDoublesSketch.wrap(seg) : KllDoublesSketch.heapify(seg));
        case "float" -> new Floats(wrap ? KllFloatsSketch.wrap(seg) : KllFloatsSketch.heapify(seg));
        case "long" -> new Longs(wrap ? KllLongsSketch.wrap(seg) : KllLongsSketch.heapify(seg));
        case "string" -> new Strings(wrap ? KllItemsSketch.wrap(seg, Comparator.naturalOrder(), Draws.STRINGS)
                                          : KllItemsSketch.heapify(seg, Comparator.naturalOrder(), Draws.STRINGS));
        default -> throw new IllegalArgumentException("unknown item type " + item);
      };
    }

    private void query(ProgramReader.Op op) {
      Slot s = slot(op.slot());
      KllSketch k = s.sketch();
      String prefix = op.arg("as", op.slot()) + ".";
      String[] ranks = op.listArg("ranks");
      String[] points = op.listArg("points");
      for (String q : op.arg("queries").split(",")) {
        String f = prefix + q;
        boolean excl = q.endsWith("_excl");
        QuantileSearchCriteria c = excl ? QuantileSearchCriteria.EXCLUSIVE : QuantileSearchCriteria.INCLUSIVE;
        String base = excl ? q.substring(0, q.length() - 5) : q;
        switch (base) {
          case "n" -> ctx.out.integer(f, k.getN());
          case "k" -> ctx.out.integer(f, k.getK());
          case "num_retained" -> ctx.out.integer(f, k.getNumRetained());
          case "is_empty" -> ctx.out.bool(f, k.isEmpty());
          case "is_estimation_mode" -> ctx.out.bool(f, k.isEstimationMode());
          case "min" -> s.min(ctx.out, f);
          case "max" -> s.max(ctx.out, f);
          case "rank_error" -> ctx.out.dbl(f, k.getNormalizedRankError(false));
          case "rank_error_pmf" -> ctx.out.dbl(f, k.getNormalizedRankError(true));
          case "serialized_size" -> ctx.out.integer(f, k.getSerializedSizeBytes());
          case "to_string", "heap_bytes" -> ctx.out.unsupported(f, "a native-only observation");
          case "quantiles" -> {
            for (int i = 0; i < ranks.length; ++i) s.quantile(ctx.out, f + "[" + i + "]", Double.parseDouble(ranks[i]), c);
          }
          case "ranks" -> {
            for (int i = 0; i < points.length; ++i) ctx.out.dbl(f + "[" + i + "]", s.rank(points[i], c));
          }
          case "pmf", "cdf" -> {
            double[] v = base.equals("pmf") ? s.pmf(points, c) : s.cdf(points, c);
            for (int i = 0; i < v.length; ++i) ctx.out.dbl(f + "[" + i + "]", v[i]);
          }
          default -> throw new IllegalArgumentException("unknown query " + q);
        }
      }
    }


    private Slot slot(String name) {
      Slot s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }
  }
}
