package dev.dsconform.bridge;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.datasketches.filters.bloomfilter.BloomFilter;
import org.apache.datasketches.filters.bloomfilter.BloomFilterBuilder;

/**
 * The Bloom filter steps of docs/case-format.md on datasketches-java 9.x ({@code BloomFilter},
 * {@code BloomFilterBuilder}). The java-direct engine builds each filter into a MemorySegment of
 * the size the builder states ({@code initializeBySize}/{@code initializeByAccuracy}); images are
 * read by {@code heapify}, {@code wrap} or {@code writableWrap} as the step says, on both engines.
 */
final class BloomFamily implements Family {
  @Override
  public String name() {
    return "bloom";
  }

  @Override
  public List<String> steps(boolean direct) {
    return List.of("create", "update", "query_and_update", "query_items", "union", "intersect", "invert",
        "compatible", "reset", "serialize", "deserialize", "suggest", "query");
  }

  @Override
  public StageExecutor begin(StageContext context) {
    return new Stage(context);
  }

  /** Feeds each item of a tape to the library's overload of its kind (docs/items.md). */
  private record Updates(BloomFilter f) implements ItemTape.Sink {
    public void add(long item) { f.update(item); }
    public void add(double item) { f.update(item); }
    public void add(String item) { f.update(item); }
    public void add(byte[] item) { f.update(item); }
  }

  /** The answers of a query over items: bit i of the bitmap is item i's answer. */
  private static final class Answers implements ItemTape.Sink {
    private final BloomFilter f;
    private final boolean andUpdate;
    private final ByteArrayOutputStream bitmap = new ByteArrayOutputStream();
    private int pending = 0;
    private long present = 0;
    private long absent = 0;

    Answers(BloomFilter f, boolean andUpdate) {
      this.f = f;
      this.andUpdate = andUpdate;
    }

    public void add(long item) { answer(andUpdate ? f.queryAndUpdate(item) : f.query(item)); }
    public void add(double item) { answer(andUpdate ? f.queryAndUpdate(item) : f.query(item)); }
    public void add(String item) { answer(andUpdate ? f.queryAndUpdate(item) : f.query(item)); }
    public void add(byte[] item) { answer(andUpdate ? f.queryAndUpdate(item) : f.query(item)); }

    private void answer(boolean yes) {
      long i = present + absent;
      if (yes) {
        pending |= 1 << (i % 8);
        ++present;
      } else {
        ++absent;
      }
      if (i % 8 == 7) flush();
    }

    private void flush() {
      bitmap.write(pending);
      pending = 0;
    }

    void write(StageContext ctx, String as) {
      if ((present + absent) % 8 != 0) flush();
      ctx.out.bytes(as + ".answers", bitmap.toByteArray());
      ctx.out.integer(as + ".present", present);
      ctx.out.integer(as + ".absent", absent);
    }
  }

