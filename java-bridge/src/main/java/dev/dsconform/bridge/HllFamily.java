package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.Map;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.HllUnion;
import org.apache.datasketches.hll.TgtHllType;

/**
 * The HLL steps of docs/case-format.md on datasketches-java 9.x. Only API present in every 9.x
 * release is used (not HllUnion.update(HllUnion), new in 9.1.0), so one bridge jar serves them all.
 */
final class HllFamily implements Family {
  @Override
  public String name() {
    return "hll";
  }

  @Override
  public java.util.List<String> steps(boolean direct) {
    return java.util.List.of("create", "union", "update", "merge", "result", "serialize", "deserialize", "copy", "convert",
      "reset", "query", "rel_err");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /**
   * A named slot holds a sketch or a union. Their common base class (BaseHllSketch) is not public,
   * so the steps both share are spelled out once here.
   */
  private sealed interface Slot extends ItemTape.Sink permits SketchSlot, UnionSlot {
    double estimate();
    double composite();
    double lowerBound(int sd);
    double upperBound(int sd);
    boolean isEmpty();
    int lgK();
    void reset();
    byte[] compactImage();
    byte[] updatableImage();
  }

  private record SketchSlot(HllSketch s) implements Slot {
    public double estimate() { return s.getEstimate(); }
    public double composite() { return s.getCompositeEstimate(); }
    public double lowerBound(int sd) { return s.getLowerBound(sd); }
    public double upperBound(int sd) { return s.getUpperBound(sd); }
    public boolean isEmpty() { return s.isEmpty(); }
    public int lgK() { return s.getLgConfigK(); }
    public void reset() { s.reset(); }
    public byte[] compactImage() { return s.toCompactByteArray(); }
    public byte[] updatableImage() { return s.toUpdatableByteArray(); }
    public void add(long item) { s.update(item); }
    public void add(double item) { s.update(item); }
    public void add(String item) { s.update(item); }
    public void add(byte[] item) { s.update(item); }
  }

  private record UnionSlot(HllUnion u) implements Slot {
    public double estimate() { return u.getEstimate(); }
    public double composite() { return u.getCompositeEstimate(); }
    public double lowerBound(int sd) { return u.getLowerBound(sd); }
    public double upperBound(int sd) { return u.getUpperBound(sd); }
    public boolean isEmpty() { return u.isEmpty(); }
    public int lgK() { return u.getLgConfigK(); }
    public void reset() { u.reset(); }
    public byte[] compactImage() { return u.toCompactByteArray(); }
    public byte[] updatableImage() { return u.toUpdatableByteArray(); }
    public void add(long item) { u.update(item); }
    public void add(double item) { u.update(item); }
    public void add(String item) { u.update(item); }
    public void add(byte[] item) { u.update(item); }
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
    public boolean execute(ProgramReader.Op op) {
      switch (op.name()) {
        case "create" -> put(op, newSketch(op.intArg("lg_k"), type(op.arg("type"))));
        case "union" -> slots.put(op.slot(), new UnionSlot(newUnion(op.intArg("lg_max_k"))));
        case "update" -> ctx.items(op, slot(op.slot()));
        case "merge" -> union(op.slot()).update(sketch(op.arg("from")));  // how=move: Java has no move
        case "result" -> {
          HllUnion u = union(op.arg("from"));
          String type = op.arg("type", null);
          put(op, type == null ? u.getResult() : u.getResult(type(type)));
        }
        case "serialize" -> {
          Slot s = slot(op.slot());
          String form = op.arg("form");
          byte[] image = switch (form) {
            case "compact" -> s.compactImage();
            case "updatable" -> s.updatableImage();
            default -> throw new IllegalArgumentException("unknown form " + form);
          };
          ctx.image(op.arg("as", op.slot()) + "." + form, image);
        }
        case "deserialize" -> put(op, deserialize(ctx.imageCopy(op.arg("image")), op.arg("mode", "heapify")));
        case "copy" -> put(op, sketch(op.arg("from")).copy());
        case "convert" -> put(op, sketch(op.arg("from")).copyAs(type(op.arg("type"))));
        case "reset" -> slot(op.slot()).reset();
        case "query" -> {
          Slot s = slot(op.slot());
          String prefix = op.arg("as", op.slot()) + ".";
          for (String q : op.arg("queries").split(",")) query(s, q, prefix + q);
        }
        case "rel_err" -> ctx.out.dbl(op.arg("as", "rel_err"),
            HllSketch.getRelErr(op.intArg("upper") != 0, op.intArg("unioned") != 0, op.intArg("lg_k"), op.intArg("sd")));
        default -> {
          return false;
        }
      }
      return true;
    }

    private HllSketch newSketch(int lgK, TgtHllType type) {
      if (!ctx.direct) return new HllSketch(lgK, type);
      return new HllSketch(lgK, type, MemorySegment.ofArray(new byte[HllSketch.getMaxUpdatableSerializationBytes(lgK, type)]));
    }

    private HllUnion newUnion(int lgMaxK) {
      if (!ctx.direct) return new HllUnion(lgMaxK);
      return new HllUnion(lgMaxK, MemorySegment.ofArray(new byte[HllUnion.getMaxSerializationBytes(lgMaxK)]));
    }

    private static HllSketch deserialize(byte[] copy, String mode) {
      return switch (mode) {
        case "heapify" -> HllSketch.heapify(copy);
        case "wrap" -> HllSketch.wrap(MemorySegment.ofArray(copy).asReadOnly());
        case "writable_wrap" -> HllSketch.writableWrap(MemorySegment.ofArray(roomToGrow(copy)));
        default -> throw new IllegalArgumentException("unknown deserialize mode " + mode);
      };
    }

    // What a user does before writableWrap: copy the image into a segment of
    // the sketch's maximum updatable size, so it can leave LIST/SET mode in place.
    // An image too short or odd to size is passed as is, for the library to judge.
    private static byte[] roomToGrow(byte[] image) {
      if (image.length < 8) return image;
      final int lgK = image[3];
      final int typeBits = (image[7] >> 2) & 3;
      if (lgK < 4 || lgK > 21 || typeBits > 2) return image;
      final TgtHllType type = TgtHllType.values()[typeBits];
      final int max = HllSketch.getMaxUpdatableSerializationBytes(lgK, type);
      return max <= image.length ? image : java.util.Arrays.copyOf(image, max);
    }

    private void query(Slot s, String q, String field) {
      switch (q) {
        case "estimate" -> ctx.out.dbl(field, s.estimate());
        case "composite" -> ctx.out.dbl(field, s.composite());
        case "lb1", "lb2", "lb3" -> ctx.out.dbl(field, s.lowerBound(q.charAt(2) - '0'));
        case "ub1", "ub2", "ub3" -> ctx.out.dbl(field, s.upperBound(q.charAt(2) - '0'));
        case "is_empty" -> ctx.out.bool(field, s.isEmpty());
        case "lg_k" -> ctx.out.integer(field, s.lgK());
        // The case format allows the rest on sketch slots only; validation should have caught a union.
        case "is_compact" -> ctx.out.bool(field, sketchForQuery(s, q).isCompact());
        case "type" -> ctx.out.string(field, sketchForQuery(s, q).getTgtHllType().name());
        case "compact_size" -> ctx.out.integer(field, sketchForQuery(s, q).getCompactSerializationBytes());
        case "updatable_size" -> ctx.out.integer(field, sketchForQuery(s, q).getUpdatableSerializationBytes());
        default -> throw new IllegalArgumentException("unknown query " + q);
      }
    }

    private void put(ProgramReader.Op op, HllSketch s) {
      slots.put(op.slot(), new SketchSlot(s));
    }

    private Slot slot(String name) {
      Slot s = slots.get(name);
      if (s == null) throw new IllegalArgumentException("no slot named " + name);
      return s;
    }

    private HllSketch sketch(String name) {
      if (slot(name) instanceof SketchSlot s) return s.s();
      throw new IllegalArgumentException("slot " + name + " is a union, not a sketch");
    }

    private HllUnion union(String name) {
      if (slot(name) instanceof UnionSlot u) return u.u();
      throw new IllegalArgumentException("slot " + name + " is a sketch, not a union");
    }

    private static HllSketch sketchForQuery(Slot s, String q) {
      if (s instanceof SketchSlot sketch) return sketch.s();
      throw new IllegalArgumentException("query " + q + " is not allowed on a union slot");
    }

    private static TgtHllType type(String name) {
      return TgtHllType.valueOf(name);
    }
  }
}
