package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.datasketches.tdigest.TDigestDouble;

/**
 * The t-digest steps of docs/case-format.md on datasketches-java 9.x ({@code TDigestDouble}).
 * Java has digests of doubles only: a float slot is unsupported, but float images (which
 * datasketches-cpp writes) are read by {@code heapify(segment, true)}. Java writes the compact form
 * only and has no public compress: the buffer form and compress are answered unsupported.
 */
final class TdigestFamily implements Family {
  @Override
  public String name() {
    return "tdigest";
  }

  @Override
  public java.util.List<String> steps(boolean direct) {
    return java.util.List.of("create", "update", "merge", "serialize", "deserialize", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /** Feeds a tape of doubles into a digest. */
  private record Sink(TDigestDouble s) implements ItemTape.Sink {
    public void add(long item) { throw new IllegalArgumentException("long items do not fit a t-digest"); }
    public void add(double item) { s.update(item); }
    public void add(String item) { throw new IllegalArgumentException("string items do not fit a t-digest"); }
    public void add(byte[] item) { throw new IllegalArgumentException("bytes items do not fit a t-digest"); }
  }

  private static final class Stage implements StageExecutor {
    private final StageContext ctx;
    private final Map<String, TDigestDouble> slots = new HashMap<>();
    private final Set<String> unsupportedSlots = new HashSet<>();
    /** Images a float slot would have written: a slot read from one is unsupported too. */
    private final Set<String> unsupportedImages = new HashSet<>();

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
          || unsupportedImages.contains(op.arg("image", ""))) {
        if (op.name().equals("serialize")) unsupportedImages.add(op.arg("as", op.slot()) + "." + op.arg("form"));
        unsupportedSlots.add(op.slot());
        return false;
      }
      switch (op.name()) {
        case "create" -> {
          if (!op.arg("item").equals("double")) {
            unsupportedSlots.add(op.slot());  // no TDigestFloat in datasketches-java
            return false;
          }
          slots.put(op.slot(), new TDigestDouble((short) op.intArg("k")));
        }
        case "update" -> ctx.items(op, new Sink(slot(op.slot())));
        case "merge" -> slot(op.slot()).merge(slot(op.arg("from")));
        case "serialize" -> {
          String field = op.arg("as", op.slot()) + "." + op.arg("form");
          TDigestDouble s = slot(op.slot());
          if (op.arg("form").equals("compact")) {
            ctx.image(field, s.toByteArray());
          } else {
            ctx.out.unsupported(field, "datasketches-java writes the compact form only");
          }
        }
        case "deserialize" -> {
          boolean isFloat = op.arg("item").equals("float");
          slots.put(op.slot(), TDigestDouble.heapify(MemorySegment.ofArray(ctx.imageCopy(op.arg("image"))), isFloat));
        }
        case "query" -> query(op);
        default -> {
          return false;  // compress: no public counterpart
        }
      }
      return true;
    }

    private void query(ProgramReader.Op op) {
      TDigestDouble s = slot(op.slot());
      String prefix = op.arg("as", op.slot()) + ".";
      String[] ranks = op.listArg("ranks");
      String[] points = op.listArg("points");
      double[] pointValues = new double[points.length];
      for (int i = 0; i < points.length; ++i) pointValues[i] = Double.parseDouble(points[i]);
      for (String q : op.arg("queries").split(",")) {
        String f = prefix + q;
        switch (q) {
          case "n" -> ctx.out.integer(f, s.getTotalWeight());
          case "k" -> ctx.out.integer(f, s.getK());
          case "is_empty" -> ctx.out.bool(f, s.isEmpty());
          case "min" -> ctx.out.dbl(f, s.getMinValue());
          case "max" -> ctx.out.dbl(f, s.getMaxValue());
          case "to_string" -> ctx.out.unsupported(f, "a native-only observation");
          case "quantiles" -> {
            for (int i = 0; i < ranks.length; ++i) ctx.out.dbl(f + "[" + i + "]", s.getQuantile(Double.parseDouble(ranks[i])));
          }
          case "ranks" -> {
            for (int i = 0; i < points.length; ++i) ctx.out.dbl(f + "[" + i + "]", s.getRank(pointValues[i]));
          }
          case "pmf", "cdf" -> {
            double[] v = q.equals("pmf") ? s.getPMF(pointValues) : s.getCDF(pointValues);
            for (int i = 0; i < v.length; ++i) ctx.out.dbl(f + "[" + i + "]", v[i]);
          }
          default -> throw new IllegalArgumentException("unknown query " + q);
        }
      }
    }

    private TDigestDouble slot(String name) {
      TDigestDouble s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }
  }
}
