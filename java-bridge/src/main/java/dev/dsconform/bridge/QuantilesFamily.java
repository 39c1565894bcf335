package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Field;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.datasketches.common.ArrayOfItemsSerDe;
import org.apache.datasketches.common.ArrayOfLongsSerDe;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.common.MemorySegmentRequest;
import org.apache.datasketches.quantiles.QuantilesDoublesSketch;
import org.apache.datasketches.quantiles.QuantilesDoublesUnion;
import org.apache.datasketches.quantiles.QuantilesItemsSketch;
import org.apache.datasketches.quantiles.QuantilesItemsUnion;
import org.apache.datasketches.quantiles.UpdatableQuantilesDoublesSketch;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

/**
 * The Classic Quantiles steps of docs/case-format.md on datasketches-java 9.x
 * (org.apache.datasketches.quantiles, the same class names in 9.0.0 and 9.1.0).
 *
 * <p>Random bits: a doubles sketch zips and downsamples with the package-private
 * {@code static Random QuantilesDoublesSketch.rand}, reached by reflection; an items sketch with
 * the public {@code static final Random QuantilesItemsSketch.rand}. A step carrying {@code seed}
 * reseeds the one its slot uses, and steps that may draw run holding one lock.
 *
 * <p>A merge is the library's union of the target's k: {@code builder().setMaxK(k)} (java-direct:
 * in a MemorySegment) given the target, then the source; its result replaces the target.
 */
final class QuantilesFamily implements Family {
  private static final class Draws {
    /** Null when a version hides it: seeded steps on doubles then fail. */
    static final Random DOUBLES = doublesRandom();
    static final Random ITEMS = QuantilesItemsSketch.rand;
    static final Object LOCK = new Object();
    static final ArrayOfStringsSerDe STRINGS = new ArrayOfStringsSerDe();
    static final ArrayOfLongsSerDe LONGS = new ArrayOfLongsSerDe();

    private static Random doublesRandom() {
      try {
        Field f = QuantilesDoublesSketch.class.getDeclaredField("rand");
        f.setAccessible(true);
        return (Random) f.get(null);
      } catch (ReflectiveOperationException | RuntimeException e) {
        return null;
      }
    }
  }

  @Override
  public String name() {
    return "quantiles";
  }

