package dev.jdtrace.distributor.cost;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * What a debugger session costs on this machine (DESIGN §3): every hit costs {@code c0} plus {@code c1}
 * for each breakpoint set in its session, because the JDWP agent walks all its handlers on every event;
 * each session also pays one launch of the program under the agent.
 *
 * @param c0Micros cost of one hit with one breakpoint set, in microseconds
 * @param c1Micros extra cost of one hit per further breakpoint set, in microseconds
 * @param launchMillis one run of a trivial program under the agent: launch, attach, exit
 * @param parallelGain throughput of {@code cores} sessions at once relative to one: sessions compete
 *     for the same cores, so on 2 cores two sessions are ≈1.24× as fast as one, not 2×
 * @param machine what the figures were measured on, so a cached model is only reused there
 */
public record CostModel(double c0Micros, double c1Micros, double launchMillis, double parallelGain, String machine) {

  /** Predicted wall time of one session, in milliseconds. */
  public double sessionMillis(final double hits, final int breakpoints) {
    return hits * (c0Micros + c1Micros * Math.max(0, breakpoints - 1)) / 1000.0 + launchMillis;
  }

  /**
   * Predicted wall time of running sessions on {@code workers} workers: sessions go heaviest first to the
   * worker free first, and running several at once only speeds the whole up by the measured gain.
   */
  public double wallMillis(final List<Double> sessionMillis, final int workers) {
    final int w = Math.max(1, Math.min(workers, sessionMillis.size()));
    final List<Double> sorted = new ArrayList<>(sessionMillis);
    sorted.sort(Comparator.reverseOrder());
    final PriorityQueue<Double> finish = new PriorityQueue<>();
    for (int i = 0; i < w; i++) {
      finish.add(0.0);
    }
    double makespan = 0;
    for (final double s : sorted) {
      final double end = finish.poll() + s;
      finish.add(end);
      makespan = Math.max(makespan, end);
    }
    if (w == 1) {
      return makespan;
    }
    // The schedule assumes w free cores' worth of speed; the machine gives only the measured gain.
    final double total = sorted.stream().mapToDouble(Double::doubleValue).sum();
    return Math.max(makespan, total / Math.min(w, parallelGain));
  }
}
