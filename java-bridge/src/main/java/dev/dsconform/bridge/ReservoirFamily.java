package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.datasketches.common.ArrayOfDoublesSerDe;
import org.apache.datasketches.common.ArrayOfItemsSerDe;
import org.apache.datasketches.common.ArrayOfLongsSerDe;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.sampling.ReservoirItemsSketch;
import org.apache.datasketches.sampling.ReservoirItemsUnion;
import org.apache.datasketches.sampling.ReservoirLongsSketch;
import org.apache.datasketches.sampling.ReservoirLongsUnion;
import org.apache.datasketches.sampling.SampleSubsetSummary;

/**
 * The Reservoir steps of docs/case-format.md on datasketches-java 9.x: {@code ReservoirItemsSketch}
 * and {@code ReservoirItemsUnion} of Long, String or Double with the matching ArrayOf*SerDe, and
 * {@code ReservoirLongsSketch}/{@code ReservoirLongsUnion} (api=longs). Both draw from
 * {@code ThreadLocalRandom}, which nothing can seed: a step that leaves a sketch past k reports
 * {@code lang.random_bits} unsupported (docs/case-format.md, "Language-specific fields").
 * datasketches-java has no off-heap sketch of this family: java-direct runs the same heap code.
 */
final class ReservoirFamily implements Family {
  static final String UNPINNED = "datasketches-java samples with ThreadLocalRandom, which cannot be seeded";

  @Override
  public String name() {
    return "reservoir";
  }

