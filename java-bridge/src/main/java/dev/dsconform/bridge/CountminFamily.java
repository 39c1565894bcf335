package dev.dsconform.bridge;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.datasketches.common.Util;
import org.apache.datasketches.count.CountMinSketch;

/**
 * The Count-min steps of docs/case-format.md on datasketches-java 9.x ({@code CountMinSketch}).
 *
 * <p>Its constructor is package-private: a user outside the package can only get a sketch from
 * {@code CountMinSketch.deserialize(bytes, seed)}, so create deserializes the empty image of the
 * shape and seed (the format's 16-byte header). Java has long counters and no default seed: a
 * double slot, and a create or deserialize without a seed, are unsupported. It has no
 * MemorySegment form either: java-direct declares only the static suggestions.
 */
final class CountminFamily implements Family {
  private static final int FAMILY_ID = 18;  // Family.COUNTMIN

  @Override
  public String name() {
    return "countmin";
  }

  @Override
  public List<String> steps(boolean direct) {
    if (direct) return List.of("suggest");
    return List.of("create", "update", "merge", "serialize", "deserialize", "estimate", "suggest", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /** The image of an empty sketch of this shape and seed, as the format lays it out. */
  static byte[] emptyImage(int numHashes, int numBuckets, long seed) {
    ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
    b.put((byte) 2).put((byte) 1).put((byte) FAMILY_ID).put((byte) 1).putInt(0);  // preLongs, serVer, family, IS_EMPTY
    b.putInt(numBuckets).put((byte) numHashes).putShort(Util.computeSeedHash(seed)).put((byte) 0);
    return b.array();
  }

  /** Feeds a tape into a sketch with one weight: each item kind to its overload (docs/items.md). */
  private record Sink(CountMinSketch s, long weight) implements ItemTape.Sink {
    public void add(long item) { s.update(item, weight); }
    public void add(double item) { throw new IllegalArgumentException("CountMinSketch has no double overload"); }
    public void add(String item) { s.update(item, weight); }
    public void add(byte[] item) { s.update(item, weight); }
  }

  /** Answers each item of a tape, in tape order. */
  private record Answers(CountMinSketch s, List<Long> est, List<Long> lb, List<Long> ub) implements ItemTape.Sink {
    public void add(long item) {
      est.add(s.getEstimate(item));
      lb.add(s.getLowerBound(item));
      ub.add(s.getUpperBound(item));
    }
    public void add(double item) { throw new IllegalArgumentException("CountMinSketch has no double overload"); }
    public void add(String item) {
      est.add(s.getEstimate(item));
      lb.add(s.getLowerBound(item));
      ub.add(s.getUpperBound(item));
    }
    public void add(byte[] item) {
      est.add(s.getEstimate(item));
      lb.add(s.getLowerBound(item));
      ub.add(s.getUpperBound(item));
    }
  }

  private static final class Stage implements StageExecutor {
    private final StageContext ctx;
    private final Map<String, CountMinSketch> slots = new HashMap<>();
    private final Set<String> unsupportedSlots = new HashSet<>();
    private final Set<String> unwrittenImages = new HashSet<>();  // what unsupported slots would have written

    Stage(StageContext ctx) {
      this.ctx = ctx;
    }

    @Override
    public void drop(String slot) {
      slots.remove(slot);
    }

    @Override
    public boolean execute(ProgramReader.Op op) {
      if (unsupportedSlots.contains(op.slot()) || unsupportedSlots.contains(op.arg("from", ""))
          || unwrittenImages.contains(op.arg("image", ""))) {
        if (op.name().equals("serialize")) unwrittenImages.add(op.arg("as", op.slot()) + ".compact");
        unsupportedSlots.add(op.slot());
        // Fields named by an `as` other than the slot are unsupported too, not missing.
        String as = op.arg("as", op.slot());
        if (!as.equals(op.slot())) ctx.out.unsupported(as + "." + op.name(), "not supported by this engine");
        return false;
      }
      switch (op.name()) {
        case "create", "deserialize" -> {
          String why = op.arg("weight").equals("long") ? (op.arg("seed", null) == null
              ? "datasketches-java has no default seed: a seed must be given" : null)
              : "datasketches-java has long counters only";
          if (why != null) {
            unsupportedSlots.add(op.slot());
            ctx.out.unsupported(op.slot() + "." + op.name(), why);
            return true;
          }
          long seed = Long.parseLong(op.arg("seed"));
          byte[] image = op.name().equals("create")
              ? emptyImage(op.intArg("num_hashes"), op.intArg("num_buckets"), seed)
              : ctx.imageCopy(op.arg("image"));
          slots.put(op.slot(), CountMinSketch.deserialize(image, seed));
        }
        case "update" -> ctx.items(op, new Sink(slot(op.slot()), Long.parseLong(op.arg("weight", "1"))));
        case "merge" -> slot(op.slot()).merge(slot(op.arg("from")));
        case "serialize" -> ctx.image(op.arg("as", op.slot()) + ".compact", slot(op.slot()).toByteArray());
        case "estimate" -> estimate(op);
        case "suggest" -> {
          String as = op.arg("as");
          String e = op.arg("relative_error", null);
          String c = op.arg("confidence", null);
          if (e != null) ctx.out.integer(as + ".num_buckets", CountMinSketch.suggestNumBuckets(Double.parseDouble(e)));
          if (c != null) ctx.out.integer(as + ".num_hashes", CountMinSketch.suggestNumHashes(Double.parseDouble(c)));
        }
        case "query" -> query(op);
        default -> {
          return false;
        }
      }
      return true;
    }

    private void estimate(ProgramReader.Op op) {
      Answers a = new Answers(slot(op.slot()), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
      ctx.items(op, a);
      String prefix = op.arg("as", op.slot()) + ".";
      for (int i = 0; i < a.est().size(); ++i) ctx.out.integer(prefix + "estimate[" + i + "]", a.est().get(i));
      for (int i = 0; i < a.lb().size(); ++i) ctx.out.integer(prefix + "lower_bound[" + i + "]", a.lb().get(i));
      for (int i = 0; i < a.ub().size(); ++i) ctx.out.integer(prefix + "upper_bound[" + i + "]", a.ub().get(i));
    }

    private void query(ProgramReader.Op op) {
      CountMinSketch s = slot(op.slot());
      String prefix = op.arg("as", op.slot()) + ".";
      for (String q : op.arg("queries").split(",")) {
        String f = prefix + q;
        switch (q) {
          case "total_weight" -> ctx.out.integer(f, s.getTotalWeight_());
          case "num_hashes" -> ctx.out.integer(f, s.getNumHashes_());
          case "num_buckets" -> ctx.out.integer(f, s.getNumBuckets_());
          case "seed" -> ctx.out.integer(f, s.getSeed_());
          case "relative_error" -> ctx.out.dbl(f, s.getRelativeError());
          case "is_empty" -> ctx.out.bool(f, s.isEmpty());
          case "serialized_size" -> ctx.out.integer(f, s.toByteArray().length);
          case "to_string" -> ctx.out.unsupported(f, "a native-only observation");
          default -> throw new IllegalArgumentException("unknown query " + q);
        }
      }
    }

    private CountMinSketch slot(String name) {
      CountMinSketch s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }
  }
}
