package dev.jdtrace.distribute.cost;

import dev.jdtrace.plan.cost.CostModel;
import java.util.BitSet;
import java.util.List;

/**
 * A plan's predicted cost.
 *
 * @param model the cost model the prediction used
 * @param sessionHits expected hits per session
 * @param sessionMillis predicted wall time per session, each run alone
 * @param wallMillis predicted wall time of all sessions on the workers
 * @param workers the workers the wall time assumes
 */
public record Prediction(CostModel model, List<Double> sessionHits, List<Double> sessionMillis,
    double wallMillis, int workers) {

  /** Expected block entries in the methods that hold a set of breakpoints: those methods stay interpreted. */
  @FunctionalInterface
  public interface Interpreted {
    /** No interpreted block entries counted. */
    Interpreted NONE = set -> 0;

    /** @param breakpoints the blocks whose breakpoints are set */
    double entries(BitSet breakpoints);
  }

  public Prediction {
    sessionHits = List.copyOf(sessionHits);
    sessionMillis = List.copyOf(sessionMillis);
  }

  /** Predicts sessions' costs, counting no interpreted block entries. */
  public static Prediction of(final CostModel model, final List<BitSet> sessions, final double[] hitWeight,
      final BitSet loaded, final int workers) {
    return of(model, sessions, hitWeight, loaded, Interpreted.NONE, workers);
  }

  /**
   * Predicts sessions' costs.
   *
   * @param sessions each session's witnesses
   * @param hitWeight expected hits per block
   * @param loaded blocks of the classes expected to load: breakpoints elsewhere are never set
   * @param interpreted the block entries that the methods holding a session's breakpoints are expected to make
   */
  public static Prediction of(final CostModel model, final List<BitSet> sessions, final double[] hitWeight,
      final BitSet loaded, final Interpreted interpreted, final int workers) {
    final List<Double> hits = sessions.stream().map(s -> hits(s, hitWeight)).toList();
    final List<Double> millis = new java.util.ArrayList<>();
    for (int i = 0; i < sessions.size(); i++) {
      final BitSet set = (BitSet) sessions.get(i).clone();
      set.and(loaded);
      millis.add(model.sessionMillis(hits.get(i), set.cardinality(), interpreted.entries(set)));
    }
    return new Prediction(model, hits, millis, model.wallMillis(millis, workers), workers);
  }

  /**
   * Predicted wall time of a session as it runs beside the others ({@link CostModel#schedule}): what its
   * measured wall time compares with.
   */
  public double sessionWallMillis(final int session) {
    return model.schedule(sessionMillis, workers).sessionMillis().get(session);
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
