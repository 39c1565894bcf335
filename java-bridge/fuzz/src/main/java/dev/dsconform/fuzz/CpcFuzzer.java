package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.readOnly;
import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.cpc.CpcSketch;
import org.apache.datasketches.cpc.CpcUnion;
import org.apache.datasketches.cpc.CpcWrapper;

/** CPC images: heapify and CpcWrapper, estimates, serialize again, a union. */
public final class CpcFuzzer {
  private CpcFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(CpcSketch.heapify(segment(data))));
    tolerate(() -> {
      CpcWrapper w = new CpcWrapper(readOnly(data));
      w.getEstimate();
      w.getLowerBound(2);
      w.getUpperBound(2);
    });
  }

  private static void read(CpcSketch s) {
    s.getEstimate();
    s.getLowerBound(2);
    s.getUpperBound(2);
    s.isEmpty();
    s.validate();
    s.toByteArray();
    CpcUnion union = new CpcUnion(s.getLgK());
    union.update(s);
    union.getResult().toByteArray();
  }
}
