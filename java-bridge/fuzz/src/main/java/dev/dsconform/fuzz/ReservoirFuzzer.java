package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.sampling.ReservoirItemsSketch;
import org.apache.datasketches.sampling.ReservoirItemsUnion;
import org.apache.datasketches.sampling.ReservoirLongsSketch;
import org.apache.datasketches.sampling.ReservoirLongsUnion;

/** Reservoir images of longs and of strings, sketches and unions: samples, serialize, a union. */
public final class ReservoirFuzzer {
  private ReservoirFuzzer() {}

  private static final ArrayOfStringsSerDe SERDE = new ArrayOfStringsSerDe();

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(ReservoirLongsSketch.heapify(segment(data))));
    tolerate(() -> {
      ReservoirLongsUnion union = ReservoirLongsUnion.heapify(segment(data));
      union.toByteArray();
      // A union that has seen no sketch has no result: getResult() returns null.
      if (union.getResult() != null) read(union.getResult());
    });
    tolerate(() -> read(ReservoirItemsSketch.heapify(segment(data), SERDE)));
    tolerate(() -> {
      ReservoirItemsUnion<String> union = ReservoirItemsUnion.heapify(segment(data), SERDE);
      union.toByteArray(SERDE);
      if (union.getResult() != null) read(union.getResult());
    });
  }

  private static void read(ReservoirLongsSketch s) {
    s.getK();
    s.getN();
    s.getNumSamples();
    s.getSamples();
    s.estimateSubsetSum(item -> item % 2 == 0);
    s.toByteArray();
    ReservoirLongsUnion union = ReservoirLongsUnion.newInstance(s.getK());
    union.update(s);
    union.getResult().toByteArray();
  }

  private static void read(ReservoirItemsSketch<String> s) {
    s.getK();
    s.getN();
    s.getNumSamples();
    s.getSamples();
    s.estimateSubsetSum(item -> item.length() % 2 == 0);
    s.toByteArray(SERDE);
    ReservoirItemsUnion<String> union = ReservoirItemsUnion.newInstance(s.getK());
    union.update(s);
    union.getResult().toByteArray(SERDE);
  }
}
