package dev.dsconform.fuzz;

import static dev.dsconform.fuzz.LibraryRefusals.readOnly;
import static dev.dsconform.fuzz.LibraryRefusals.segment;
import static dev.dsconform.fuzz.LibraryRefusals.tolerate;

import org.apache.datasketches.tuple.TupleSketch;
import org.apache.datasketches.tuple.TupleSketchIterator;
import org.apache.datasketches.tuple.TupleUnion;
import org.apache.datasketches.tuple.adouble.DoubleSummary;
import org.apache.datasketches.tuple.adouble.DoubleSummaryDeserializer;
import org.apache.datasketches.tuple.adouble.DoubleSummaryFactory;
import org.apache.datasketches.tuple.adouble.DoubleSummarySetOperations;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesSetOperationBuilder;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesSketch;
import org.apache.datasketches.tuple.arrayofdoubles.ArrayOfDoublesUnion;

/**
 * Tuple images, read the two ways the library has: as a sketch of double summaries (compact and
 * updatable) and as an array-of-doubles sketch (heapify and wrap); estimates, entries, a union.
 */
public final class TupleFuzzer {
  private TupleFuzzer() {}

  private static final DoubleSummaryDeserializer SUMMARIES = new DoubleSummaryDeserializer();

  public static void fuzzerTestOneInput(byte[] data) {
    tolerate(() -> read(TupleSketch.heapifySketch(segment(data), SUMMARIES)));
    tolerate(() -> read(TupleSketch.heapifyUpdatableSketch(segment(data), SUMMARIES,
        new DoubleSummaryFactory(DoubleSummary.Mode.Sum))));
    tolerate(() -> read(ArrayOfDoublesSketch.heapify(segment(data))));
    tolerate(() -> read(ArrayOfDoublesSketch.wrap(readOnly(data))));
  }

  private static void read(TupleSketch<DoubleSummary> s) {
    s.getEstimate();
    s.getLowerBound(2);
    s.getUpperBound(2);
    s.getRetainedEntries();
    for (TupleSketchIterator<DoubleSummary> it = s.iterator(); it.next(); ) it.getSummary().getValue();
    s.toByteArray();
    s.compact().toByteArray();
    TupleUnion<DoubleSummary> union = new TupleUnion<>(new DoubleSummarySetOperations());
    union.union(s);
    union.getResult().toByteArray();
  }

  private static void read(ArrayOfDoublesSketch s) {
    s.getEstimate();
    s.getLowerBound(2);
    s.getUpperBound(2);
    s.getValues();
    s.toByteArray();
    s.compact().toByteArray();
    ArrayOfDoublesUnion union = new ArrayOfDoublesSetOperationBuilder().setNumberOfValues(s.getNumValues()).buildUnion();
    union.union(s);
    union.getResult().toByteArray();
  }
}
