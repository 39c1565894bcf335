package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.FrequentItemsSketch;

/** Frequent items images of strings (UTF-8): getInstance, items and bounds, serialize, a merge. */
public final class FrequentItemsFuzzer {
  private FrequentItemsFuzzer() {}

  private static final ArrayOfStringsSerDe SERDE = new ArrayOfStringsSerDe();

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(FrequentItemsSketch.getInstance(segment(data), SERDE)));
  }

  private static void read(FrequentItemsSketch<String> s) {
    s.getNumActiveItems();
    s.getStreamLength();
    s.getMaximumError();
    for (FrequentItemsSketch.Row<String> row : s.getFrequentItems(ErrorType.NO_FALSE_NEGATIVES)) {
      s.getEstimate(row.getItem());
      s.getLowerBound(row.getItem());
      s.getUpperBound(row.getItem());
    }
    s.getFrequentItems(ErrorType.NO_FALSE_POSITIVES);
    s.toByteArray(SERDE);
    new FrequentItemsSketch<String>(64).merge(s).toByteArray(SERDE);
  }
}
