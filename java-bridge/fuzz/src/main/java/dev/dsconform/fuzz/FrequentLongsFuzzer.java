package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.FrequentLongsSketch;

/** Frequent items images of longs: getInstance, frequent items and bounds, serialize, a merge. */
public final class FrequentLongsFuzzer {
  private FrequentLongsFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(FrequentLongsSketch.getInstance(segment(data))));
  }

  private static void read(FrequentLongsSketch s) {
    s.getNumActiveItems();
    s.getStreamLength();
    s.getMaximumError();
    for (FrequentLongsSketch.Row row : s.getFrequentItems(ErrorType.NO_FALSE_NEGATIVES)) {
      s.getEstimate(row.getItem());
      s.getLowerBound(row.getItem());
      s.getUpperBound(row.getItem());
    }
    s.getFrequentItems(ErrorType.NO_FALSE_POSITIVES);
    s.toByteArray();
    s.serializeToString();
    new FrequentLongsSketch(64).merge(s).toByteArray();
  }
}
