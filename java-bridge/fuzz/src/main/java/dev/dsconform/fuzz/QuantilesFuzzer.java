package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.readOnly;
import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import java.util.Comparator;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.quantiles.QuantilesDoublesSketch;
import org.apache.datasketches.quantiles.QuantilesDoublesUnion;
import org.apache.datasketches.quantiles.QuantilesItemsSketch;
import org.apache.datasketches.quantiles.QuantilesItemsUnion;
import org.apache.datasketches.quantiles.UpdatableQuantilesDoublesSketch;

/**
 * Classic quantiles images: doubles (heapify and wrap, compact and updatable) and items of strings
 * (heapify); quantile queries, serialize again, a union.
 */
public final class QuantilesFuzzer {
  private QuantilesFuzzer() {}

  private static final ArrayOfStringsSerDe SERDE = new ArrayOfStringsSerDe();

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(QuantilesDoublesSketch.heapify(segment(data))));
    tolerate(() -> read(UpdatableQuantilesDoublesSketch.heapify(segment(data))));
    tolerate(() -> read(QuantilesDoublesSketch.wrap(readOnly(data))));
    tolerate(() -> QuantilesDoublesUnion.heapify(segment(data)).getResult().toByteArray());
    tolerate(() -> read(QuantilesItemsSketch.heapify(String.class, segment(data), Comparator.naturalOrder(), SERDE)));
  }

  private static void read(QuantilesDoublesSketch s) {
    s.toByteArray(true);
    s.toByteArray(false);
    QuantilesDoublesUnion union = QuantilesDoublesUnion.builder().setMaxK(s.getK()).build();
    union.union(s);
    union.getResult().toByteArray();
    QuantileQueries.doubles(s);
  }

  private static void read(QuantilesItemsSketch<String> s) {
    s.toByteArray(SERDE);
    QuantilesItemsUnion<String> union = QuantilesItemsUnion.getInstance(String.class, s.getK(), Comparator.naturalOrder());
    union.union(s);
    union.getResult().toByteArray(SERDE);
    QuantileQueries.strings(s);
  }
}
