package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.readOnly;
import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import java.lang.foreign.MemorySegment;
import org.apache.datasketches.filters.bloomfilter.BloomFilter;

/** Bloom filter images: heapify and wrap, queries, serialize, union and intersection. */
public final class BloomFuzzer {
  private BloomFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(BloomFilter.heapify(segment(data))));
    tolerate(() -> read(BloomFilter.wrap(readOnly(data))));
  }

  private static void read(BloomFilter f) {
    f.isEmpty();
    f.getCapacity();
    f.getNumHashes();
    f.getBitsUsed();
    f.getFillPercentage();
    f.query(1L);
    f.query("a");
    f.query(new byte[] {1, 2, 3});
    byte[] image = f.toByteArray();
    f.toLongArray();
    BloomFilter copy = BloomFilter.heapify(MemorySegment.ofArray(image));
    copy.union(f);
    copy.intersect(f);
    copy.update(1L);
    copy.toByteArray();
  }
}
