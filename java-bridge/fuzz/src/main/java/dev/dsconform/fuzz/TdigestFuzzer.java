package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.tdigest.TDigestDouble;

/** t-digest images, Java's and (isFloat) datasketches-cpp's float form: queries, serialize, a merge. */
public final class TdigestFuzzer {
  private TdigestFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(TDigestDouble.heapify(segment(data))));
    tolerate(() -> read(TDigestDouble.heapify(segment(data), true)));
  }

  private static void read(TDigestDouble s) {
    s.getK();
    s.getTotalWeight();
    s.toByteArray();
    TDigestDouble merged = new TDigestDouble(s.getK());
    merged.merge(s);
    merged.toByteArray();
    if (s.isEmpty()) return; // queries on an empty t-digest are refused by contract
    double min = s.getMinValue();
    double max = s.getMaxValue();
    double[] splits = min < max ? new double[] {min, min + (max - min) / 2} : new double[] {min};
    s.getRank(splits[splits.length - 1]);
    s.getQuantile(0.5);
    s.getPMF(splits);
    s.getCDF(splits);
  }
}
