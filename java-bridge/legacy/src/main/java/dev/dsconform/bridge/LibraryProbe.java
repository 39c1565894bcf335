package dev.dsconform.bridge;

import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;
import org.apache.datasketches.memory.Memory;
import org.apache.datasketches.memory.WritableMemory;

/**
 * What BatchRunner.probe() touches on datasketches-java 6.x/7.x: heap and WritableMemory sketches
 * and unions, heapify, wrap. On 7.x without jdk.incubator.foreign this is where it fails.
 */
final class LibraryProbe {
  private LibraryProbe() {}

  static void run() {
    HllSketch heap = new HllSketch(4, TgtHllType.HLL_4);
    heap.update(1L);
    HllSketch direct = new HllSketch(4, TgtHllType.HLL_8,
        WritableMemory.writableWrap(new byte[HllSketch.getMaxUpdatableSerializationBytes(4, TgtHllType.HLL_8)]));
    direct.update(1L);
    Union union = new Union(4, WritableMemory.writableWrap(new byte[Union.getMaxSerializationBytes(4)]));
    union.update(heap);
    union.update(HllSketch.heapify(direct.toCompactByteArray()));
    union.update(HllSketch.wrap(Memory.wrap(heap.toUpdatableByteArray())));
    union.getResult(TgtHllType.HLL_6).getEstimate();
  }
}
