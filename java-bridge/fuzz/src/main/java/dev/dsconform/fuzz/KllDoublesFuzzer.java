package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.readOnly;
import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.kll.KllDoublesSketch;

/** KLL doubles images: heapify and wrap, quantile queries, serialize again, a merge. */
public final class KllDoublesFuzzer {
  private KllDoublesFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(KllDoublesSketch.heapify(segment(data))));
    tolerate(() -> read(KllDoublesSketch.wrap(readOnly(data))));
  }

  private static void read(KllDoublesSketch s) {
    KllDoublesSketch merged = KllDoublesSketch.newHeapInstance(s.getK());
    merged.merge(s);
    merged.toByteArray();
    QuantileQueries.doubles(s);
  }
}
