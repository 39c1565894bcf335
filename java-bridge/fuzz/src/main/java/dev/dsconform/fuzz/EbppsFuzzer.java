package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.common.ArrayOfItemsSerDe;
import org.apache.datasketches.common.ArrayOfLongsSerDe;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.sampling.EbppsItemsSketch;

/** EBPPS images of longs and of strings: the sample, sizes, serialize again, a merge. */
public final class EbppsFuzzer {
  private EbppsFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    read(data, new ArrayOfLongsSerDe());
    read(data, new ArrayOfStringsSerDe());
  }

  private static <T> void read(byte[] data, ArrayOfItemsSerDe<T> serde) {
    tolerate(() -> {
      EbppsItemsSketch<T> s = EbppsItemsSketch.heapify(segment(data), serde);
      s.getK();
      s.getN();
      s.getC();
      s.getCumulativeWeight();
      s.isEmpty();
      s.getResult();
      s.getSerializedSizeBytes(serde);
      s.toByteArray(serde);
      EbppsItemsSketch<T> merged = new EbppsItemsSketch<>(s.getK());
      merged.merge(s);
      merged.toByteArray(serde);
    });
  }
}
