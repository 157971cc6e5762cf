package dev.jdtrace.distribute.cost;

import dev.jdtrace.plan.cost.CostModel;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * Chooses how many sessions to split a plan into when the user does not say: the number whose split
 * has the least predicted wall time on the workers. More sessions mean fewer breakpoints per session,
 * so cheaper hits, but another program launch each and more copies of the shared witnesses.
 */
public final class SessionCount {
  /** Beyond this many sessions per worker the launches outweigh what cheaper hits can save here. */
  static final int MAX_PER_WORKER = 4;

  private SessionCount() {
  }

  /**
   * A chosen split.
   *
   * @param sessions the sessions' witnesses
   * @param prediction its predicted cost
   */
  public record Choice(List<BitSet> sessions, Prediction prediction) {
  }

  /**
   * Also chooses the cap: tries each cap with 1 to {@code MAX_PER_WORKER × workers} sessions and keeps the
   * cheapest prediction; ties go to the earlier cap, then to fewer sessions. A split that needs more sessions
   * than that under its cap is not taken (the first cap's always counts): launches and decoding grow with
   * sessions, and a static hit estimate (the first trace's) can be far below what the sessions take.
   *
   * @param caps the caps to try, the first one the least constraining
   * @param split the distributor for a cap and a wanted number of sessions (the cap may add more); the counts
   *     of one cap are split from several threads at once
   */
  public static Choice choose(final CostModel model, final List<Integer> caps,
      final IntFunction<IntFunction<List<BitSet>>> split, final double[] hitWeight, final BitSet loaded,
      final int workers) {
    return choose(model, caps, split, hitWeight, loaded, Prediction.Interpreted.NONE, workers);
  }

  /**
   * As {@link #choose(CostModel, List, IntFunction, double[], BitSet, int)}, counting the block entries that
   * each session's breakpoints keep interpreted.
   */
  public static Choice choose(final CostModel model, final List<Integer> caps,
      final IntFunction<IntFunction<List<BitSet>>> split, final double[] hitWeight, final BitSet loaded,
      final Prediction.Interpreted interpreted, final int workers) {
    Choice best = null;
    for (final int cap : caps) {
      final Choice c = choose(model, split.apply(cap), hitWeight, loaded, interpreted, workers);
      if (best == null || (c.sessions().size() <= most(workers)
          && c.prediction().wallMillis() < best.prediction().wallMillis())) {
        best = c;
      }
    }
    return best;
  }

  /** The most sessions the cost model asks for. */
  public static int most(final int workers) {
    return MAX_PER_WORKER * Math.max(1, workers);
  }

  /**
   * Tries 1 to {@code MAX_PER_WORKER × workers} sessions and keeps the cheapest prediction; ties go to
   * fewer sessions.
   *
   * @param split the distributor for a wanted number of sessions (the cap may add more), called from several
   *     threads at once
   * @param loaded blocks of the classes expected to load
   */
  public static Choice choose(final CostModel model, final IntFunction<List<BitSet>> split, final double[] hitWeight,
      final BitSet loaded, final int workers) {
    return choose(model, split, hitWeight, loaded, Prediction.Interpreted.NONE, workers);
  }

  /**
   * As {@link #choose(CostModel, IntFunction, double[], BitSet, int)}, counting the block entries that each
   * session's breakpoints keep interpreted.
   */
  public static Choice choose(final CostModel model, final IntFunction<List<BitSet>> split, final double[] hitWeight,
      final BitSet loaded, final Prediction.Interpreted interpreted, final int workers) {
    // Each count's split and prediction stands alone, so they are made on every core at once (javaparser: 0.6 s of
    // its planning, one after another); the choice then reads them in order.
    final List<Choice> tried = IntStream.rangeClosed(1, most(workers)).parallel().mapToObj(n -> {
      final List<BitSet> sessions = split.apply(n);
      return new Choice(sessions, Prediction.of(model, sessions, hitWeight, loaded, interpreted, workers));
    }).toList();
    Choice best = null;
    for (int n = 1; n <= tried.size(); n++) {
      final Choice c = tried.get(n - 1);
      if (best == null || c.prediction().wallMillis() < best.prediction().wallMillis()) {
        best = c;
      }
      if (c.sessions().size() < n) {
        break; // Nothing left to split: every larger n gives these sessions again.
      }
    }
    return best;
  }
}
