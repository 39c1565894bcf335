package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;
import org.apache.datasketches.common.ResizeFactor;
import org.apache.datasketches.common.Util;
import org.apache.datasketches.theta.CompactThetaSketch;
import org.apache.datasketches.theta.JaccardSimilarity;
import org.apache.datasketches.theta.ThetaIntersection;
import org.apache.datasketches.theta.ThetaSetOperation;
import org.apache.datasketches.theta.ThetaSetOperationBuilder;
import org.apache.datasketches.theta.ThetaSketch;
import org.apache.datasketches.theta.ThetaUnion;
import org.apache.datasketches.theta.UpdatableThetaSketch;
import org.apache.datasketches.theta.UpdatableThetaSketchBuilder;

/**
 * The Theta steps of docs/case-format.md on datasketches-java 9.x. Compiled against API present in
 * every 9.x release; the one later addition it uses, JaccardSimilarity.jaccard(a, b, seed) of
 * 9.1.0, is looked up at run time, and without it a seeded jaccard step calls jaccard(a, b).
 * java-direct: update sketches, unions and intersections are built in MemorySegments, and every
 * compact sketch a step makes is written into one.
 */
final class ThetaFamily implements Family {
  @Override
  public String name() {
    return "theta";
  }

  @Override
  public java.util.List<String> steps(boolean direct) {
    return java.util.List.of("create", "union", "intersection", "update", "merge", "result", "compact", "a_not_b",
      "jaccard", "serialize", "deserialize", "reset", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /**
   * Looked up on first use, not when BatchRunner registers the family: a jar without these classes
   * (8.x) must fail in BatchRunner.probe() with its own message, not in a static initializer here.
   */
  private static final class SeededJaccard {
    static final Method METHOD = lookup();

    private static Method lookup() {
      try {
        return JaccardSimilarity.class.getMethod("jaccard", ThetaSketch.class, ThetaSketch.class, long.class);
      } catch (NoSuchMethodException e) {
        return null;  // 9.0.0
      }
    }
  }

  private static final class Stage implements StageExecutor {
    private final StageContext ctx;
    private final Map<String, Object> slots = new HashMap<>();

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
        case "create" -> slots.put(op.slot(), newSketch(op));
        case "union" -> slots.put(op.slot(), newUnion(op));
        case "intersection" -> slots.put(op.slot(), newIntersection(op));
        case "update" -> {
          Object target = slot(op.slot());
          if (target instanceof UpdatableThetaSketch s) {
            ctx.items(op, new UpdateSink(s));
          } else if (target instanceof ThetaUnion u) {
            ctx.items(op, new UnionSink(u));
          } else {
            throw new IllegalArgumentException("slot " + op.slot() + " cannot be updated");
          }
        }
        case "merge" -> {
          Object target = slot(op.slot());
          ThetaSketch from = sketch(op.arg("from"));
          if (target instanceof ThetaUnion u) {
            u.union(from);
          } else if (target instanceof ThetaIntersection i) {
            i.intersect(from);
          } else {
            throw new IllegalArgumentException("slot " + op.slot() + " is not a union or an intersection");
          }
        }
        case "result" -> {
          Object from = slot(op.arg("from"));
          boolean ordered = ordered(op);
          CompactThetaSketch r;
          if (from instanceof ThetaUnion u) {
            r = u.getResult(ordered, null);
          } else if (from instanceof ThetaIntersection i) {
            r = i.getResult(ordered, null);
          } else {
            throw new IllegalArgumentException("slot " + op.arg("from") + " is not a union or an intersection");
          }
          slots.put(op.slot(), placed(r, ordered));
        }
        case "compact" -> slots.put(op.slot(), compact(sketch(op.arg("from")), ordered(op)));
        case "a_not_b" -> {
          CompactThetaSketch r = ThetaSetOperation.builder().setSeed(seed(op)).buildANotB()
              .aNotB(sketch(op.arg("a")), sketch(op.arg("b")), ordered(op), null);
          slots.put(op.slot(), placed(r, ordered(op)));
        }
        case "jaccard" -> {
          double[] j = jaccard(sketch(op.slot()), sketch(op.arg("with")), op);
          String as = op.arg("as");
          ctx.out.dbl(as + ".lower", j[0]);
          ctx.out.dbl(as + ".estimate", j[1]);
          ctx.out.dbl(as + ".upper", j[2]);
        }
        case "serialize" -> serialize(op);
        case "deserialize" -> slots.put(op.slot(), deserialize(op));
        case "reset" -> {
          Object target = slot(op.slot());
          if (target instanceof UpdatableThetaSketch s) {
            s.reset();
          } else if (target instanceof ThetaUnion u) {
            u.reset();
          } else {
            throw new IllegalArgumentException("slot " + op.slot() + " cannot be reset");
          }
        }
        case "query" -> {
          Object target = slot(op.slot());
          String prefix = op.arg("as", op.slot()) + ".";
          for (String q : op.arg("queries").split(",")) query(target, q, prefix + q);
        }
        default -> {
          return false;
        }
      }
      return true;
    }

    private UpdatableThetaSketch newSketch(ProgramReader.Op op) {
      int lgK = op.intArg("lg_k");
      UpdatableThetaSketchBuilder b = UpdatableThetaSketch.builder().setLogNominalEntries(lgK).setSeed(seed(op));
      if (op.args().containsKey("rf")) b.setResizeFactor(ResizeFactor.getRF(Integer.numberOfTrailingZeros(op.intArg("rf"))));
      if (op.args().containsKey("p")) b.setP(Float.parseFloat(op.arg("p")));
      if (!ctx.direct) return b.build();
      return b.build(MemorySegment.ofArray(new byte[ThetaSketch.getUpdateSketchMaxBytes(lgK)]));
    }

    private ThetaUnion newUnion(ProgramReader.Op op) {
      int lgK = op.intArg("lg_k");
      ThetaSetOperationBuilder b = ThetaSetOperation.builder().setLogNominalEntries(lgK).setSeed(seed(op));
      if (op.args().containsKey("p")) b.setP(Float.parseFloat(op.arg("p")));
      if (!ctx.direct) return b.buildUnion();
      return b.buildUnion(MemorySegment.ofArray(new byte[ThetaSetOperation.getMaxUnionBytes(1 << lgK)]));
    }

    private ThetaIntersection newIntersection(ProgramReader.Op op) {
      ThetaSetOperationBuilder b = ThetaSetOperation.builder().setSeed(seed(op));
      if (!ctx.direct) return b.buildIntersection();
      // Its segment must hold the largest input, which is not known yet: sized for every sketch the
      // stage holds so far (an update sketch retains under 2^(lgK+1) entries), at least the default.
      int nomEntries = 1 << b.getLgNominalEntries();
      for (Object o : slots.values()) {
        long entries = o instanceof UpdatableThetaSketch u ? 2L << u.getLgNomLongs()
            : o instanceof ThetaSketch t ? t.getRetainedEntries(true) : 0;
        while (nomEntries < entries) nomEntries <<= 1;
      }
      return b.buildIntersection(MemorySegment.ofArray(new byte[ThetaSetOperation.getMaxIntersectionBytes(nomEntries)]));
    }

    private double[] jaccard(ThetaSketch a, ThetaSketch b, ProgramReader.Op op) throws Exception {
      if (!op.args().containsKey("seed") || SeededJaccard.METHOD == null) return JaccardSimilarity.jaccard(a, b);
      try {
        return (double[]) SeededJaccard.METHOD.invoke(null, a, b, seed(op));
      } catch (InvocationTargetException e) {
        throw e.getCause() instanceof Exception ex ? ex : e;
      }
    }

    private CompactThetaSketch compact(ThetaSketch s, boolean ordered) {
      if (!ctx.direct) return s.compact(ordered, null);
      return s.compact(ordered, MemorySegment.ofArray(new byte[s.getCompactBytes()]));
    }

    // java-direct: a set operation's result moved into a MemorySegment, as a user keeping it off heap does.
    private CompactThetaSketch placed(CompactThetaSketch r, boolean ordered) {
      return ctx.direct ? compact(r, ordered) : r;
    }

    private void serialize(ProgramReader.Op op) {
      ThetaSketch s = sketch(op.slot());
      String form = op.arg("form");
      byte[] image = switch (form) {
        case "compact" -> compactForm(s).toByteArray();
        case "compressed" -> compactForm(s).toByteArrayCompressed();
        case "updatable" -> {
          if (!(s instanceof UpdatableThetaSketch u)) throw new IllegalArgumentException("not an update sketch");
          yield u.toByteArray();
        }
        default -> throw new IllegalArgumentException("unknown form " + form);
      };
      ctx.image(op.arg("as", op.slot()) + "." + form, image);
    }

    // An update sketch is written as its ordered compact form.
    private static CompactThetaSketch compactForm(ThetaSketch s) {
      return s instanceof CompactThetaSketch c ? c : s.compact(true, null);
    }

    private ThetaSketch deserialize(ProgramReader.Op op) {
      byte[] copy = ctx.imageCopy(op.arg("image"));
      long seed = seed(op);
      String mode = op.arg("mode", "heapify");
      return switch (mode) {
        case "heapify" -> ThetaSketch.heapify(MemorySegment.ofArray(copy), seed);
        case "wrap" -> ThetaSketch.wrap(MemorySegment.ofArray(copy).asReadOnly(), seed);
        case "writable_wrap" -> UpdatableThetaSketch.wrap(MemorySegment.ofArray(copy), null, seed);
        default -> throw new IllegalArgumentException("unknown deserialize mode " + mode);
      };
    }

    private void query(Object target, String q, String field) {
      if (target instanceof ThetaIntersection i) {
        if (!q.equals("has_result")) throw new IllegalArgumentException("query " + q + " is not defined on an intersection");
        ctx.out.bool(field, i.hasResult());
        return;
      }
      ThetaSketch s = sketchOf(target, q);
      switch (q) {
        case "estimate" -> ctx.out.dbl(field, s.getEstimate());
        case "lb1", "lb2", "lb3" -> ctx.out.dbl(field, s.getLowerBound(q.charAt(2) - '0'));
        case "ub1", "ub2", "ub3" -> ctx.out.dbl(field, s.getUpperBound(q.charAt(2) - '0'));
        case "theta" -> ctx.out.dbl(field, s.getTheta());
        case "theta_long" -> ctx.out.integer(field, s.getThetaLong());
        case "retained" -> ctx.out.integer(field, s.getRetainedEntries(true));
        case "is_empty" -> ctx.out.bool(field, s.isEmpty());
        case "is_estimation_mode" -> ctx.out.bool(field, s.isEstimationMode());
        case "is_ordered" -> ctx.out.bool(field, s.isOrdered());
        case "lg_k" -> ctx.out.integer(field, update(s, q).getLgNomLongs());
        case "rf" -> ctx.out.integer(field, update(s, q).getResizeFactor().getValue());
        default -> throw new IllegalArgumentException("unknown query " + q);
      }
    }

    private static ThetaSketch sketchOf(Object target, String q) {
      if (target instanceof ThetaSketch s) return s;
      throw new IllegalArgumentException("query " + q + " is not defined on a union");
    }

    private static UpdatableThetaSketch update(ThetaSketch s, String q) {
      if (s instanceof UpdatableThetaSketch u) return u;
      throw new IllegalArgumentException("query " + q + " needs an update sketch");
    }

    private Object slot(String name) {
      Object s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }

    private ThetaSketch sketch(String name) {
      if (slot(name) instanceof ThetaSketch s) return s;
      throw new IllegalArgumentException("slot " + name + " is a set operation, not a sketch");
    }

    private static boolean ordered(ProgramReader.Op op) {
      return !"0".equals(op.arg("ordered", "1"));
    }

    private static long seed(ProgramReader.Op op) {
      String s = op.arg("seed", null);
      return s == null ? Util.DEFAULT_UPDATE_SEED : Long.parseLong(s);
    }
  }

  private record UpdateSink(UpdatableThetaSketch s) implements ItemTape.Sink {
    public void add(long item) { s.update(item); }
    public void add(double item) { s.update(item); }
    public void add(String item) { s.update(item); }
    public void add(byte[] item) { s.update(item); }
  }

  private record UnionSink(ThetaUnion u) implements ItemTape.Sink {
    public void add(long item) { u.update(item); }
    public void add(double item) { u.update(item); }
    public void add(String item) { u.update(item); }
    public void add(byte[] item) { u.update(item); }
  }
}
