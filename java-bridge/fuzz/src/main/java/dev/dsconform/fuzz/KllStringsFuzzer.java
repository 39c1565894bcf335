package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.readOnly;
import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import java.util.Comparator;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.kll.KllItemsSketch;

/** KLL images of strings (UTF-8): heapify and wrap, quantile queries, serialize again, a merge. */
public final class KllStringsFuzzer {
  private KllStringsFuzzer() {}

  private static final ArrayOfStringsSerDe SERDE = new ArrayOfStringsSerDe();

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(KllItemsSketch.heapify(segment(data), Comparator.naturalOrder(), SERDE)));
    tolerate(() -> read(KllItemsSketch.wrap(readOnly(data), Comparator.naturalOrder(), SERDE)));
  }

  private static void read(KllItemsSketch<String> s) {
    s.toByteArray();
    KllItemsSketch<String> merged = KllItemsSketch.newHeapInstance(s.getK(), Comparator.naturalOrder(), SERDE);
    merged.merge(s);
    merged.toByteArray();
    QuantileQueries.strings(s);
  }
}
