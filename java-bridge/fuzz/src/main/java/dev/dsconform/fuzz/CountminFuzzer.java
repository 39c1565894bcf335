package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.count.CountMinSketch;

/** Count-min images (read from bytes, default seed): estimates and bounds, serialize, a merge. */
public final class CountminFuzzer {
  private CountminFuzzer() {}

  private static final long DEFAULT_SEED = 9001L;

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(CountMinSketch.deserialize(data.clone(), DEFAULT_SEED)));
  }

  private static void read(CountMinSketch s) {
    s.isEmpty();
    s.getTotalWeight_();
    s.getRelativeError();
    s.getEstimate(1L);
    s.getEstimate("a");
    s.getUpperBound(1L);
    s.getLowerBound(1L);
    byte[] image = s.toByteArray();
    s.getNumHashes_();
    s.getNumBuckets_();
    // No public constructor takes an image's parameters: merge into a second reading of it.
    CountMinSketch merged = CountMinSketch.deserialize(image, s.getSeed_());
    merged.merge(s);
    merged.toByteArray();
  }
}
