package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.datasketches.common.ResizeFactor;
import org.apache.datasketches.common.Util;
import org.apache.datasketches.theta.ThetaSketch;
import org.apache.datasketches.theta.UpdatableThetaSketch;
import org.apache.datasketches.tuple.JaccardSimilarity;
import org.apache.datasketches.tuple.Summary;
import org.apache.datasketches.tuple.SummaryDeserializer;
import org.apache.datasketches.tuple.SummaryFactory;
import org.apache.datasketches.tuple.SummarySetOperations;
import org.apache.datasketches.tuple.TupleAnotB;
import org.apache.datasketches.tuple.TupleIntersection;
import org.apache.datasketches.tuple.TupleSketch;
import org.apache.datasketches.tuple.TupleSketchIterator;
import org.apache.datasketches.tuple.TupleUnion;
import org.apache.datasketches.tuple.UpdatableSummary;
import org.apache.datasketches.tuple.UpdatableTupleSketch;
import org.apache.datasketches.tuple.UpdatableTupleSketchBuilder;
import org.apache.datasketches.tuple.adouble.DoubleSummary;
import org.apache.datasketches.tuple.adouble.DoubleSummaryDeserializer;
import org.apache.datasketches.tuple.adouble.DoubleSummaryFactory;
import org.apache.datasketches.tuple.adouble.DoubleSummarySetOperations;
import org.apache.datasketches.tuple.aninteger.IntegerSummary;
import org.apache.datasketches.tuple.aninteger.IntegerSummaryDeserializer;
import org.apache.datasketches.tuple.aninteger.IntegerSummaryFactory;
import org.apache.datasketches.tuple.aninteger.IntegerSummarySetOperations;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesAnotB;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesCombiner;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesIntersection;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesSetOperationBuilder;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesSketch;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesSketchIterator;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesUnion;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesUpdatableSketch;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesUpdatableSketchBuilder;
import org.apache.datasketches.tuple.strings.ArrayOfStringsSummary;
import org.apache.datasketches.tuple.strings.ArrayOfStringsSummaryDeserializer;
import org.apache.datasketches.tuple.strings.ArrayOfStringsSummaryFactory;
import org.apache.datasketches.tuple.strings.ArrayOfStringsSummarySetOperations;
import org.apache.datasketches.tuple.strings.ArrayOfStringsTupleSketch;

/**
 * The Tuple steps of docs/case-format.md on datasketches-java 9.x: the double and integer summaries
 * (DoubleSummary, IntegerSummary and their modes) of the generic tuple sketch, and the
 * array-of-doubles sketch. Compiled against 9.1.0; 9.0.0 has no seed for the generic tuple sketch
 * and its set operations (UpdatableTupleSketchBuilder.setSeed, the seeded TupleUnion,
 * TupleIntersection, TupleAnotB, JaccardSimilarity and heapifySketch are 9.1.0's): there a step
 * with a seed other than the default records itself unsupported, as on 6.x and 7.x, which run this
 * class translated (java-bridge/legacy/tuple_api.sed; hence no pattern switches: they compile for
 * Java 17 there). java-direct: an aod sketch, union and intersection live in a MemorySegment,
 * compact aod sketches are written into one; the generic tuple sketch has no MemorySegment form,
 * so it runs as on the heap. The array-of-strings sketch (aos, tuple.strings) is a generic tuple
 * sketch keyed by a String[]: its summary is replaced on update and its set operations keep the
 * first summary, as the library's are.
 */
final class TupleFamily implements Family {
  @Override
  public String name() {
    return "tuple";
  }

