package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.readOnly;
import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.theta.CompactThetaSketch;
import org.apache.datasketches.theta.HashIterator;
import org.apache.datasketches.theta.ThetaSetOperation;
import org.apache.datasketches.theta.ThetaSketch;
import org.apache.datasketches.theta.ThetaUnion;

/** Theta images (compact, compressed, updatable): heapify and wrap, estimates, hashes, a union. */
public final class ThetaFuzzer {
  private ThetaFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(ThetaSketch.heapify(segment(data))));
    tolerate(() -> read(ThetaSketch.wrap(readOnly(data))));
    tolerate(() -> read(CompactThetaSketch.wrap(data.clone())));
    tolerate(() -> {
      ThetaUnion union = ThetaSetOperation.builder().buildUnion();
      union.union(readOnly(data));
      union.getResult().toByteArray();
    });
  }

  private static void read(ThetaSketch s) {
    s.getEstimate();
    s.getLowerBound(2);
    s.getUpperBound(2);
    s.getRetainedEntries(true);
    s.getTheta();
    s.isEmpty();
    for (HashIterator it = s.iterator(); it.next(); ) it.get();
    s.toByteArray();
    s.compact().toByteArray();
    ThetaUnion union = ThetaSetOperation.builder().buildUnion();
    union.union(s);
    union.getResult().toByteArray();
  }
}
