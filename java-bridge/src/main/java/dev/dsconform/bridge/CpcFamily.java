package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.datasketches.cpc.CpcSketch;
import org.apache.datasketches.cpc.CpcUnion;
import org.apache.datasketches.cpc.CpcWrapper;

/**
 * The CPC steps of docs/case-format.md on datasketches-java 9.x (API present in every 9.x release).
 * CPC sketches and unions live on the heap only; java-direct therefore does not declare create and
 * union (the harness reports them, and the steps that read their slots, as unsupported), and reads
 * images from a MemorySegment (heapify(MemorySegment, seed), CpcWrapper).
 */
final class CpcFamily implements Family {
  @Override
  public String name() {
    return "cpc";
  }

  @Override
  public List<String> steps(boolean direct) {
    // CPC sketches and unions live on the heap only: java-direct cannot make them (nor merge into a
    // union or take its result), only read images into heap sketches and go on from there.
    return direct ? List.of("update", "serialize", "deserialize", "query")
                  : List.of("create", "union", "update", "merge", "result", "serialize", "deserialize", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /** A slot holds a sketch, a union, or a read-only view of an image (mode wrap). */
  private sealed interface Slot permits SketchSlot, UnionSlot, WrapSlot {}

  private record SketchSlot(CpcSketch s) implements Slot, ItemTape.Sink {
    public void add(long item) { s.update(item); }
    public void add(double item) { s.update(item); }
    public void add(String item) { s.update(item); }
    public void add(byte[] item) { s.update(item); }
  }

  private record UnionSlot(CpcUnion u) implements Slot {}

  private record WrapSlot(CpcWrapper w) implements Slot {}

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
        case "create" -> {
          int lgK = op.intArg("lg_k");
          put(op, op.args().containsKey("seed") ? new CpcSketch(lgK, seed(op)) : new CpcSketch(lgK));
        }
        case "union" -> {
          int lgK = op.intArg("lg_k");
          slots.put(op.slot(), new UnionSlot(op.args().containsKey("seed") ? new CpcUnion(lgK, seed(op)) : new CpcUnion(lgK)));
        }
        case "update" -> ctx.items(op, sketchSlot(op.slot()));
        case "merge" -> union(op.slot()).update(sketchSlot(op.arg("from")).s());  // how=move: Java has no move
        case "result" -> put(op, union(op.arg("from")).getResult());
        case "serialize" -> {
          if (!op.arg("form").equals("compact")) throw new IllegalArgumentException("CPC has only the compact form");
          ctx.image(op.arg("as", op.slot()) + ".compact", sketchSlot(op.slot()).s().toByteArray());
        }
        case "deserialize" -> deserialize(op);
        case "query" -> {
          Slot s = slot(op.slot());
          String prefix = op.arg("as", op.slot()) + ".";
          for (String q : op.arg("queries").split(",")) query(s, q, prefix + q);
        }
        default -> {
          return false;
        }
      }
      return true;
    }

    private void deserialize(ProgramReader.Op op) {
      byte[] image = ctx.imageCopy(op.arg("image"));
      String mode = op.arg("mode", "heapify");
      boolean seeded = op.args().containsKey("seed");
      switch (mode) {
        case "heapify" -> {
          CpcSketch s;
          if (ctx.direct) {
            MemorySegment seg = MemorySegment.ofArray(image).asReadOnly();
            s = seeded ? CpcSketch.heapify(seg, seed(op)) : CpcSketch.heapify(seg);
          } else {
            s = seeded ? CpcSketch.heapify(image, seed(op)) : CpcSketch.heapify(image);
          }
          put(op, s);
        }
        // CpcWrapper takes no seed: it reads any seed's image.
        case "wrap" -> slots.put(op.slot(), new WrapSlot(new CpcWrapper(MemorySegment.ofArray(image).asReadOnly())));
        default -> throw new IllegalArgumentException("unknown deserialize mode " + mode);
      }
    }

    private void query(Slot s, String q, String field) {
      if (s instanceof WrapSlot ws) {
        CpcWrapper w = ws.w();
        switch (q) {
          case "estimate" -> ctx.out.dbl(field, w.getEstimate());
          case "lb1", "lb2", "lb3" -> ctx.out.dbl(field, w.getLowerBound(q.charAt(2) - '0'));
          case "ub1", "ub2", "ub3" -> ctx.out.dbl(field, w.getUpperBound(q.charAt(2) - '0'));
          case "lg_k" -> ctx.out.integer(field, w.getLgK());
          default -> ctx.out.unsupported(field, "CpcWrapper has no " + q);
        }
        return;
      }
      CpcSketch c = sketch(s);
      switch (q) {
        case "estimate" -> ctx.out.dbl(field, c.getEstimate());
        case "lb1", "lb2", "lb3" -> ctx.out.dbl(field, c.getLowerBound(q.charAt(2) - '0'));
        case "ub1", "ub2", "ub3" -> ctx.out.dbl(field, c.getUpperBound(q.charAt(2) - '0'));
        case "is_empty" -> ctx.out.bool(field, c.isEmpty());
        case "lg_k" -> ctx.out.integer(field, c.getLgK());
        case "validate" -> ctx.out.bool(field, c.validate());
        default -> throw new IllegalArgumentException("unknown query " + q);
      }
    }


    private static long seed(ProgramReader.Op op) {
      return Long.parseLong(op.arg("seed"));
    }

    private void put(ProgramReader.Op op, CpcSketch s) {
      slots.put(op.slot(), new SketchSlot(s));
    }

    private Slot slot(String name) {
      Slot s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }

    private SketchSlot sketchSlot(String name) {
      if (slot(name) instanceof SketchSlot s) return s;
      throw new IllegalArgumentException("slot " + name + " is not a sketch");
    }

    private static CpcSketch sketch(Slot s) {
      if (s instanceof SketchSlot c) return c.s();
      throw new IllegalArgumentException("a query needs a sketch slot");
    }

    private CpcUnion union(String name) {
      if (slot(name) instanceof UnionSlot u) return u.u();
      throw new IllegalArgumentException("slot " + name + " is not a union");
    }
  }
}