  @Override
  public List<String> steps(boolean direct) {
    return List.of("create", "create_union", "update", "union", "get_result", "serialize", "deserialize",
        "deserialize_union", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /** A slot: its item type, whether it is of the longs API, and the sketch or union. */
  private record Slot(String item, boolean longs, Object value) {}

  @SuppressWarnings("unchecked")
  private static ArrayOfItemsSerDe<Object> serDe(String item) {
    return (ArrayOfItemsSerDe<Object>) (ArrayOfItemsSerDe<?>) switch (item) {
      case "long" -> new ArrayOfLongsSerDe();
      case "string" -> new ArrayOfStringsSerDe();
      case "double" -> new ArrayOfDoublesSerDe();
      default -> throw new IllegalArgumentException("item " + item);
    };
  }

  /** Even items, the subset_sum predicate: longs and doubles by value, strings by UTF-8 length. */
  private static boolean even(Object item) {
    if (item instanceof Long l) return l % 2 == 0;
    if (item instanceof Double d) return d % 2 == 0;
    return ((String) item).getBytes(StandardCharsets.UTF_8).length % 2 == 0;
  }

  private static final class Stage implements StageExecutor {
    private final StageContext ctx;
    private final Map<String, Slot> slots = new HashMap<>();
    private boolean unpinned = false;

    Stage(StageContext ctx) {
      this.ctx = ctx;
    }

    @Override
    public void drop(String slot) {
      slots.remove(slot);
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean execute(ProgramReader.Op op) {
      switch (op.name()) {
        case "create" -> {
          int k = op.intArg("k");
          boolean longs = longsApi(op);
          slots.put(op.slot(), new Slot(op.arg("item"), longs,
              longs ? ReservoirLongsSketch.newInstance(k) : ReservoirItemsSketch.newInstance(k)));
        }
        case "create_union" -> {
          int maxK = op.intArg("max_k");
          boolean longs = longsApi(op);
          slots.put(op.slot(), new Slot(op.arg("item"), longs,
              longs ? ReservoirLongsUnion.newInstance(maxK) : ReservoirItemsUnion.newInstance(maxK)));
        }
        case "update" -> update(op, slot(op.slot()));
        case "union" -> {
          Slot u = slot(op.slot());
          Slot from = slot(op.arg("from"));
          if (u.longs) ((ReservoirLongsUnion) u.value).update((ReservoirLongsSketch) from.value);
          else ((ReservoirItemsUnion<Object>) u.value).update((ReservoirItemsSketch<Object>) from.value);
          noteSampled(u);
        }
        case "get_result" -> {
          Slot u = slot(op.arg("from"));
          Object r = u.longs ? ((ReservoirLongsUnion) u.value).getResult()
                             : ((ReservoirItemsUnion<Object>) u.value).getResult();
          // An empty union has no result (null, as the Go module's nil): an error, in words the
          // repro program repeats.
          if (r == null) throw new NullPointerException("getResult() returned null");
          Slot s = new Slot(u.item, u.longs, r);
          slots.put(op.slot(), s);
          noteSampled(s);
        }
        case "serialize" -> ctx.image(op.arg("as", op.slot()) + "." + op.arg("form"), serialize(slot(op.slot())));
        case "deserialize", "deserialize_union" -> {
          MemorySegment seg = MemorySegment.ofArray(ctx.imageCopy(op.arg("image")));
          String item = op.arg("item");
          boolean longs = longsApi(op);
          boolean union = op.name().equals("deserialize_union");
          Object v = union ? (longs ? ReservoirLongsUnion.heapify(seg) : ReservoirItemsUnion.heapify(seg, serDe(item)))
                           : (longs ? ReservoirLongsSketch.heapify(seg) : ReservoirItemsSketch.heapify(seg, serDe(item)));
          slots.put(op.slot(), new Slot(item, longs, v));
        }
        case "query" -> query(op, slot(op.slot()));
        default -> {
          return false;
        }
      }
      return true;
    }

    private static boolean longsApi(ProgramReader.Op op) {
      boolean longs = op.arg("api", "items").equals("longs");
      if (longs && !op.arg("item").equals("long")) throw new IllegalArgumentException("api longs holds longs only");
      return longs;
    }

    @SuppressWarnings("unchecked")
    private void update(ProgramReader.Op op, Slot s) {
      ctx.items(op, new ItemTape.Sink() {
        public void add(long item) {
          if (s.value instanceof ReservoirLongsSketch r) r.update(item);
          else if (s.value instanceof ReservoirLongsUnion u) u.update(item);
          else put(item);
        }
        public void add(double item) { put(item); }
        public void add(String item) { put(item); }
        public void add(byte[] item) { throw new IllegalArgumentException("reservoir sketches take no byte arrays"); }

        private void put(Object item) {
          if (s.value instanceof ReservoirItemsSketch<?> r) ((ReservoirItemsSketch<Object>) r).update(item);
          else ((ReservoirItemsUnion<Object>) s.value).update(item);
        }
      });
      noteSampled(s);
    }

    /** A sketch (or a union's result) past k drew random bits no case can pin. */
    @SuppressWarnings("unchecked")
    private void noteSampled(Slot s) {
      if (unpinned) return;
      long n;
      int k;
      Object v = s.value;
      if (v instanceof ReservoirLongsUnion u) v = u.getResult();
      if (v instanceof ReservoirItemsUnion<?> u) v = u.getResult();
      if (v == null) return;
      if (v instanceof ReservoirLongsSketch r) {
        n = r.getN();
        k = r.getK();
      } else {
        ReservoirItemsSketch<Object> r = (ReservoirItemsSketch<Object>) v;
        n = r.getN();
        k = r.getK();
      }
      if (n > k) {
        unpinned = true;
        ctx.out.unsupported("lang.random_bits", UNPINNED);
      }
    }

    @SuppressWarnings("unchecked")
    private byte[] serialize(Slot s) {
      return switch (s.value) {
        case ReservoirLongsSketch r -> r.toByteArray();
        case ReservoirLongsUnion u -> u.toByteArray();
        case ReservoirItemsSketch<?> r -> ((ReservoirItemsSketch<Object>) r).toByteArray(serDe(s.item));
        case ReservoirItemsUnion<?> u -> ((ReservoirItemsUnion<Object>) u).toByteArray(serDe(s.item));
        default -> throw new IllegalArgumentException("slot holds " + s.value);
      };
    }

    @SuppressWarnings("unchecked")
    private void query(ProgramReader.Op op, Slot s) {
      String prefix = op.arg("as", op.slot()) + ".";
      for (String q : op.arg("queries").split(",")) {
        String field = prefix + q;
        if (q.equals("max_k")) {
          ctx.out.integer(field, s.value instanceof ReservoirLongsUnion u ? u.getMaxK()
                                 : ((ReservoirItemsUnion<Object>) s.value).getMaxK());
          continue;
        }
        if (s.value instanceof ReservoirLongsSketch r) {
          switch (q) {
            case "n" -> ctx.out.integer(field, r.getN());
            case "k" -> ctx.out.integer(field, r.getK());
            case "num_samples" -> ctx.out.integer(field, r.getNumSamples());
            case "samples" -> {
              long[] samples = r.getSamples();
              int size = samples == null ? 0 : samples.length;
              ctx.out.integer(field + ".size", size);
              for (int i = 0; i < size; i++) ctx.out.integer(field + "[" + i + "]", samples[i]);
            }
            case "subset_sum" -> subsetSum(field, r.estimateSubsetSum(l -> l % 2 == 0));
            default -> throw new IllegalArgumentException("unknown query " + q);
          }
          continue;
        }
        ReservoirItemsSketch<Object> r = (ReservoirItemsSketch<Object>) s.value;
        switch (q) {
          case "n" -> ctx.out.integer(field, r.getN());
          case "k" -> ctx.out.integer(field, r.getK());
          case "num_samples" -> ctx.out.integer(field, r.getNumSamples());
          case "samples" -> {
            Object[] samples = r.getNumSamples() == 0 ? new Object[0] : r.getSamples();
            ctx.out.integer(field + ".size", samples.length);
            for (int i = 0; i < samples.length; i++) item(field + "[" + i + "]", samples[i]);
          }
          case "subset_sum" -> subsetSum(field, r.estimateSubsetSum((Predicate<Object>) ReservoirFamily::even));
          default -> throw new IllegalArgumentException("unknown query " + q);
        }
      }
    }

    private void item(String field, Object item) {
      if (item instanceof Long l) ctx.out.integer(field, l);
      else if (item instanceof Double d) ctx.out.dbl(field, d);
      else ctx.out.string(field, (String) item);
    }

    private void subsetSum(String field, SampleSubsetSummary s) {
      ctx.out.dbl(field + ".estimate", s.getEstimate());
      ctx.out.dbl(field + ".lower_bound", s.getLowerBound());
      ctx.out.dbl(field + ".upper_bound", s.getUpperBound());
      ctx.out.dbl(field + ".total_weight", s.getTotalSketchWeight());
    }

    private Slot slot(String name) {
      Slot s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }
  }
}
