package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.readOnly;
import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.HllUnion;
import org.apache.datasketches.hll.TgtHllType;

/** HLL images: heapify and wrap, estimates, both serialized forms, a union, an update of a copy. */
public final class HllFuzzer {
  private HllFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(HllSketch.heapify(segment(data))));
    tolerate(() -> read(HllSketch.wrap(readOnly(data))));
    tolerate(() -> HllUnion.heapify(segment(data)).getResult().toCompactByteArray());
  }

  private static void read(HllSketch s) {
    s.getEstimate();
    s.getCompositeEstimate();
    s.getLowerBound(2);
    s.getUpperBound(2);
    s.isEmpty();
    s.toCompactByteArray();
    s.toUpdatableByteArray();
    HllUnion union = new HllUnion(s.getLgConfigK());
    union.update(s);
    union.getEstimate();
    union.getResult(TgtHllType.HLL_8).toCompactByteArray();
    HllSketch copy = s.copyAs(TgtHllType.HLL_4);
    copy.update(1L);
    copy.toUpdatableByteArray();
  }
}
