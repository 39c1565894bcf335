package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.datasketches.common.ArrayOfItemsSerDe;
import org.apache.datasketches.common.ArrayOfLongsSerDe;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.common.ArrayOfUtf16StringsSerDe;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.FrequentItemsSketch;
import org.apache.datasketches.frequencies.FrequentLongsSketch;

/**
 * The Frequent items steps of docs/case-format.md on datasketches-java 9.x: long items on
 * {@code FrequentLongsSketch} (impl longs, the default) or {@code FrequentItemsSketch<Long>} with
 * {@code ArrayOfLongsSerDe} (impl items), string items on {@code FrequentItemsSketch<String>} with
 * {@code ArrayOfStringsSerDe} (utf8) or {@code ArrayOfUtf16StringsSerDe} (utf16).
 *
 * <p>The library has no off-heap form of these sketches: java-direct runs the same heap code.
 */
final class FiFamily implements Family {
  private static final ArrayOfLongsSerDe LONGS = new ArrayOfLongsSerDe();
  private static final ArrayOfStringsSerDe UTF8 = new ArrayOfStringsSerDe();
  private static final ArrayOfUtf16StringsSerDe UTF16 = new ArrayOfUtf16StringsSerDe();

  @Override
  public String name() {
    return "fi";
  }

  @Override
  public List<String> steps(boolean direct) {
    return List.of("create", "update", "merge", "serialize", "deserialize", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /** One frequent items row as the library returned it. */
  private record Row(Object item, long estimate, long lowerBound, long upperBound) {}

  /** One slot's sketch with the calls whose signatures depend on its class. */
  private interface Slot extends ItemTape.Sink {
    long weight();  // the update weight of the tape being fed

    void weight(long w);

    long streamLength();

    long maximumError();

    int numActiveItems();

    boolean isEmpty();

    int maximumMapCapacity();

    long estimate(String key);

    long lowerBound(String key);

    long upperBound(String key);

    List<Row> frequent(ErrorType type, Long threshold);

    byte[] image(String serde);

    void merge(Slot other);
  }

  private static IllegalArgumentException wrongItems(String kind, String sketchItems) {
    return new IllegalArgumentException(kind + " items do not fit a sketch of " + sketchItems);
  }

  private static ArrayOfItemsSerDe<String> stringSerDe(String serde) {
    return switch (serde) {
      case "utf8" -> UTF8;
      case "utf16" -> UTF16;
      default -> throw new IllegalArgumentException("unknown serde " + serde);
    };
  }

  private static final class Longs implements Slot {
    final FrequentLongsSketch s;
    long w = 1;

    Longs(FrequentLongsSketch s) { this.s = s; }
    public long weight() { return w; }
    public void weight(long v) { w = v; }
    public long streamLength() { return s.getStreamLength(); }
    public long maximumError() { return s.getMaximumError(); }
    public int numActiveItems() { return s.getNumActiveItems(); }
    public boolean isEmpty() { return s.isEmpty(); }
    public int maximumMapCapacity() { return s.getMaximumMapCapacity(); }
    public long estimate(String k) { return s.getEstimate(Long.parseLong(k)); }
    public long lowerBound(String k) { return s.getLowerBound(Long.parseLong(k)); }
    public long upperBound(String k) { return s.getUpperBound(Long.parseLong(k)); }
    public List<Row> frequent(ErrorType type, Long threshold) {
      FrequentLongsSketch.Row[] rows = threshold == null ? s.getFrequentItems(type) : s.getFrequentItems(threshold, type);
      java.util.ArrayList<Row> out = new java.util.ArrayList<>();
      for (FrequentLongsSketch.Row r : rows) out.add(new Row(r.getItem(), r.getEstimate(), r.getLowerBound(), r.getUpperBound()));
      return out;
    }
    public byte[] image(String serde) {
      if (serde != null) throw new IllegalArgumentException("serde: FrequentLongsSketch images have none");
      return s.toByteArray();
    }
    public void merge(Slot o) { s.merge(((Longs) o).s); }
    public void add(long item) {
      if (w == 1) s.update(item);
      else s.update(item, w);
    }
    public void add(double item) { throw wrongItems("double", "longs"); }
    public void add(String item) { throw wrongItems("string", "longs"); }
    public void add(byte[] item) { throw wrongItems("bytes", "longs"); }
  }

  /** FrequentItemsSketch of Long or String items. */
  private static final class Items<T> implements Slot {
    final FrequentItemsSketch<T> s;
    final boolean strings;
    long w = 1;

    Items(FrequentItemsSketch<T> s, boolean strings) {
      this.s = s;
      this.strings = strings;
    }
    public long weight() { return w; }
    public void weight(long v) { w = v; }
    public long streamLength() { return s.getStreamLength(); }
    public long maximumError() { return s.getMaximumError(); }
    public int numActiveItems() { return s.getNumActiveItems(); }
    public boolean isEmpty() { return s.isEmpty(); }
    public int maximumMapCapacity() { return s.getMaximumMapCapacity(); }
    @SuppressWarnings("unchecked")
    private T key(String k) { return (T) (strings ? k : Long.valueOf(Long.parseLong(k))); }
    public long estimate(String k) { return s.getEstimate(key(k)); }
    public long lowerBound(String k) { return s.getLowerBound(key(k)); }
    public long upperBound(String k) { return s.getUpperBound(key(k)); }
    public List<Row> frequent(ErrorType type, Long threshold) {
      FrequentItemsSketch.Row<T>[] rows = threshold == null ? s.getFrequentItems(type) : s.getFrequentItems(threshold, type);
      java.util.ArrayList<Row> out = new java.util.ArrayList<>();
      for (FrequentItemsSketch.Row<T> r : rows) out.add(new Row(r.getItem(), r.getEstimate(), r.getLowerBound(), r.getUpperBound()));
      return out;
    }
    @SuppressWarnings("unchecked")
    public byte[] image(String serde) {
      if (!strings) {
        if (serde != null) throw new IllegalArgumentException("serde: long items have ArrayOfLongsSerDe only");
        return ((FrequentItemsSketch<Long>) s).toByteArray(LONGS);
      }
      return ((FrequentItemsSketch<String>) s).toByteArray(stringSerDe(serde == null ? "utf8" : serde));
    }
    @SuppressWarnings("unchecked")
    public void merge(Slot o) { s.merge(((Items<T>) o).s); }
    @SuppressWarnings("unchecked")
    private void put(Object item) {
      if (w == 1) s.update((T) item);
      else s.update((T) item, w);
    }
    public void add(long item) {
      if (strings) throw wrongItems("long", "strings");
      put(Long.valueOf(item));
    }
    public void add(double item) { throw wrongItems("double", strings ? "strings" : "longs"); }
    public void add(String item) {
      if (!strings) throw wrongItems("string", "longs");
      put(item);
    }
    public void add(byte[] item) { throw wrongItems("bytes", strings ? "strings" : "longs"); }
  }

  private static final class Stage implements StageExecutor {
    private final StageContext ctx;
    private final Map<String, Slot> slots = new HashMap<>();

    Stage(StageContext ctx) {
      this.ctx = ctx;
    }

    @Override
    public void drop(String slot) {
      slots.remove(slot);
    }

    @Override
    public boolean execute(ProgramReader.Op op) {
      switch (op.name()) {
        case "create" -> slots.put(op.slot(), newSketch(op.arg("item"), op.arg("impl", "longs"),
            1 << op.intArg("lg_max_map_size")));
        case "update" -> {
          Slot s = slot(op.slot());
          s.weight(Long.parseLong(op.arg("weight", "1")));
          try {
            ctx.items(op, s);
          } finally {
            s.weight(1);
          }
        }
        case "merge" -> slot(op.slot()).merge(slot(op.arg("from")));
        case "serialize" -> ctx.image(op.arg("as", op.slot()) + ".compact", slot(op.slot()).image(op.arg("serde", null)));
        case "deserialize" -> slots.put(op.slot(), deserialize(op.arg("item"), op.arg("impl", "longs"),
            op.arg("serde", "utf8"), ctx.imageCopy(op.arg("image"))));
        case "query" -> query(op);
        default -> {
          return false;
        }
      }
      return true;
    }

    private static Slot newSketch(String item, String impl, int maxMapSize) {
      return switch (item) {
        case "long" -> impl.equals("items") ? new Items<Long>(new FrequentItemsSketch<Long>(maxMapSize), false)
                                            : new Longs(new FrequentLongsSketch(maxMapSize));
        case "string" -> new Items<String>(new FrequentItemsSketch<String>(maxMapSize), true);
        default -> throw new IllegalArgumentException("unknown item type " + item);
      };
    }

    private static Slot deserialize(String item, String impl, String serde, byte[] image) {
      MemorySegment seg = MemorySegment.ofArray(image);
      return switch (item) {
        case "long" -> impl.equals("items") ? new Items<Long>(FrequentItemsSketch.getInstance(seg, LONGS), false)
                                            : new Longs(FrequentLongsSketch.getInstance(seg));
        case "string" -> new Items<String>(FrequentItemsSketch.getInstance(seg, stringSerDe(serde)), true);
        default -> throw new IllegalArgumentException("unknown item type " + item);
      };
    }

    private void query(ProgramReader.Op op) {
      Slot s = slot(op.slot());
      String prefix = op.arg("as", op.slot()) + ".";
      String[] keys = op.listArg("keys");
      String t = op.arg("threshold", null);
      Long threshold = t == null ? null : Long.valueOf(t);
      for (String q : op.arg("queries").split(",")) {
        String f = prefix + q;
        switch (q) {
          case "total_weight" -> ctx.out.integer(f, s.streamLength());
          case "maximum_error" -> ctx.out.integer(f, s.maximumError());
          case "num_active_items" -> ctx.out.integer(f, s.numActiveItems());
          case "is_empty" -> ctx.out.bool(f, s.isEmpty());
          // The maximum map size from its capacity, 0.75 of it: 3 * 2^(lg-2) has 2^(lg-1) as its top bit.
          case "epsilon" -> ctx.out.dbl(f, FrequentLongsSketch.getEpsilon(2 * Integer.highestOneBit(s.maximumMapCapacity())));
          case "serialized_size" -> ctx.out.integer(f, s.image(null).length);
          case "to_string" -> ctx.out.unsupported(f, "a native-only observation");
          case "estimate" -> {
            for (int i = 0; i < keys.length; ++i) ctx.out.integer(f + "[" + i + "]", s.estimate(keys[i]));
          }
          case "lower_bound" -> {
            for (int i = 0; i < keys.length; ++i) ctx.out.integer(f + "[" + i + "]", s.lowerBound(keys[i]));
          }
          case "upper_bound" -> {
            for (int i = 0; i < keys.length; ++i) ctx.out.integer(f + "[" + i + "]", s.upperBound(keys[i]));
          }
          case "frequent_nfp", "frequent_nfn" -> {
            List<Row> rows = s.frequent(q.equals("frequent_nfp") ? ErrorType.NO_FALSE_POSITIVES : ErrorType.NO_FALSE_NEGATIVES,
                threshold);
            ctx.out.integer(f + ".size", rows.size());
            for (int i = 0; i < rows.size(); ++i) {
              Row r = rows.get(i);
              String rf = f + "[" + i + "]";
              if (r.item() instanceof String str) ctx.out.string(rf, str);
              else ctx.out.integer(rf, (Long) r.item());
              ctx.out.integer(rf + ".estimate", r.estimate());
              ctx.out.integer(rf + ".lower_bound", r.lowerBound());
              ctx.out.integer(rf + ".upper_bound", r.upperBound());
            }
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