  @Override
  public List<String> steps(boolean direct) {
    return List.of("create", "create_theta", "union", "intersection", "update", "merge", "result", "compact",
      "a_not_b", "jaccard", "serialize", "deserialize", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /** The summary of the case format: "double_sum" ... "int_always_one", "aod", "aos". */
  private record Kind(String name, int numValues) {
    static Kind of(ProgramReader.Op op) {
      return new Kind(op.arg("summary"), Integer.parseInt(op.arg("num_values", "1")));
    }

    boolean aod() {
      return name.equals("aod");
    }

    boolean aos() {
      return name.equals("aos");
    }

    boolean isInt() {
      return name.startsWith("int_");
    }

    String mode() {
      return switch (name.substring(name.indexOf('_') + 1)) {
        case "min" -> "Min";
        case "max" -> "Max";
        case "always_one" -> "AlwaysOne";
        default -> "Sum";
      };
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    SummaryFactory factory() {
      if (aos()) return new ArrayOfStringsSummaryFactory();
      return isInt() ? new IntegerSummaryFactory(IntegerSummary.Mode.valueOf(mode()))
          : new DoubleSummaryFactory(DoubleSummary.Mode.valueOf(mode()));
    }

    @SuppressWarnings("rawtypes")
    SummarySetOperations setOps() {
      if (aos()) return new ArrayOfStringsSummarySetOperations();
      if (isInt()) {
        IntegerSummary.Mode m = IntegerSummary.Mode.valueOf(mode());
        return new IntegerSummarySetOperations(m, m);
      }
      DoubleSummary.Mode m = DoubleSummary.Mode.valueOf(mode());
      return new DoubleSummarySetOperations(m, m);
    }

    @SuppressWarnings("rawtypes")
    SummaryDeserializer deserializer() {
      if (aos()) return new ArrayOfStringsSummaryDeserializer();
      return isInt() ? new IntegerSummaryDeserializer() : new DoubleSummaryDeserializer();
    }

    /** A summary of this kind updated once with the value: a theta sketch's summary. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    Summary summaryOf(Values v) {
      UpdatableSummary s = (UpdatableSummary) factory().newSummary();
      s.update(isInt() ? (Object) v.integer(0) : (Object) v.dbl(0));
      return s;
    }
  }

  /** The values an update step gives its items: value + i * value_step, or a special double. */
  private record Values(double base, double step, long ibase, long istep, Double special) {
    static Values of(ProgramReader.Op op) {
      String value = op.arg("value", "1");
      String step = op.arg("value_step", "0");
      String sp = op.arg("special", null);
      Double special = sp == null ? null : switch (sp) {
        case "nan" -> Double.NaN;
        case "inf" -> Double.POSITIVE_INFINITY;
        case "-inf" -> Double.NEGATIVE_INFINITY;
        default -> -0.0;
      };
      return new Values(Double.parseDouble(value), Double.parseDouble(step), integral(value), integral(step), special);
    }

    private static long integral(String s) {
      try {
        return Long.parseLong(s);
      } catch (NumberFormatException e) {
        return (long) Double.parseDouble(s);
      }
    }

    double dbl(long i) {
      return special != null ? special : base + (double) i * step;
    }

    int integer(long i) {
      return (int) (ibase + i * istep);
    }
  }

  /** A set operation with the summary it was made for, and its nominal entries (0: none). */
  private record SetOp(Object op, Kind kind, int k) {
    SetOp(Object op, Kind kind) {
      this(op, kind, 0);
    }

    /** A result holds fewer than 2k entries (a union's table before it trims to k). */
    int maxResultBytes() {
      return 24 + 2 * k * (8 + 8 * kind.numValues());
    }
  }

  private static final class Stage implements StageExecutor {
    private final StageContext ctx;
    private final Map<String, Object> slots = new HashMap<>();
    private final Set<String> unsupportedSlots = new HashSet<>();
    /** The strings per key of each aos update sketch (its create's or deserialize's num_values). */
    private final Map<String, Integer> aosStrings = new HashMap<>();

    Stage(StageContext ctx) {
      this.ctx = ctx;
    }

    @Override
    public void drop(String slot) {
      slots.remove(slot);
      aosStrings.remove(slot);
    }

    @Override
    public boolean execute(ProgramReader.Op op) throws Exception {
      for (String key : new String[] {"from", "a", "b", "with"}) {
        String read = op.arg(key, null);
        if (read != null && unsupportedSlots.contains(read)) {
          if (unsupportedSlots.add(op.slot()))
            ctx.out.unsupported(op.slot() + "." + op.name(), "reads slot '" + read + "', which this engine could not make");
          return true;
        }
      }
      if (unsupportedSlots.contains(op.slot())) return true;
      try {
        return run(op);
      } catch (NoSuchMethodError | NoSuchFieldError e) {
        // 9.0.0: the seeded tuple API is 9.1.0's.
        ctx.out.unsupported(op.slot() + "." + op.name(), "this datasketches-java lacks " + e.getMessage());
        unsupportedSlots.add(op.slot());
        return true;
      }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private boolean run(ProgramReader.Op op) throws Exception {
      switch (op.name()) {
        case "create" -> {
          slots.put(op.slot(), newSketch(op));
          if (Kind.of(op).aos()) aosStrings.put(op.slot(), Kind.of(op).numValues());
        }
        case "create_theta" -> {
          var b = UpdatableThetaSketch.builder().setLogNominalEntries(op.intArg("lg_k")).setSeed(seed(op));
          slots.put(op.slot(), b.build());
        }
        case "union" -> slots.put(op.slot(), newUnion(op));
        case "intersection" -> slots.put(op.slot(), newIntersection(op));
        case "update" -> update(op);
        case "merge" -> merge(op);
        case "result" -> {
          Object from = slot(op.arg("from"));
          if (!(from instanceof SetOp s)) throw new IllegalArgumentException("slot " + op.arg("from") + " is not a set operation");
          Object r;
          if (s.op() instanceof TupleUnion u) r = u.getResult();
          else if (s.op() instanceof TupleIntersection i) r = i.getResult();
          else if (s.op() instanceof ArrayOfDoublesUnion u)
            r = ctx.direct ? u.getResult(MemorySegment.ofArray(new byte[s.maxResultBytes()])) : u.getResult();
          else if (s.op() instanceof ArrayOfDoublesIntersection i) r = i.getResult();
          else throw new IllegalArgumentException("slot " + op.arg("from") + " is not a union or an intersection");
          slots.put(op.slot(), r);
        }
        case "compact" -> {
          Object from = slot(op.arg("from"));
          Object r;
          if (from instanceof TupleSketch t) r = t.compact();
          else if (from instanceof ArrayOfDoublesSketch a)
            r = ctx.direct ? a.compact(MemorySegment.ofArray(new byte[compactBytes(a)])) : a.compact();
          else throw new IllegalArgumentException("slot " + op.arg("from") + " is not a tuple sketch");
          slots.put(op.slot(), r);
        }
        case "a_not_b" -> slots.put(op.slot(), aNotB(op));
        case "jaccard" -> {
          double[] j = jaccard(op);
          String as = op.arg("as");
          ctx.out.dbl(as + ".lower", j[0]);
          ctx.out.dbl(as + ".estimate", j[1]);
          ctx.out.dbl(as + ".upper", j[2]);
        }
        case "serialize" -> serialize(op);
        case "deserialize" -> deserialize(op);
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

    @SuppressWarnings({"rawtypes", "unchecked"})
    private Object newSketch(ProgramReader.Op op) {
      Kind kind = Kind.of(op);
      int lgK = op.intArg("lg_k");
      ResizeFactor rf = op.args().containsKey("rf")
          ? ResizeFactor.getRF(Integer.numberOfTrailingZeros(op.intArg("rf"))) : null;
      if (kind.aod()) {
        ArrayOfDoublesUpdatableSketchBuilder b = new ArrayOfDoublesUpdatableSketchBuilder()
            .setNominalEntries(1 << lgK).setNumberOfValues(kind.numValues()).setSeed(seed(op));
        if (rf != null) b.setResizeFactor(rf);
        if (op.args().containsKey("p")) b.setSamplingProbability(Float.parseFloat(op.arg("p")));
        if (!ctx.direct) return b.build();
        // A direct sketch is allocated at its full size: 2^(lgK+1) entries of a key and the values.
        long bytes = 64 + (2L << lgK) * (8L + 8L * kind.numValues());
        return b.build(MemorySegment.ofArray(new byte[(int) bytes]));
      }
      if (kind.aos()) {
        ResizeFactor r = rf == null ? ResizeFactor.X8 : rf;
        float p = op.args().containsKey("p") ? Float.parseFloat(op.arg("p")) : 1f;
        // The seeded constructor is 9.1.0's: 9.0.0 answers a custom seed unsupported (NoSuchMethodError).
        return customSeed(op) ? new ArrayOfStringsTupleSketch(lgK, r, p, seed(op)) : new ArrayOfStringsTupleSketch(lgK, r, p);
      }
      UpdatableTupleSketchBuilder b = new UpdatableTupleSketchBuilder(kind.factory()).setNominalEntries(1 << lgK);
      if (rf != null) b.setResizeFactor(rf);
      if (op.args().containsKey("p")) b.setSamplingProbability(Float.parseFloat(op.arg("p")));
      if (customSeed(op)) b.setSeed(seed(op));
      return b.build();
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private SetOp newUnion(ProgramReader.Op op) {
      Kind kind = Kind.of(op);
      int k = 1 << op.intArg("lg_k");
      if (kind.aod()) {
        ArrayOfDoublesSetOperationBuilder b = new ArrayOfDoublesSetOperationBuilder().setNominalEntries(k)
            .setNumberOfValues(kind.numValues()).setSeed(seed(op));
        if (!ctx.direct) return new SetOp(b.buildUnion(), kind);
        return new SetOp(b.buildUnion(MemorySegment.ofArray(new byte[ArrayOfDoublesUnion.getMaxBytes(k, kind.numValues())])), kind, k);
      }
      TupleUnion u = customSeed(op) ? new TupleUnion(k, kind.setOps(), seed(op)) : new TupleUnion(k, kind.setOps());
      return new SetOp(u, kind);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private SetOp newIntersection(ProgramReader.Op op) {
      Kind kind = Kind.of(op);
      if (kind.aod()) {
        return new SetOp(new ArrayOfDoublesSetOperationBuilder().setNumberOfValues(kind.numValues()).setSeed(seed(op))
            .buildIntersection(), kind);
      }
      TupleIntersection i = customSeed(op) ? new TupleIntersection(kind.setOps(), seed(op))
          : new TupleIntersection(kind.setOps());
      return new SetOp(i, kind);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private void update(ProgramReader.Op op) {
      Object target = slot(op.slot());
      Values v = Values.of(op);
      if (target instanceof UpdatableThetaSketch t) {
        ctx.items(op, new ThetaSink(t));
      } else if (target instanceof ArrayOfStringsTupleSketch a) {
        String[] strings = op.listArg("strings");
        ctx.items(op, new AosSink(a, strings.length == 0 ? new String[] {"s"} : strings, aosStrings.getOrDefault(op.slot(), 1)));
      } else if (target instanceof UpdatableTupleSketch t) {
        ctx.items(op, new TupleSink(t, v, isIntSketch(t)));
      } else if (target instanceof ArrayOfDoublesUpdatableSketch a) {
        ctx.items(op, new AodSink(a, v));
      } else {
        throw new IllegalArgumentException("slot " + op.slot() + " cannot be updated");
      }
    }

    private static boolean isIntSketch(UpdatableTupleSketch<?, ?> t) {
      return t.getSummaryFactory() instanceof IntegerSummaryFactory;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private void merge(ProgramReader.Op op) {
      Object target = slot(op.slot());
      Object from = slot(op.arg("from"));
      if (!(target instanceof SetOp s)) throw new IllegalArgumentException("slot " + op.slot() + " is not a set operation");
      if (s.op() instanceof TupleUnion u) {
        if (from instanceof ThetaSketch t) u.union(t, s.kind().summaryOf(Values.of(op)));
        else u.union((TupleSketch) from);
      } else if (s.op() instanceof TupleIntersection i) {
        if (from instanceof ThetaSketch t) i.intersect(t, s.kind().summaryOf(Values.of(op)));
        else i.intersect((TupleSketch) from);
      } else if (s.op() instanceof ArrayOfDoublesUnion u) {
        if (from instanceof ThetaSketch) {
          unsupported(op, "datasketches-java has no theta sketch input to an ArrayOfDoublesUnion");
          return;
        }
        u.union((ArrayOfDoublesSketch) from);
      } else if (s.op() instanceof ArrayOfDoublesIntersection i) {
        if (from instanceof ThetaSketch) {
          unsupported(op, "datasketches-java has no theta sketch input to an ArrayOfDoublesIntersection");
          return;
        }
        i.intersect((ArrayOfDoublesSketch) from, SUM);
      } else {
        throw new IllegalArgumentException("slot " + op.slot() + " is not a set operation");
      }
    }

    private static final ArrayOfDoublesCombiner SUM = (a, b) -> {
      double[] r = new double[a.length];
      for (int i = 0; i < a.length; i++) r[i] = a[i] + b[i];
      return r;
    };

    @SuppressWarnings({"rawtypes", "unchecked"})
    private Object aNotB(ProgramReader.Op op) {
      Object a = slot(op.arg("a"));
      Object b = slot(op.arg("b"));
      if (a instanceof ArrayOfDoublesSketch aa) {
        if (!(b instanceof ArrayOfDoublesSketch bb)) {
          unsupported(op, "datasketches-java has no theta sketch input to an ArrayOfDoublesAnotB");
          return null;
        }
        ArrayOfDoublesAnotB d = new ArrayOfDoublesSetOperationBuilder().setNumberOfValues(aa.getNumValues())
            .setSeed(seed(op)).buildAnotB();
        d.update(aa, bb);
        return d.getResult();
      }
      TupleSketch ta = (TupleSketch) a;
      if (b instanceof ThetaSketch tb) return customSeed(op) ? TupleAnotB.aNotB(ta, tb, seed(op)) : TupleAnotB.aNotB(ta, tb);
      return customSeed(op) ? TupleAnotB.aNotB(ta, (TupleSketch) b, seed(op)) : TupleAnotB.aNotB(ta, (TupleSketch) b);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private double[] jaccard(ProgramReader.Op op) {
      TupleSketch a = (TupleSketch) slot(op.slot());
      Object b = slot(op.arg("with"));
      Kind kind = Kind.of(op);
      if (b instanceof ThetaSketch t) {
        Summary s = kind.summaryOf(Values.of(op));
        return customSeed(op) ? JaccardSimilarity.jaccard(a, t, s, kind.setOps(), seed(op))
            : JaccardSimilarity.jaccard(a, t, s, kind.setOps());
      }
      return customSeed(op) ? JaccardSimilarity.jaccard(a, (TupleSketch) b, kind.setOps(), seed(op))
          : JaccardSimilarity.jaccard(a, (TupleSketch) b, kind.setOps());
    }

    private void serialize(ProgramReader.Op op) {
      Object s = slot(op.slot());
      String form = op.arg("form");
      byte[] image;
      if (s instanceof TupleSketch<?> t) {
        image = form.equals("updatable") ? updatable(t).toByteArray() : t.compact().toByteArray();
      } else if (s instanceof ArrayOfDoublesSketch a) {
        if (form.equals("updatable") && !(a instanceof ArrayOfDoublesUpdatableSketch))
          throw new IllegalArgumentException("not an update sketch");
        image = !form.equals("updatable") && a instanceof ArrayOfDoublesUpdatableSketch u ? u.compact().toByteArray() : a.toByteArray();
      } else {
        throw new IllegalArgumentException("slot " + op.slot() + " is not a tuple sketch");
      }
      ctx.image(op.arg("as", op.slot()) + "." + form, image);
    }

    private static UpdatableTupleSketch<?, ?> updatable(TupleSketch<?> t) {
      if (t instanceof UpdatableTupleSketch<?, ?> u) return u;
      throw new IllegalArgumentException("not an update sketch");
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private void deserialize(ProgramReader.Op op) {
      Kind kind = Kind.of(op);
      byte[] copy = ctx.imageCopy(op.arg("image"));
      MemorySegment seg = MemorySegment.ofArray(copy);
      String mode = op.arg("mode", "heapify");
      long seed = seed(op);
      Object s;
      if (kind.aod()) {
        // Sketch type 2 (byte 3): an updatable image, read as an update sketch.
        boolean updatable = copy.length > 3 && copy[3] == 2;
        if (mode.equals("wrap")) {
          s = updatable ? ArrayOfDoublesUpdatableSketch.wrap(seg, seed) : ArrayOfDoublesSketch.wrap(seg.asReadOnly(), seed);
        } else {
          s = updatable ? ArrayOfDoublesUpdatableSketch.heapify(seg, seed) : ArrayOfDoublesSketch.heapify(seg, seed);
        }
      } else {
        if (mode.equals("wrap")) {
          unsupported(op, "datasketches-java has no wrap of a generic tuple sketch");
          return;
        }
        // Sketch type 0 (byte 3): an update sketch's image (QuickSelectSketch).
        boolean updatable = copy.length > 3 && copy[3] == 0;
        if (updatable) {
          if (customSeed(op)) {
            unsupported(op, "TupleSketch.heapifyUpdatableSketch takes no seed");
            return;
          }
          if (kind.aos()) {
            s = new ArrayOfStringsTupleSketch(seg);
            aosStrings.put(op.slot(), kind.numValues());
          } else {
            s = TupleSketch.heapifyUpdatableSketch(seg, kind.deserializer(), kind.factory());
          }
        } else {
          s = customSeed(op) ? TupleSketch.heapifySketch(seg, kind.deserializer(), seed)
              : TupleSketch.heapifySketch(seg, kind.deserializer());
        }
      }
      slots.put(op.slot(), s);
    }

    private void unsupported(ProgramReader.Op op, String reason) {
      ctx.out.unsupported(op.slot() + "." + op.name(), reason);
      unsupportedSlots.add(op.slot());
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private void query(Object target, String q, String field) {
      if (target instanceof SetOp s) {
        if (!q.equals("has_result")) throw new IllegalArgumentException("query " + q + " is not defined on a set operation");
        if (s.op() instanceof TupleIntersection i) {
          ctx.out.bool(field, i.hasResult());
        } else {
          ctx.out.unsupported(field, "ArrayOfDoublesIntersection has no hasResult()");
        }
        return;
      }
      if (target instanceof UpdatableThetaSketch t) {
        if (!q.equals("estimate")) throw new IllegalArgumentException("query " + q + " is not defined on a theta sketch");
        ctx.out.dbl(field, t.getEstimate());
        return;
      }
      if (target instanceof ArrayOfDoublesSketch a) {
        switch (q) {
          case "estimate" -> ctx.out.dbl(field, a.getEstimate());
          case "lb1", "lb2", "lb3" -> ctx.out.dbl(field, a.getLowerBound(q.charAt(2) - '0'));
          case "ub1", "ub2", "ub3" -> ctx.out.dbl(field, a.getUpperBound(q.charAt(2) - '0'));
          case "theta" -> ctx.out.dbl(field, a.getTheta());
          case "theta_long" -> ctx.out.unsupported(field, "ArrayOfDoublesSketch has no public getThetaLong()");
          case "retained" -> ctx.out.integer(field, a.getRetainedEntries());
          case "is_empty" -> ctx.out.bool(field, a.isEmpty());
          case "is_estimation_mode" -> ctx.out.bool(field, a.isEstimationMode());
          case "summaries" -> ctx.out.string(field, aodSummaries(a));
          case "lg_k" -> {
            if (!(a instanceof ArrayOfDoublesUpdatableSketch u)) throw new IllegalArgumentException("lg_k needs an update sketch");
            ctx.out.integer(field, Integer.numberOfTrailingZeros(u.getNominalEntries()));
          }
          default -> throw new IllegalArgumentException("unknown query " + q);
        }
        return;
      }
      TupleSketch s = (TupleSketch) target;
      switch (q) {
        case "estimate" -> ctx.out.dbl(field, s.getEstimate());
        case "lb1", "lb2", "lb3" -> ctx.out.dbl(field, s.getLowerBound(q.charAt(2) - '0'));
        case "ub1", "ub2", "ub3" -> ctx.out.dbl(field, s.getUpperBound(q.charAt(2) - '0'));
        case "theta" -> ctx.out.dbl(field, s.getTheta());
        case "theta_long" -> ctx.out.integer(field, s.getThetaLong());
        case "retained" -> ctx.out.integer(field, s.getRetainedEntries());
        case "is_empty" -> ctx.out.bool(field, s.isEmpty());
        case "is_estimation_mode" -> ctx.out.bool(field, s.isEstimationMode());
        case "summaries" -> ctx.out.string(field, summaries(s));
        case "lg_k" -> {
          if (!(s instanceof UpdatableTupleSketch u)) throw new IllegalArgumentException("lg_k needs an update sketch");
          ctx.out.integer(field, u.getLgK());
        }
        default -> throw new IllegalArgumentException("unknown query " + q);
      }
    }

    private static String summaries(TupleSketch<?> s) {
      TreeMap<Long, String> entries = new TreeMap<>(Long::compareUnsigned);
      TupleSketchIterator<?> it = s.iterator();
      while (it.next()) {
        Object summary = it.getSummary();
        String text;
        if (summary instanceof DoubleSummary d) text = String.format("%016x", Double.doubleToRawLongBits(d.getValue()));
        else if (summary instanceof IntegerSummary i) text = Integer.toString(i.getValue());
        else if (summary instanceof ArrayOfStringsSummary a) text = aosText(a.getValue());
        else text = summary.toString();
        entries.put(it.getHash(), text);
      }
      return join(entries);
    }

    /** Quoted strings joined by `/`; bytes outside 0x20..0x7e, `"` and `\` as \xhh of the UTF-8. */
    private static String aosText(String[] strings) {
      StringBuilder sb = new StringBuilder();
      for (int j = 0; j < strings.length; j++) {
        if (j > 0) sb.append('/');
        sb.append('"');
        for (byte b : strings[j].getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
          int c = b & 0xff;
          if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') sb.append(String.format("\\x%02x", c));
          else sb.append((char) c);
        }
        sb.append('"');
      }
      return sb.toString();
    }

    private static String aodSummaries(ArrayOfDoublesSketch a) {
      TreeMap<Long, String> entries = new TreeMap<>(Long::compareUnsigned);
      ArrayOfDoublesSketchIterator it = a.iterator();
      while (it.next()) {
        List<String> parts = new ArrayList<>();
        for (double d : it.getValues()) parts.add(String.format("%016x", Double.doubleToRawLongBits(d)));
        entries.put(it.getKey(), String.join("/", parts));
      }
      return join(entries);
    }

    private static String join(TreeMap<Long, String> entries) {
      StringBuilder sb = new StringBuilder();
      for (Map.Entry<Long, String> e : entries.entrySet()) {
        if (sb.length() > 0) sb.append(' ');
        sb.append(String.format("%016x", e.getKey())).append(':').append(e.getValue());
      }
      return sb.toString();
    }

    private static int compactBytes(ArrayOfDoublesSketch a) {
      return 24 + a.getRetainedEntries() * (8 + 8 * a.getNumValues());
    }

    private Object slot(String name) {
      Object s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }

    private static long seed(ProgramReader.Op op) {
      String s = op.arg("seed", null);
      return s == null ? Util.DEFAULT_UPDATE_SEED : Long.parseLong(s);
    }

    /** A seed other than the default: only then the seeded overloads (9.1.0) are called. */
    private static boolean customSeed(ProgramReader.Op op) {
      return seed(op) != Util.DEFAULT_UPDATE_SEED;
    }
  }

  private record ThetaSink(UpdatableThetaSketch s) implements ItemTape.Sink {
    public void add(long item) { s.update(item); }
    public void add(double item) { s.update(item); }
    public void add(String item) { s.update(item); }
    public void add(byte[] item) { s.update(item); }
  }

  /** Item i of the step gets value i: a Double, or an Integer for an int summary. */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static final class TupleSink implements ItemTape.Sink {
    private final UpdatableTupleSketch s;
    private final Values v;
    private final boolean isInt;
    private long i = 0;

    TupleSink(UpdatableTupleSketch s, Values v, boolean isInt) {
      this.s = s;
      this.v = v;
      this.isInt = isInt;
    }

    private Object next() {
      Object value = isInt ? (Object) v.integer(i) : (Object) v.dbl(i);
      i++;
      return value;
    }

    public void add(long item) { s.update(item, next()); }
    public void add(double item) { s.update(item, next()); }
    public void add(String item) { s.update(item, next()); }
    public void add(byte[] item) { s.update(item, next()); }
  }

  /**
   * Item i gets the key {its text} and the n strings strings[(i + j) mod len]. Java's aos sketch
   * takes String[] keys only: a double or byte-array item has no text both libraries agree on.
   */
  private static final class AosSink implements ItemTape.Sink {
    private final ArrayOfStringsTupleSketch s;
    private final String[] strings;
    private final int n;
    private long i = 0;

    AosSink(ArrayOfStringsTupleSketch s, String[] strings, int n) {
      this.s = s;
      this.strings = strings;
      this.n = n;
    }

    private String[] next() {
      String[] a = new String[n];
      for (int j = 0; j < n; j++) a[j] = strings[(int) ((i + j) % strings.length)];
      i++;
      return a;
    }

    public void add(long item) { s.update(new String[] {Long.toString(item)}, next()); }
    public void add(double item) { throw new IllegalArgumentException("an aos key is a string array: double items are not defined"); }
    public void add(String item) { s.update(new String[] {item}, next()); }
    public void add(byte[] item) { throw new IllegalArgumentException("an aos key is a string array: byte-array items are not defined"); }
  }

  /** Item i gets the array {v_i, v_i + 1, ...}. */
  private static final class AodSink implements ItemTape.Sink {
    private final ArrayOfDoublesUpdatableSketch s;
    private final Values v;
    private long i = 0;

    AodSink(ArrayOfDoublesUpdatableSketch s, Values v) {
      this.s = s;
      this.v = v;
    }

    private double[] next() {
      double[] a = new double[s.getNumValues()];
      double base = v.dbl(i++);
      for (int j = 0; j < a.length; j++) a[j] = base + (double) j;
      return a;
    }

    public void add(long item) { s.update(item, next()); }
    public void add(double item) { s.update(item, next()); }
    public void add(String item) { s.update(item, next()); }
    public void add(byte[] item) { s.update(item, next()); }
  }
}
