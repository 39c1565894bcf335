package dev.dsconform.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Properties;

/**
 * The entry point C++ calls through JNI (java-bridge/java_engine.cc): one call runs a whole batch
 * of case stages. Stateless, so engines on several threads may call it at once.
 */
public final class BatchRunner {
  private static final String POM_PROPERTIES = "META-INF/maven/org.apache.datasketches/datasketches-java/pom.properties";

  /**
   * Nanoseconds the calling thread's last runBatch spent executing steps: the library's own calls,
   * with the items read in place from the buffer, as opposed to parsing the program and encoding
   * the result. Per thread, since each engine runs its batches on one thread.
   */
  private static final ThreadLocal<long[]> LIBRARY_NANOS = ThreadLocal.withInitial(() -> new long[1]);

  private BatchRunner() {}

  /**
   * Runs every stage of {@code program} (docs/java-bridge.md) reading items and input images in
   * place from {@code blobs} (direct buffers over the C++ side's memory, which program lines name
   * by index), and returns the encoded observations of each stage, in order. A library exception
   * ends its stage as field {@code error@op<index>}; the batch goes on. The result comes in chunks
   * (ResultWriter): each array's first four bytes give the length of the part that follows it; the
   * rest of the array is unused.
   */
  public static byte[][] runBatch(String program, ByteBuffer[] blobs, boolean direct) {
    ByteBuffer[] readOnly = new ByteBuffer[blobs.length];
    for (int i = 0; i < blobs.length; ++i) readOnly[i] = blobs[i].asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    ResultWriter out = new ResultWriter();
    long[] libraryNanos = LIBRARY_NANOS.get();
    libraryNanos[0] = 0;
    for (ProgramReader.Stage stage : ProgramReader.parse(program)) {
      out.beginStage();
      libraryNanos[0] += runStage(stage, readOnly, direct, out);
      out.endStage();
    }
    return out.finish();
  }

  /** What {@link #runBatch} last spent in steps on this thread, for `dsconform bench`. */
  public static long lastBatchLibraryNanos() {
    return LIBRARY_NANOS.get()[0];
  }

  /**
   * Runs one stage; returns the nanoseconds its steps took inside the library: their time less
   * the harness's copies of images into the result and out of the batch's buffers.
   */
  private static long runStage(ProgramReader.Stage stage, ByteBuffer[] blobs, boolean direct, ResultWriter out) {
    Family family = FamilyCatalog.FAMILIES.get(stage.family());
    StageContext context = new StageContext(blobs, direct, out, stage.images());
    long copiedBefore = context.copyNanos();
    Family.StageExecutor executor = family == null ? null : family.begin(context);
    long nanos = 0;
    for (ProgramReader.Op op : stage.ops()) {
      long start = System.nanoTime();
      try {
        if (executor == null || !executor.execute(op)) {
          out.unsupported(op.slot() + "." + op.name(), "not supported by this engine");
        } else {
          for (String slot : op.drops()) executor.drop(slot);
        }
      } catch (OutOfMemoryError | StackOverflowError e) {
        // An allocation a corrupt image asked for (a 2^31-entry array) failed and was abandoned,
        // or a recursion a corrupt image drove too deep unwound: the heap and this thread's stack
        // are as before, so it is this case's outcome, not the engine's end.
        out.error("error@op" + op.index(), e);
        nanos += System.nanoTime() - start;
        break;
      } catch (LinkageError | VirtualMachineError e) {
        throw e;  // the engine itself is unusable (wrong class versions, a broken VM): fail the batch
      } catch (Throwable t) {
        out.error("error@op" + op.index(), t);
        nanos += System.nanoTime() - start;
        break;
      }
      nanos += System.nanoTime() - start;
    }
    return Math.max(0, nanos - (context.copyNanos() - copiedBefore));
  }

  /**
   * The families runBatch executes and their steps, as JSON, on the heap or with {@code direct}
   * sketches: the C++ engine's capabilities().
   */
  public static String capabilities(boolean direct) {
    return FamilyCatalog.capabilitiesJson(direct);
  }

  /** The datasketches-java version this class's loader sees, e.g. "9.1.0". */
  public static String libraryVersion() {
    ClassLoader loader = BatchRunner.class.getClassLoader();
    try (InputStream in = loader.getResourceAsStream(POM_PROPERTIES)) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null && !v.isBlank()) return v.trim();
      }
    } catch (IOException e) {
      // fall through to the manifest
    }
    try {
      Package p = Class.forName("org.apache.datasketches.hll.HllSketch", false, loader).getPackage();
      String v = p == null ? null : p.getImplementationVersion();
      if (v != null && !v.isBlank()) return v.trim();
    } catch (ClassNotFoundException | LinkageError e) {
      // no datasketches classes at all: the C++ side reports that separately
    }
    return "unknown";
  }

  /**
   * Touches every library path the engine uses (LibraryProbe, written against the API of the
   * datasketches-java releases this jar serves), so that a version this JVM cannot load or link
   * fails here, once, with the JVM's own error (UnsupportedClassVersionError, NoSuchMethodError, ...)
   * instead of in the middle of a run.
   */
  public static String probe() {
    LibraryProbe.run();
    return libraryVersion();
  }
}
