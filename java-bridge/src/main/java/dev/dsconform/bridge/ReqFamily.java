package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;
import org.apache.datasketches.req.ReqSketch;

/**
 * The REQ steps of docs/case-format.md on datasketches-java 9.x's ReqSketch (floats only; the same
 * class in 9.0.0 and 9.1.0).
 *
 * <p>Random bits: every ReqSketch draws its compaction coins from its own {@code private final
 * Random rand} (seeded only when a ReqDebug is set, and then always with 1). A step carrying
 * {@code seed} reseeds the Random of the sketch it acts on, reached by reflection; a read sketch is
 * reseeded after {@code heapify}, which draws nothing. No lock: no two sketches share a Random.
 *
 * <p>REQ has no MemorySegment-backed form in 9.x (only {@code heapify} reads a MemorySegment):
 * java-direct runs the heap code.
 */
final class ReqFamily implements Family {
  private static final class Draws {
    /** Null when a version hides it: seeded steps then fail. */
    static final Field RAND = randField();

    private static Field randField() {
      try {
        Field f = ReqSketch.class.getDeclaredField("rand");
        f.setAccessible(true);
        return f;
      } catch (ReflectiveOperationException | RuntimeException e) {
        return null;
      }
    }
  }

  @Override
  public String name() {
    return "req";
  }

  @Override
  public List<String> steps(boolean direct) {
    return List.of("create", "update", "merge", "serialize", "deserialize", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /** Feeds a sketch from a doubles tape, each item rounded to float as every engine does. */
  private static final class Feed implements ItemTape.Sink {
    final ReqSketch s;

    Feed(ReqSketch s) {
      this.s = s;
    }

    public void add(long item) { throw new IllegalArgumentException("long items do not fit a float sketch"); }
    public void add(double item) { s.update((float) item); }
    public void add(String item) { throw new IllegalArgumentException("string items do not fit a float sketch"); }
    public void add(byte[] item) { throw new IllegalArgumentException("bytes do not fit a float sketch"); }
  }

  private static final class Stage implements StageExecutor {
    private final StageContext ctx;
    private final Map<String, ReqSketch> slots = new HashMap<>();

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
        case "create" -> {
          if (!op.arg("item", "float").equals("float")) throw new IllegalArgumentException("item: only float");
          slots.put(op.slot(), ReqSketch.builder().setK(op.intArg("k"))
              .setHighRankAccuracy(!op.arg("hra", "1").equals("0")).build());  // bools arrive as 1/0
        }
        case "update" -> {
          ReqSketch s = slot(op.slot());
          pin(op, s);
          ctx.items(op, new Feed(s));
        }
        case "merge" -> {
          ReqSketch into = slot(op.slot());
          ReqSketch from = slot(op.arg("from"));
          pin(op, into);
          into.merge(from);
        }
        case "serialize" -> {
          if (!op.arg("form").equals("compact")) throw new IllegalArgumentException("form: only compact");
          ctx.image(op.arg("as", op.slot()) + ".compact", slot(op.slot()).toByteArray());
        }
        case "deserialize" -> {
          ReqSketch s = ReqSketch.heapify(MemorySegment.ofArray(ctx.imageCopy(op.arg("image"))));
          pin(op, s);
          slots.put(op.slot(), s);
        }
        case "query" -> query(op);
        default -> {
          return false;
        }
      }
      return true;
    }

    private static void pin(ProgramReader.Op op, ReqSketch s) throws ReflectiveOperationException {
      String seed = op.arg("seed", null);
      if (seed == null) return;
      if (Draws.RAND == null) throw new IllegalStateException("ReqSketch.rand is not reachable: random bits cannot be pinned");
      ((Random) Draws.RAND.get(s)).setSeed(Long.parseLong(seed));
    }

    private void query(ProgramReader.Op op) {
      ReqSketch s = slot(op.slot());
      String prefix = op.arg("as", op.slot()) + ".";
      String[] rankText = op.listArg("ranks");
      double[] ranks = new double[rankText.length];
      for (int i = 0; i < ranks.length; ++i) ranks[i] = Double.parseDouble(rankText[i]);
      String[] pointText = op.listArg("points");
      float[] points = new float[pointText.length];
      for (int i = 0; i < points.length; ++i) points[i] = Float.parseFloat(pointText[i]);
      for (String q : op.arg("queries").split(",")) {
        String f = prefix + q;
        boolean excl = q.endsWith("_excl");
        QuantileSearchCriteria c = excl ? QuantileSearchCriteria.EXCLUSIVE : QuantileSearchCriteria.INCLUSIVE;
        String base = excl ? q.substring(0, q.length() - 5) : q;
        switch (base) {
          case "n" -> ctx.out.integer(f, s.getN());
          case "k" -> ctx.out.integer(f, s.getK());
          case "hra" -> ctx.out.bool(f, s.getHighRankAccuracyMode());
          case "num_retained" -> ctx.out.integer(f, s.getNumRetained());
          case "is_empty" -> ctx.out.bool(f, s.isEmpty());
          case "is_estimation_mode" -> ctx.out.bool(f, s.isEstimationMode());
          case "min" -> ctx.out.dbl(f, s.getMinItem());
          case "max" -> ctx.out.dbl(f, s.getMaxItem());
          case "quantiles" -> {
            for (int i = 0; i < ranks.length; ++i) ctx.out.dbl(f + "[" + i + "]", s.getQuantile(ranks[i], c));
          }
          case "ranks" -> {
            for (int i = 0; i < points.length; ++i) ctx.out.dbl(f + "[" + i + "]", s.getRank(points[i], c));
          }
          case "pmf", "cdf" -> {
            double[] v = base.equals("pmf") ? s.getPMF(points, c) : s.getCDF(points, c);
            for (int i = 0; i < v.length; ++i) ctx.out.dbl(f + "[" + i + "]", v[i]);
          }
          case "rse" -> {
            for (int i = 0; i < ranks.length; ++i)
              ctx.out.dbl(f + "[" + i + "]", ReqSketch.getRSE(s.getK(), ranks[i], s.getHighRankAccuracyMode(), s.getN()));
          }
          case "rank_lb1", "rank_lb2", "rank_lb3", "rank_ub1", "rank_ub2", "rank_ub3" -> {
            int sd = base.charAt(7) - '0';
            boolean lower = base.charAt(5) == 'l';  // rank_lb<sd> or rank_ub<sd>
            for (int i = 0; i < ranks.length; ++i)
              ctx.out.dbl(f + "[" + i + "]", lower ? s.getRankLowerBound(ranks[i], sd) : s.getRankUpperBound(ranks[i], sd));
          }
          default -> throw new IllegalArgumentException("unknown query " + q);
        }
      }
    }

    private ReqSketch slot(String name) {
      ReqSketch s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }
  }
}