  private static final class Stage implements StageExecutor {
    private final StageContext ctx;
    private final Map<String, BloomFilter> slots = new HashMap<>();

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
        case "create" -> slots.put(op.slot(), create(op));
        case "update" -> ctx.items(op, new Updates(slot(op.slot())));
        case "query_and_update", "query_items" -> {
          Answers answers = new Answers(slot(op.slot()), op.name().equals("query_and_update"));
          ctx.items(op, answers);
          answers.write(ctx, op.arg("as", op.slot()));
        }
        case "union" -> slot(op.slot()).union(slot(op.arg("from")));
        case "intersect" -> slot(op.slot()).intersect(slot(op.arg("from")));
        case "invert" -> invert(slot(op.slot()));
        case "reset" -> slot(op.slot()).reset();
        case "compatible" -> ctx.out.bool(op.arg("as"), slot(op.slot()).isCompatible(slot(op.arg("with"))));
        case "serialize" -> ctx.image(op.arg("as", op.slot()) + "." + op.arg("form"), slot(op.slot()).toByteArray());
        case "deserialize" -> {
          // A copy: wrap modes keep the segment, and writableWrap changes it.
          MemorySegment seg = MemorySegment.ofArray(ctx.imageCopy(op.arg("image")));
          slots.put(op.slot(), switch (op.arg("mode")) {
            case "heapify" -> BloomFilter.heapify(seg);
            case "wrap" -> BloomFilter.wrap(seg);
            case "writable_wrap" -> BloomFilter.writableWrap(seg);
            default -> throw new IllegalArgumentException("mode " + op.arg("mode"));
          });
        }
        case "suggest" -> suggest(op);
        case "query" -> query(op);
        default -> {
          return false;
        }
      }
      return true;
    }

    private BloomFilter create(ProgramReader.Op op) {
      long seed = Long.parseLong(op.arg("seed"));
      boolean bySize = op.arg("by").equals("size");
      long numBits = bySize ? Long.parseLong(op.arg("num_bits")) : 0;
      int numHashes = bySize ? op.intArg("num_hashes") : 0;
      long maxItems = bySize ? 0 : Long.parseLong(op.arg("max_items"));
      double fpp = bySize ? 0 : Double.parseDouble(op.arg("fpp"));
      if (!ctx.direct) {
        return bySize ? BloomFilterBuilder.createBySize(numBits, numHashes, seed)
                      : BloomFilterBuilder.createByAccuracy(maxItems, fpp, seed);
      }
      long bytes = bySize ? BloomFilterBuilder.getSerializedFilterSize(numBits)
                          : BloomFilterBuilder.getSerializedFilterSizeByAccuracy(maxItems, fpp);
      MemorySegment seg = MemorySegment.ofArray(new byte[Math.toIntExact(bytes)]);
      return bySize ? BloomFilterBuilder.initializeBySize(numBits, numHashes, seed, seg)
                    : BloomFilterBuilder.initializeByAccuracy(maxItems, fpp, seed, seg);
    }

    @SuppressWarnings("deprecation")  // invert() is deprecated in 9.x and still public: the step is its call
    private static void invert(BloomFilter f) {
      f.invert();
    }

    private void suggest(ProgramReader.Op op) {
      long maxItems = Long.parseLong(op.arg("max_items"));
      long numBits = Long.parseLong(op.arg("num_bits"));
      double fpp = Double.parseDouble(op.arg("fpp"));
      String as = op.arg("as");
      ctx.out.integer(as + ".num_bits", BloomFilterBuilder.suggestNumFilterBits(maxItems, fpp));
      ctx.out.integer(as + ".num_hashes_by_fpp", BloomFilterBuilder.suggestNumHashes(fpp));
      ctx.out.integer(as + ".num_hashes_by_size", BloomFilterBuilder.suggestNumHashes(maxItems, numBits));
      ctx.out.integer(as + ".serialized_size", BloomFilterBuilder.getSerializedFilterSize(numBits));
    }

    private void query(ProgramReader.Op op) {
      BloomFilter f = slot(op.slot());
      String prefix = op.arg("as", op.slot()) + ".";
      for (String q : op.arg("queries").split(",")) {
        String field = prefix + q;
        switch (q) {
          case "bits_used" -> ctx.out.integer(field, f.getBitsUsed());
          case "capacity" -> ctx.out.integer(field, f.getCapacity());
          case "num_hashes" -> ctx.out.integer(field, f.getNumHashes());
          case "seed" -> ctx.out.integer(field, f.getSeed());
          case "is_empty" -> ctx.out.bool(field, f.isEmpty());
          case "serialized_size" -> ctx.out.integer(field, f.getSerializedSizeBytes());
          case "to_string" -> ctx.out.unsupported(field, "a native-only observation");
          default -> throw new IllegalArgumentException("unknown query " + q);
        }
      }
    }

    private BloomFilter slot(String name) {
      BloomFilter f = slots.get(name);
      if (f == null) throw new IllegalArgumentException("no slot named " + name);
      return f;
    }
  }
}
