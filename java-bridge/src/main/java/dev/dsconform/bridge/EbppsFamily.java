package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.datasketches.common.ArrayOfItemsSerDe;
import org.apache.datasketches.common.ArrayOfLongsSerDe;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.sampling.EbppsItemsSketch;

/**
 * The EBPPS steps of docs/case-format.md on datasketches-java 9.x ({@code EbppsItemsSketch} of
 * Long or String with ArrayOfLongsSerDe / ArrayOfStringsSerDe). A step's {@code seed} hands one
 * {@code java.util.Random(seed)} to the sketch's two samples ({@code sample_} and {@code tmp_}), and
 * in a merge to the other sketch's too (the merge copies its sample and generator),
 * through the package-private {@code EbppsItemsSample.replaceRandom}: reflection, as datasketches-java
 * has no public way. datasketches-java has no off-heap sketch of this family: java-direct runs the same heap code.
 */
final class EbppsFamily implements Family {
  @Override
  public String name() {
    return "ebpps";
  }

  @Override
  public List<String> steps(boolean direct) {
    return List.of("create", "update", "merge", "result", "serialize", "deserialize", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  private record Slot(String item, EbppsItemsSketch<Object> sketch) {}

  @SuppressWarnings("unchecked")
  private static ArrayOfItemsSerDe<Object> serDe(String item) {
    return (ArrayOfItemsSerDe<Object>) (ArrayOfItemsSerDe<?>) (item.equals("long") ? new ArrayOfLongsSerDe()
                                                                                   : new ArrayOfStringsSerDe());
  }

  /** The weight text of a case: Java spells NaN and the infinities its own way. */
  static double weight(String text) {
    return switch (text) {
      case "nan" -> Double.NaN;
      case "inf" -> Double.POSITIVE_INFINITY;
      case "-inf" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(text);
    };
  }

  /** Hands one Random(seed) to the sketch's samples, where EBPPS draws its bits. */
  static void pin(Random random, EbppsItemsSketch<?> sketch) throws ReflectiveOperationException {
    for (String name : new String[] {"sample_", "tmp_"}) {
      Field f = EbppsItemsSketch.class.getDeclaredField(name);
      f.setAccessible(true);
      Object sample = f.get(sketch);
      Method m = sample.getClass().getDeclaredMethod("replaceRandom", Random.class);
      m.setAccessible(true);
      m.invoke(sample, random);
    }
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
    public boolean execute(ProgramReader.Op op) throws Exception {
      switch (op.name()) {
        case "create" -> slots.put(op.slot(), new Slot(op.arg("item"), new EbppsItemsSketch<>(op.intArg("k"))));
        case "deserialize" -> {
          String item = op.arg("item");
          MemorySegment seg = MemorySegment.ofArray(ctx.imageCopy(op.arg("image")));
          slots.put(op.slot(), new Slot(item, EbppsItemsSketch.heapify(seg, serDe(item))));
        }
        case "update" -> {
          EbppsItemsSketch<Object> s = slot(op.slot()).sketch;
          pinIfSeeded(op, s);
          double w = weight(op.arg("weight", "1"));
          ctx.items(op, new ItemTape.Sink() {
            public void add(long item) { s.update(item, w); }
            public void add(double item) { throw new IllegalArgumentException("EBPPS items are longs or strings"); }
            public void add(String item) { s.update(item, w); }
            public void add(byte[] item) { throw new IllegalArgumentException("EBPPS items are longs or strings"); }
          });
        }
        case "merge" -> {
          // A merge copies the other's sample, and its generator with it: both draw from the pinned one.
          EbppsItemsSketch<Object> s = slot(op.slot()).sketch;
          EbppsItemsSketch<Object> from = slot(op.arg("from")).sketch;
          pinIfSeeded(op, s, from);
          s.merge(from);
        }
        case "result" -> {
          Slot s = slot(op.slot());
          pinIfSeeded(op, s.sketch);
          // An empty sketch's getResult() is null (EB6): an error, in words the repro program repeats.
          ArrayList<Object> result = s.sketch.getResult();
          if (result == null) throw new NullPointerException("getResult() returned null");
          String as = op.arg("as");
          int size = result.size();
          ctx.out.integer(as + ".result.size", size);
          for (int i = 0; i < size; i++) {
            Object item = result.get(i);
            if (item instanceof Long l) ctx.out.integer(as + ".result[" + i + "]", l);
            else ctx.out.string(as + ".result[" + i + "]", (String) item);
          }
        }
        case "serialize" -> {
          Slot s = slot(op.slot());
          ctx.image(op.arg("as", op.slot()) + "." + op.arg("form"), s.sketch.toByteArray(serDe(s.item)));
        }
        case "query" -> query(op, slot(op.slot()));
        default -> {
          return false;
        }
      }
      return true;
    }

    private static void pinIfSeeded(ProgramReader.Op op, EbppsItemsSketch<?>... sketches)
        throws ReflectiveOperationException {
      String seed = op.arg("seed", null);
      if (seed == null) return;
      Random random = new Random(Long.parseLong(seed));
      for (EbppsItemsSketch<?> s : sketches) pin(random, s);
    }

    private void query(ProgramReader.Op op, Slot s) {
      String prefix = op.arg("as", op.slot()) + ".";
      for (String q : op.arg("queries").split(",")) {
        String field = prefix + q;
        switch (q) {
          case "n" -> ctx.out.integer(field, s.sketch.getN());
          case "k" -> ctx.out.integer(field, s.sketch.getK());
          case "c" -> ctx.out.dbl(field, s.sketch.getC());
          case "cumulative_weight" -> ctx.out.dbl(field, s.sketch.getCumulativeWeight());
          case "is_empty" -> ctx.out.bool(field, s.sketch.isEmpty());
          case "serialized_size" -> ctx.out.integer(field, s.sketch.getSerializedSizeBytes(serDe(s.item)));
          case "to_string" -> ctx.out.unsupported(field, "a native-only observation");
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
