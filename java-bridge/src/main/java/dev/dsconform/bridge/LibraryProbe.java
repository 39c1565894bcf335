package dev.dsconform.bridge;

import java.lang.foreign.MemorySegment;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.HllUnion;
import org.apache.datasketches.hll.TgtHllType;

/**
 * What BatchRunner.probe() touches on datasketches-java 9.x: heap and MemorySegment sketches and
 * unions, heapify, wrap.
 */
final class LibraryProbe {
  private LibraryProbe() {}

  static void run() {
    HllSketch heap = new HllSketch(4, TgtHllType.HLL_4);
    heap.update(1L);
    HllSketch direct = new HllSketch(4, TgtHllType.HLL_8,
        MemorySegment.ofArray(new byte[HllSketch.getMaxUpdatableSerializationBytes(4, TgtHllType.HLL_8)]));
    direct.update(1L);
    HllUnion union = new HllUnion(4, MemorySegment.ofArray(new byte[HllUnion.getMaxSerializationBytes(4)]));
    union.update(heap);
    union.update(HllSketch.heapify(direct.toCompactByteArray()));
    union.update(HllSketch.wrap(MemorySegment.ofArray(heap.toUpdatableByteArray()).asReadOnly()));
    union.getResult(TgtHllType.HLL_6).getEstimate();
  }
}
