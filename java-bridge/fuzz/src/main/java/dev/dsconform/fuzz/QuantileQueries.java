package dev.dsconform.fuzz;

import java.util.Arrays;
import org.apache.datasketches.quantilescommon.QuantilesAPI;
import org.apache.datasketches.quantilescommon.QuantilesDoublesAPI;
import org.apache.datasketches.quantilescommon.QuantilesDoublesSketchIteratorAPI;
import org.apache.datasketches.quantilescommon.QuantilesFloatsAPI;
import org.apache.datasketches.quantilescommon.QuantilesFloatsSketchIterator;
import org.apache.datasketches.quantilescommon.QuantilesGenericAPI;
import org.apache.datasketches.quantilescommon.QuantilesGenericSketchIteratorAPI;

/** What a reader asks a quantiles sketch (KLL, classic quantiles) it has just read. */
final class QuantileQueries {
  private QuantileQueries() {}

  private static final double[] FRACTIONS = {0.0, 0.1, 0.5, 0.9, 1.0};

  private static void sizes(QuantilesAPI s) {
    s.getK();
    s.getN();
    s.getNumRetained();
    s.isEstimationMode();
    s.getNormalizedRankError(true);
    s.getRankLowerBound(0.5);
    s.getRankUpperBound(0.5);
  }

  static void doubles(QuantilesDoublesAPI s) {
    sizes(s);
    s.toByteArray();
    // Quantile queries on an empty sketch are refused by contract; ask only a non-empty one.
    if (s.isEmpty()) return;
    double min = s.getMinItem();
    double max = s.getMaxItem();
    double[] splits = min < max ? new double[] {min, min + (max - min) / 2} : new double[] {min};
    s.getQuantile(0.5);
    s.getQuantiles(FRACTIONS);
    s.getQuantileLowerBound(0.5);
    s.getQuantileUpperBound(0.5);
    s.getRank(splits[splits.length - 1]);
    s.getRanks(splits);
    s.getPMF(splits);
    s.getCDF(splits);
    s.getSortedView();
    for (QuantilesDoublesSketchIteratorAPI it = s.iterator(); it.next(); ) {
      it.getQuantile();
      it.getWeight();
    }
  }

  static void floats(QuantilesFloatsAPI s) {
    sizes(s);
    s.toByteArray();
    if (s.isEmpty()) return;
    float min = s.getMinItem();
    float max = s.getMaxItem();
    float[] splits = min < max ? new float[] {min, min + (max - min) / 2} : new float[] {min};
    s.getQuantile(0.5);
    s.getQuantiles(FRACTIONS);
    s.getQuantileLowerBound(0.5);
    s.getQuantileUpperBound(0.5);
    s.getRank(splits[splits.length - 1]);
    s.getRanks(splits);
    s.getPMF(splits);
    s.getCDF(splits);
    s.getSortedView();
    for (QuantilesFloatsSketchIterator it = s.iterator(); it.next(); ) {
      it.getQuantile();
      it.getWeight();
    }
  }

  static void strings(QuantilesGenericAPI<String> s) {
    sizes(s);
    if (s.isEmpty()) return;
    String min = s.getMinItem();
    String max = s.getMaxItem();
    String[] splits = min.compareTo(max) < 0 ? new String[] {min, max} : new String[] {min};
    s.getQuantile(0.5);
    Arrays.asList(s.getQuantiles(FRACTIONS));
    s.getQuantileLowerBound(0.5);
    s.getQuantileUpperBound(0.5);
    s.getRank(max);
    s.getRanks(splits);
    s.getPMF(splits);
    s.getCDF(splits);
    s.getSortedView();
    for (QuantilesGenericSketchIteratorAPI<String> it = s.iterator(); it.next(); ) {
      it.getQuantile();
      it.getWeight();
    }
  }
}
