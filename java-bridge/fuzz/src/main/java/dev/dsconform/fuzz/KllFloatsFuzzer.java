package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.readOnly;
import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.kll.KllFloatsSketch;

/** KLL floats images: heapify and wrap, quantile queries, serialize again, a merge. */
public final class KllFloatsFuzzer {
  private KllFloatsFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(KllFloatsSketch.heapify(segment(data))));
    tolerate(() -> read(KllFloatsSketch.wrap(readOnly(data))));
  }

  private static void read(KllFloatsSketch s) {
    KllFloatsSketch merged = KllFloatsSketch.newHeapInstance(s.getK());
    merged.merge(s);
    merged.toByteArray();
    QuantileQueries.floats(s);
  }
}
