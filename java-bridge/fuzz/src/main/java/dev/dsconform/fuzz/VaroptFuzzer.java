package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.common.ArrayOfItemsSerDe;
import org.apache.datasketches.common.ArrayOfLongsSerDe;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.sampling.VarOptItemsSamples;
import org.apache.datasketches.sampling.VarOptItemsSketch;
import org.apache.datasketches.sampling.VarOptItemsUnion;

/** VarOpt images of longs and of strings: samples, a subset sum, serialize again, a union. */
public final class VaroptFuzzer {
  private VaroptFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    read(data, new ArrayOfLongsSerDe());
    read(data, new ArrayOfStringsSerDe());
  }

  private static <T> void read(byte[] data, ArrayOfItemsSerDe<T> serde) {
    tolerate(() -> read(VarOptItemsSketch.heapify(segment(data), serde), serde));
    tolerate(() -> {
      VarOptItemsUnion<T> union = VarOptItemsUnion.heapify(segment(data), serde);
      union.toByteArray(serde);
      read(union.getResult(), serde);
    });
  }

  private static <T> void read(VarOptItemsSketch<T> s, ArrayOfItemsSerDe<T> serde) {
    s.getK();
    s.getN();
    s.getNumSamples();
    for (VarOptItemsSamples<T>.WeightedSample sample : s.getSketchSamples()) {
      sample.getItem();
      sample.getWeight();
    }
    s.estimateSubsetSum(item -> item.hashCode() % 2 == 0);
    s.toByteArray(serde);
    VarOptItemsUnion<T> union = VarOptItemsUnion.newInstance(s.getK());
    union.update(s);
    union.getResult().toByteArray(serde);
  }
}
