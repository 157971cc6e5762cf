package dev.jdtrace.distributor.cost;

import java.util.BitSet;
import java.util.List;

/**
 * A plan's predicted cost.
 *
 * @param model the cost model the prediction used
 * @param sessionHits expected hits per session
 * @param sessionMillis predicted wall time per session
 * @param wallMillis predicted wall time of all sessions on the workers
 * @param workers the workers the wall time assumes
 */
public record Prediction(CostModel model, List<Double> sessionHits, List<Double> sessionMillis, double wallMillis, int workers) {

  public Prediction {
    sessionHits = List.copyOf(sessionHits);
    sessionMillis = List.copyOf(sessionMillis);
  }

  /**
   * Predicts sessions' costs.
   *
   * @param sessions each session's witnesses
   * @param hitWeight expected hits per block
   * @param loaded blocks of the classes expected to load: breakpoints elsewhere are never set
   */
  public static Prediction of(final CostModel model, final List<BitSet> sessions, final double[] hitWeight,
      final BitSet loaded, final int workers) {
    final List<Double> hits = sessions.stream().map(s -> hits(s, hitWeight)).toList();
    final List<Double> millis = new java.util.ArrayList<>();
    for (int i = 0; i < sessions.size(); i++) {
      final BitSet set = (BitSet) sessions.get(i).clone();
      set.and(loaded);
      millis.add(model.sessionMillis(hits.get(i), set.cardinality()));
    }
    return new Prediction(model, hits, millis, model.wallMillis(millis, workers), workers);
  }

  /** Expected hits of a set of witnesses. */
  public static double hits(final BitSet witnesses, final double[] weight) {
    double h = 0;
    for (int b = witnesses.nextSetBit(0); b >= 0; b = witnesses.nextSetBit(b + 1)) {
      h += weight[b];
    }
    return h;
  }
}
