package dev.dsconform.bridge;

import org.apache.datasketches.memory.DefaultMemoryRequestServer;
import org.apache.datasketches.memory.Memory;
import org.apache.datasketches.memory.WritableMemory;
import java.lang.reflect.InvocationTargetException;
import java.nio.ByteOrder;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;
import org.apache.datasketches.common.ResizeFactor;
import org.apache.datasketches.thetacommon.ThetaUtil;
import org.apache.datasketches.theta.CompactSketch;
import org.apache.datasketches.theta.JaccardSimilarity;
import org.apache.datasketches.theta.Intersection;
import org.apache.datasketches.theta.SetOperation;
import org.apache.datasketches.theta.SetOperationBuilder;
import org.apache.datasketches.theta.Sketch;
import org.apache.datasketches.theta.Union;
import org.apache.datasketches.theta.UpdateSketch;
import org.apache.datasketches.theta.UpdateSketchBuilder;

/**
 * The Theta steps of docs/case-format.md on datasketches-java 6.x and 7.x (the datasketches-memory
 * API: theta.Sketch, UpdateSketch, Union, ...); the java-bridge's 9.x ThetaFamily with those names.
 * JaccardSimilarity.jaccard(a, b, seed), added in 9.1.0, is looked up at run time, so a seeded
 * jaccard step calls jaccard(a, b) here, as on 9.0.0.
 * java-direct: update sketches, unions and intersections are built in WritableMemory, and every
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
        return JaccardSimilarity.class.getMethod("jaccard", Sketch.class, Sketch.class, long.class);
      } catch (NoSuchMethodException e) {
        return null;  // 6.x, 7.x (and 9.0.0)
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
    public boolean execute(ProgramReader.Op op) throws Exception {
      switch (op.name()) {
        case "create" -> slots.put(op.slot(), newSketch(op));
        case "union" -> slots.put(op.slot(), newUnion(op));
        case "intersection" -> slots.put(op.slot(), newIntersection(op));
        case "update" -> {
          Object target = slot(op.slot());
          if (target instanceof UpdateSketch s) {
            ctx.items(op, new UpdateSink(s));
          } else if (target instanceof Union u) {
            ctx.items(op, new UnionSink(u));
          } else {
            throw new IllegalArgumentException("slot " + op.slot() + " cannot be updated");
          }
        }
        case "merge" -> {
          Object target = slot(op.slot());
          Sketch from = sketch(op.arg("from"));
          if (target instanceof Union u) {
            u.union(from);
          } else if (target instanceof Intersection i) {
            i.intersect(from);
          } else {
            throw new IllegalArgumentException("slot " + op.slot() + " is not a union or an intersection");
          }
        }
        case "result" -> {
          Object from = slot(op.arg("from"));
          boolean ordered = ordered(op);
          CompactSketch r;
          if (from instanceof Union u) {
            r = u.getResult(ordered, null);
          } else if (from instanceof Intersection i) {
            r = i.getResult(ordered, null);
          } else {
            throw new IllegalArgumentException("slot " + op.arg("from") + " is not a union or an intersection");
          }
          slots.put(op.slot(), placed(r, ordered));
        }
        case "compact" -> slots.put(op.slot(), compact(sketch(op.arg("from")), ordered(op)));
        case "a_not_b" -> {
          CompactSketch r = SetOperation.builder().setSeed(seed(op)).buildANotB()
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
          if (target instanceof UpdateSketch s) {
            s.reset();
          } else if (target instanceof Union u) {
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

    private UpdateSketch newSketch(ProgramReader.Op op) {
      int lgK = op.intArg("lg_k");
      UpdateSketchBuilder b = UpdateSketch.builder().setLogNominalEntries(lgK).setSeed(seed(op));
      if (op.args().containsKey("rf")) b.setResizeFactor(ResizeFactor.getRF(Integer.numberOfTrailingZeros(op.intArg("rf"))));
      if (op.args().containsKey("p")) b.setP(Float.parseFloat(op.arg("p")));
      if (!ctx.direct) return b.build();
      return b.build(WritableMemory.writableWrap(new byte[Sketch.getMaxUpdateSketchBytes(lgK)]));
    }

    private Union newUnion(ProgramReader.Op op) {
      int lgK = op.intArg("lg_k");
      SetOperationBuilder b = SetOperation.builder().setLogNominalEntries(lgK).setSeed(seed(op));
      if (op.args().containsKey("p")) b.setP(Float.parseFloat(op.arg("p")));
      if (!ctx.direct) return b.buildUnion();
      return b.buildUnion(WritableMemory.writableWrap(new byte[SetOperation.getMaxUnionBytes(1 << lgK)]));
    }

    private Intersection newIntersection(ProgramReader.Op op) {
      SetOperationBuilder b = SetOperation.builder().setSeed(seed(op));
      if (!ctx.direct) return b.buildIntersection();
      // Its segment must hold the largest input, which is not known yet: sized for every sketch the
      // stage holds so far (an update sketch retains under 2^(lgK+1) entries), at least the default.
      int nomEntries = 1 << b.getLgNominalEntries();
      for (Object o : slots.values()) {
        long entries = o instanceof UpdateSketch u ? 2L << u.getLgNomLongs()
            : o instanceof Sketch t ? t.getRetainedEntries(true) : 0;
        while (nomEntries < entries) nomEntries <<= 1;
      }
      return b.buildIntersection(WritableMemory.writableWrap(new byte[SetOperation.getMaxIntersectionBytes(nomEntries)]));
    }

    private double[] jaccard(Sketch a, Sketch b, ProgramReader.Op op) throws Exception {
      if (!op.args().containsKey("seed") || SeededJaccard.METHOD == null) return JaccardSimilarity.jaccard(a, b);
      try {
        return (double[]) SeededJaccard.METHOD.invoke(null, a, b, seed(op));
      } catch (InvocationTargetException e) {
        throw e.getCause() instanceof Exception ex ? ex : e;
      }
    }

    private CompactSketch compact(Sketch s, boolean ordered) {
      if (!ctx.direct) return s.compact(ordered, null);
      return s.compact(ordered, WritableMemory.writableWrap(new byte[s.getCompactBytes()]));
    }

    // java-direct: a set operation's result moved into a WritableMemory, as a user keeping it off heap does.
    private CompactSketch placed(CompactSketch r, boolean ordered) {
      return ctx.direct ? compact(r, ordered) : r;
    }

    private void serialize(ProgramReader.Op op) {
      Sketch s = sketch(op.slot());
      String form = op.arg("form");
      byte[] image = switch (form) {
        case "compact" -> compactForm(s).toByteArray();
        case "compressed" -> compactForm(s).toByteArrayCompressed();
        case "updatable" -> {
          if (!(s instanceof UpdateSketch u)) throw new IllegalArgumentException("not an update sketch");
          yield u.toByteArray();
        }
        default -> throw new IllegalArgumentException("unknown form " + form);
      };
      ctx.image(op.arg("as", op.slot()) + "." + form, image);
    }

    // An update sketch is written as its ordered compact form.
    private static CompactSketch compactForm(Sketch s) {
      return s instanceof CompactSketch c ? c : s.compact(true, null);
    }

    private Sketch deserialize(ProgramReader.Op op) {
      byte[] copy = ctx.imageCopy(op.arg("image"));
      long seed = seed(op);
      String mode = op.arg("mode", "heapify");
      return switch (mode) {
        case "heapify" -> Sketch.heapify(WritableMemory.writableWrap(copy), seed);
        case "wrap" -> Sketch.wrap(Memory.wrap(copy), seed);
        case "writable_wrap" -> UpdateSketch.wrap(growable(copy), seed);
        default -> throw new IllegalArgumentException("unknown deserialize mode " + mode);
      };
    }

    // The 9.x bridge passes a null MemorySegmentRequest, which 9.x replaces with its default, so a
    // wrapped update sketch may grow past its image. A WritableMemory over an array has no request
    // server in datasketches-memory 3.x/4.x: a user of 6.x/7.x hands it the default one to the same end.
    private static WritableMemory growable(byte[] image) {
      return WritableMemory.writableWrap(image, 0, image.length, ByteOrder.LITTLE_ENDIAN, new DefaultMemoryRequestServer());
    }

    private void query(Object target, String q, String field) {
      if (target instanceof Intersection i) {
        if (!q.equals("has_result")) throw new IllegalArgumentException("query " + q + " is not defined on an intersection");
        ctx.out.bool(field, i.hasResult());
        return;
      }
      Sketch s = sketchOf(target, q);
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

    private static Sketch sketchOf(Object target, String q) {
      if (target instanceof Sketch s) return s;
      throw new IllegalArgumentException("query " + q + " is not defined on a union");
    }

    private static UpdateSketch update(Sketch s, String q) {
      if (s instanceof UpdateSketch u) return u;
      throw new IllegalArgumentException("query " + q + " needs an update sketch");
    }

    private Object slot(String name) {
      Object s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }

    private Sketch sketch(String name) {
      if (slot(name) instanceof Sketch s) return s;
      throw new IllegalArgumentException("slot " + name + " is a set operation, not a sketch");
    }

    private static boolean ordered(ProgramReader.Op op) {
      return !"0".equals(op.arg("ordered", "1"));
    }

    private static long seed(ProgramReader.Op op) {
      String s = op.arg("seed", null);
      return s == null ? ThetaUtil.DEFAULT_UPDATE_SEED : Long.parseLong(s);
    }
  }

  private record UpdateSink(UpdateSketch s) implements ItemTape.Sink {
    public void add(long item) { s.update(item); }
    public void add(double item) { s.update(item); }
    public void add(String item) { s.update(item); }
    public void add(byte[] item) { s.update(item); }
  }

  private record UnionSink(Union u) implements ItemTape.Sink {
    public void add(long item) { u.update(item); }
    public void add(double item) { u.update(item); }
    public void add(String item) { u.update(item); }
    public void add(byte[] item) { u.update(item); }
  }
}