  @Override
  public java.util.List<String> steps(boolean direct) {
    return java.util.List.of("create", "update", "merge", "serialize", "deserialize", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  private interface Slot extends ItemTape.Sink {
    int k();

    long n();

    int numRetained();

    boolean isEmpty();

    boolean isEstimationMode();

    double rankError(boolean pmf);

    void quantile(ResultWriter out, String field, double rank, QuantileSearchCriteria c);

    void min(ResultWriter out, String field);

    void max(ResultWriter out, String field);

    double rank(String point, QuantileSearchCriteria c);

    double[] pmf(String[] points, QuantileSearchCriteria c);

    double[] cdf(String[] points, QuantileSearchCriteria c);

    byte[] image(boolean compact);

    /** This slot merged with another of its item type: the union's result. */
    Slot merged(Slot other, boolean direct);

    Random random();
  }

  private static IllegalArgumentException wrongItems(String kind, String sketchItems) {
    return new IllegalArgumentException(kind + " items do not fit a sketch of " + sketchItems);
  }

  private static final class Doubles implements Slot {
    QuantilesDoublesSketch s;

    Doubles(QuantilesDoublesSketch s) {
      this.s = s;
    }

    public int k() { return s.getK(); }
    public long n() { return s.getN(); }
    public int numRetained() { return s.getNumRetained(); }
    public boolean isEmpty() { return s.isEmpty(); }
    public boolean isEstimationMode() { return s.isEstimationMode(); }
    public double rankError(boolean pmf) { return s.getNormalizedRankError(pmf); }
    public void quantile(ResultWriter out, String f, double r, QuantileSearchCriteria c) { out.dbl(f, s.getQuantile(r, c)); }
    public void min(ResultWriter out, String f) { out.dbl(f, s.getMinItem()); }
    public void max(ResultWriter out, String f) { out.dbl(f, s.getMaxItem()); }
    public double rank(String p, QuantileSearchCriteria c) { return s.getRank(Double.parseDouble(p), c); }
    public double[] pmf(String[] p, QuantileSearchCriteria c) { return s.getPMF(parse(p), c); }
    public double[] cdf(String[] p, QuantileSearchCriteria c) { return s.getCDF(parse(p), c); }
    public byte[] image(boolean compact) { return s.toByteArray(compact); }
    public Random random() { return Draws.DOUBLES; }

    public Slot merged(Slot other, boolean direct) {
      QuantilesDoublesUnion u = direct
          ? QuantilesDoublesUnion.builder().setMaxK(s.getK()).build(
              MemorySegment.ofArray(new byte[QuantilesDoublesSketch.getUpdatableStorageBytes(s.getK(), 1L << 20)]),
              MemorySegmentRequest.DEFAULT)
          : QuantilesDoublesUnion.builder().setMaxK(s.getK()).build();
      u.union(s);
      u.union(((Doubles) other).s);
      return new Doubles(u.getResult());
    }

    public void add(long item) { throw wrongItems("long", "doubles"); }
    public void add(double item) { updatable().update(item); }
    public void add(String item) { throw wrongItems("string", "doubles"); }
    public void add(byte[] item) { throw wrongItems("bytes", "doubles"); }

    private UpdatableQuantilesDoublesSketch updatable() {
      if (!(s instanceof UpdatableQuantilesDoublesSketch u)) throw new IllegalStateException("a compact sketch cannot be updated");
      return u;
    }

    private static double[] parse(String[] p) {
      double[] v = new double[p.length];
      for (int i = 0; i < p.length; ++i) v[i] = Double.parseDouble(p[i]);
      return v;
    }
  }

  /** Longs and strings: QuantilesItemsSketch with natural order and the library's serde. */
  private static final class Items<T extends Comparable<T>> implements Slot {
    QuantilesItemsSketch<T> s;
    final Class<T> clazz;
    final ArrayOfItemsSerDe<T> serde;
    final java.util.function.Function<String, T> parse;

    Items(QuantilesItemsSketch<T> s, Class<T> clazz, ArrayOfItemsSerDe<T> serde, java.util.function.Function<String, T> parse) {
      this.s = s;
      this.clazz = clazz;
      this.serde = serde;
      this.parse = parse;
    }

    public int k() { return s.getK(); }
    public long n() { return s.getN(); }
    public int numRetained() { return s.getNumRetained(); }
    public boolean isEmpty() { return s.isEmpty(); }
    public boolean isEstimationMode() { return s.isEstimationMode(); }
    public double rankError(boolean pmf) { return s.getNormalizedRankError(pmf); }
    public void quantile(ResultWriter out, String f, double r, QuantileSearchCriteria c) { item(out, f, s.getQuantile(r, c)); }
    public void min(ResultWriter out, String f) { item(out, f, s.getMinItem()); }
    public void max(ResultWriter out, String f) { item(out, f, s.getMaxItem()); }
    public double rank(String p, QuantileSearchCriteria c) { return s.getRank(parse.apply(p), c); }
    public double[] pmf(String[] p, QuantileSearchCriteria c) { return s.getPMF(parse(p), c); }
    public double[] cdf(String[] p, QuantileSearchCriteria c) { return s.getCDF(parse(p), c); }
    public byte[] image(boolean compact) { return s.toByteArray(compact, serde); }
    public Random random() { return Draws.ITEMS; }

    public Slot merged(Slot other, boolean direct) {
      QuantilesItemsUnion<T> u = QuantilesItemsUnion.getInstance(clazz, s.getK(), Comparator.naturalOrder());
      u.union(s);
      @SuppressWarnings("unchecked")
      Items<T> o = (Items<T>) other;
      u.union(o.s);
      return new Items<>(u.getResult(), clazz, serde, parse);
    }

    public void add(long item) {
      if (clazz != Long.class) throw wrongItems("long", "strings");
      s.update(clazz.cast(item));
    }
    public void add(double item) { throw wrongItems("double", clazz.getSimpleName()); }
    public void add(String item) {
      if (clazz != String.class) throw wrongItems("string", "longs");
      s.update(clazz.cast(item));
    }
    public void add(byte[] item) { throw wrongItems("bytes", clazz.getSimpleName()); }

    private static void item(ResultWriter out, String f, Object v) {
      if (v instanceof Long l) out.integer(f, l);
      else out.string(f, (String) v);
    }

    @SuppressWarnings("unchecked")
    private T[] parse(String[] p) {
      T[] v = (T[]) java.lang.reflect.Array.newInstance(clazz, p.length);
      for (int i = 0; i < p.length; ++i) v[i] = parse.apply(p[i]);
      return v;
    }
  }

  private static Items<Long> longs(QuantilesItemsSketch<Long> s) {
    return new Items<>(s, Long.class, Draws.LONGS, Long::parseLong);
  }

  private static Items<String> strings(QuantilesItemsSketch<String> s) {
    return new Items<>(s, String.class, Draws.STRINGS, p -> p);
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
        case "create" -> slots.put(op.slot(), create(op.arg("item"), op.intArg("k")));
        case "update" -> {
          Slot s = slot(op.slot());
          synchronized (Draws.LOCK) {
            pin(op, s);
            ctx.items(op, s);
          }
        }
        case "merge" -> {
          Slot into = slot(op.slot());
          Slot from = slot(op.arg("from"));
          synchronized (Draws.LOCK) {
            pin(op, into);
            slots.put(op.slot(), into.merged(from, ctx.direct));
          }
        }
        case "serialize" -> {
          String form = op.arg("form");
          if (!form.equals("compact") && !form.equals("updatable")) throw new IllegalArgumentException("unknown form " + form);
          ctx.image(op.arg("as", op.slot()) + "." + form, slot(op.slot()).image(form.equals("compact")));
        }
        case "deserialize" -> {
          String mode = op.arg("mode", "heapify");
          String item = op.arg("item");
          if (mode.equals("wrap") && !item.equals("double")) {
            ctx.out.unsupported(op.slot() + ".deserialize", "datasketches-java wraps doubles sketches only");
            unsupportedSlots.add(op.slot());
            return false;
          }
          slots.put(op.slot(), deserialize(item, ctx.imageCopy(op.arg("image")), mode));
        }
        case "query" -> query(op);
        default -> {
          unsupportedSlots.add(op.slot());
          return false;
        }
      }
      return true;
    }

    private static void pin(ProgramReader.Op op, Slot s) {
      String seed = op.arg("seed", null);
      if (seed == null) return;
      if (s.random() == null) throw new IllegalStateException("QuantilesDoublesSketch.rand is not reachable: random bits cannot be pinned");
      s.random().setSeed(Long.parseLong(seed));
    }

    private Slot create(String item, int k) {
      return switch (item) {
        case "double" -> new Doubles(ctx.direct
            ? QuantilesDoublesSketch.builder().setK(k).build(
                MemorySegment.ofArray(new byte[QuantilesDoublesSketch.getUpdatableStorageBytes(k, 2L * k)]), MemorySegmentRequest.DEFAULT)
            : QuantilesDoublesSketch.builder().setK(k).build());
        case "long" -> longs(QuantilesItemsSketch.getInstance(Long.class, k, Comparator.naturalOrder()));
        case "string" -> strings(QuantilesItemsSketch.getInstance(String.class, k, Comparator.naturalOrder()));
        default -> throw new IllegalArgumentException("unknown item type " + item);
      };
    }

    private static Slot deserialize(String item, byte[] image, String mode) {
      MemorySegment seg = MemorySegment.ofArray(image);
      return switch (item) {
        case "double" -> new Doubles(switch (mode) {
          case "heapify" -> UpdatableQuantilesDoublesSketch.heapify(seg);
          case "wrap" -> QuantilesDoublesSketch.wrap(seg);
          default -> throw new IllegalArgumentException("unknown deserialize mode " + mode);
        });
        case "long" -> longs(QuantilesItemsSketch.heapify(Long.class, seg, Comparator.naturalOrder(), Draws.LONGS));
        case "string" -> strings(QuantilesItemsSketch.heapify(String.class, seg, Comparator.naturalOrder(), Draws.STRINGS));
        default -> throw new IllegalArgumentException("unknown item type " + item);
      };
    }

    private void query(ProgramReader.Op op) {
      Slot s = slot(op.slot());
      String prefix = op.arg("as", op.slot()) + ".";
      String[] ranks = op.listArg("ranks");
      String[] points = op.listArg("points");
      for (String q : op.arg("queries").split(",")) {
        String f = prefix + q;
        boolean excl = q.endsWith("_excl");
        QuantileSearchCriteria c = excl ? QuantileSearchCriteria.EXCLUSIVE : QuantileSearchCriteria.INCLUSIVE;
        String base = excl ? q.substring(0, q.length() - 5) : q;
        switch (base) {
          case "n" -> ctx.out.integer(f, s.n());
          case "k" -> ctx.out.integer(f, s.k());
          case "num_retained" -> ctx.out.integer(f, s.numRetained());
          case "is_empty" -> ctx.out.bool(f, s.isEmpty());
          case "is_estimation_mode" -> ctx.out.bool(f, s.isEstimationMode());
          case "min" -> s.min(ctx.out, f);
          case "max" -> s.max(ctx.out, f);
          case "rank_error" -> ctx.out.dbl(f, s.rankError(false));
          case "rank_error_pmf" -> ctx.out.dbl(f, s.rankError(true));
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
