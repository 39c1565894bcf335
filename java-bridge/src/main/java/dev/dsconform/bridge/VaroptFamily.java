package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.function.Predicate;
import org.apache.datasketches.common.ArrayOfItemsSerDe;
import org.apache.datasketches.common.ArrayOfLongsSerDe;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.sampling.SampleSubsetSummary;
import org.apache.datasketches.sampling.VarOptItemsSamples;
import org.apache.datasketches.sampling.VarOptItemsSketch;
import org.apache.datasketches.sampling.VarOptItemsUnion;

/**
 * The VarOpt sampling steps of docs/case-format.md on datasketches-java 9.x
 * ({@code VarOptItemsSketch}, {@code VarOptItemsUnion}) of Long and String items.
 *
 * <p>The library samples with {@code ThreadLocalRandom} ({@code SamplingUtil.rand()}), which
 * cannot be seeded (its {@code setSeed} throws): a step carrying a {@code seed} marks
 * {@code lang.random_bits} unsupported, taking the record's {@code lang.} fields out of every
 * comparison. VarOpt has no MemorySegment-backed form: java-direct runs the heap code.
 */
final class VaroptFamily implements Family {
  @Override
  public String name() {
    return "varopt";
  }

  @Override
  public List<String> steps(boolean direct) {
    return List.of("create", "update", "union", "merge", "result", "serialize", "deserialize", "deserialize_union",
        "sample", "subset_sum", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /** A weight as the native engine reads it (strtod): also "nan", "inf", "-inf". */
  static double weight(String text) {
    return switch (text.toLowerCase()) {
      case "nan" -> Double.NaN;
      case "inf", "+inf", "infinity" -> Double.POSITIVE_INFINITY;
      case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(text);
    };
  }

  /** The predicates of subset_sum: mod4 is a long divisible by 4, a string whose first UTF-8 byte is. */
  static Predicate<Object> predicate(String name) {
    return switch (name) {
      case "all" -> x -> true;
      case "none" -> x -> false;
      case "mod4" -> x -> x instanceof Long l ? l % 4 == 0
          : !((String) x).isEmpty() && (((String) x).getBytes(StandardCharsets.UTF_8)[0] & 0xff) % 4 == 0;
      default -> throw new IllegalArgumentException("unknown predicate " + name);
    };
  }

  @SuppressWarnings("rawtypes")
  static ArrayOfItemsSerDe serDe(boolean longs) {
    return longs ? new ArrayOfLongsSerDe() : new ArrayOfStringsSerDe();
  }

  /** Feeds a tape into a sketch with one weight. */
  private record Sink(VarOptItemsSketch<Object> s, boolean longs, double weight) implements ItemTape.Sink {
    public void add(long item) {
      if (!longs) throw new IllegalArgumentException("a string sketch takes string tapes");
      s.update(item, weight);
    }
    public void add(double item) { throw new IllegalArgumentException("VarOpt takes long or string items"); }
    public void add(String item) {
      if (longs) throw new IllegalArgumentException("a long sketch takes long tapes");
      s.update(item, weight);
    }
    public void add(byte[] item) { throw new IllegalArgumentException("VarOpt takes long or string items"); }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final class Stage implements StageExecutor {
    private final StageContext ctx;
    private final Map<String, Object> slots = new HashMap<>();
    private final Map<String, Boolean> longs = new HashMap<>();
    private boolean ownBits = false;

    Stage(StageContext ctx) {
      this.ctx = ctx;
    }

    @Override
    public void drop(String slot) {
      slots.remove(slot);
      longs.remove(slot);
    }

    @Override
    public boolean execute(ProgramReader.Op op) {
      if (op.arg("seed", null) != null && !ownBits) {
        ownBits = true;
        ctx.out.unsupported("lang.random_bits",
            "datasketches-java samples with ThreadLocalRandom, which cannot be seeded");
      }
      switch (op.name()) {
        case "create" -> put(op, VarOptItemsSketch.newInstance(op.intArg("k")));
        case "union" -> put(op, VarOptItemsUnion.newInstance(op.intArg("max_k")));
        case "update" -> ctx.items(op, new Sink(sketch(op.slot()), longs.get(op.slot()),
            weight(op.arg("weight", "1"))));
        case "merge" -> union(op.slot()).update(sketch(op.arg("from")));
        case "result" -> {
          longs.put(op.slot(), longs.get(op.arg("from")));
          slots.put(op.slot(), union(op.arg("from")).getResult());
        }
        case "serialize" -> {
          Object s = slot(op.slot());
          ArrayOfItemsSerDe serDe = serDe(longs.get(op.slot()));
          byte[] bytes = s instanceof VarOptItemsUnion u ? u.toByteArray(serDe)
              : ((VarOptItemsSketch<Object>) s).toByteArray(serDe);
          ctx.image(op.arg("as", op.slot()) + ".compact", bytes);
        }
        case "deserialize", "deserialize_union" -> {
          boolean isLong = op.arg("item").equals("long");
          MemorySegment seg = MemorySegment.ofArray(ctx.imageCopy(op.arg("image")));
          longs.put(op.slot(), isLong);
          slots.put(op.slot(), op.name().equals("deserialize")
              ? VarOptItemsSketch.heapify(seg, serDe(isLong)) : VarOptItemsUnion.heapify(seg, serDe(isLong)));
        }
        case "sample" -> sample(op);
        case "subset_sum" -> {
          SampleSubsetSummary sum = sketch(op.slot()).estimateSubsetSum(predicate(op.arg("pred")));
          String as = op.arg("as");
          ctx.out.dbl(as + ".estimate", sum.getEstimate());
          ctx.out.dbl(as + ".lower_bound", sum.getLowerBound());
          ctx.out.dbl(as + ".upper_bound", sum.getUpperBound());
          ctx.out.dbl(as + ".total_weight", sum.getTotalSketchWeight());
        }
        case "query" -> query(op);
        default -> {
          return false;
        }
      }
      return true;
    }

    private void put(ProgramReader.Op op, Object s) {
      longs.put(op.slot(), op.arg("item").equals("long"));
      slots.put(op.slot(), s);
    }

    private void sample(ProgramReader.Op op) {
      VarOptItemsSketch<Object> s = sketch(op.slot());
      String prefix = op.arg("as", op.slot());
      boolean isLong = longs.get(op.slot());
      ctx.out.integer(prefix + ".size", s.getNumSamples());
      int i = 0;
      for (VarOptItemsSamples<Object>.WeightedSample w : s.getSketchSamples()) {
        if (isLong) ctx.out.integer(prefix + ".item[" + i + "]", (Long) w.getItem());
        else ctx.out.string(prefix + ".item[" + i + "]", (String) w.getItem());
        ctx.out.dbl(prefix + ".weight[" + i + "]", w.getWeight());
        ++i;
      }
    }

    private void query(ProgramReader.Op op) {
      VarOptItemsSketch<Object> s = sketch(op.slot());
      String prefix = op.arg("as", op.slot()) + ".";
      for (String q : op.arg("queries").split(",")) {
        String f = prefix + q;
        switch (q) {
          case "k" -> ctx.out.integer(f, s.getK());
          case "n" -> ctx.out.integer(f, s.getN());
          case "num_samples" -> ctx.out.integer(f, s.getNumSamples());
          case "is_empty" -> ctx.out.bool(f, s.getN() == 0);
          case "serialized_size" -> ctx.out.integer(f, s.toByteArray(serDe(longs.get(op.slot()))).length);
          case "to_string" -> ctx.out.unsupported(f, "a native-only observation");
          default -> throw new IllegalArgumentException("unknown query " + q);
        }
      }
    }

    private Object slot(String name) {
      Object s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }

    private VarOptItemsSketch<Object> sketch(String name) {
      return (VarOptItemsSketch<Object>) slot(name);
    }

    private VarOptItemsUnion<Object> union(String name) {
      return (VarOptItemsUnion<Object>) slot(name);
    }
  }
}
