package dev.jdtrace.distributor.cost;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * What a debugger session costs on this machine (DESIGN §3). A session pays, once, its program's run under the
 * agent ({@code launchMillis}: JVM start, attach, the program's own work, exit) and the setting of each of its
 * breakpoints ({@code setMicros}: a round trip to the VM while the loading thread waits). Every hit costs
 * {@code c0} plus {@code c1} for each breakpoint set in its session, because the JDWP agent walks all its
 * handlers on every event. Methods that hold a breakpoint stay interpreted: every block entry in them costs
 * {@code interpretedMicros} more than compiled code would.
 *
 * @param c0Micros cost of one hit with one breakpoint set, in microseconds
 * @param c1Micros extra cost of one hit per further breakpoint set, in microseconds
 * @param setMicros cost of setting one breakpoint, in microseconds
 * @param interpretedMicros extra cost of one block entry in a method that holds a breakpoint, in microseconds
 * @param launchMillis one run of the program under the agent with no breakpoint: launch, attach, its own work,
 *     exit. Calibrated on a trivial program; {@link #forProgram} puts the traced program's own in its place
 * @param parallelGain throughput of {@code cores} sessions at once relative to one: sessions compete
 *     for the same cores, so on 2 cores two sessions are ≈1.24× as fast as one, not 2×
 * @param machine what the figures were measured on, so a cached model is only reused there
 */
public record CostModel(double c0Micros, double c1Micros, double setMicros, double interpretedMicros,
    double launchMillis, double parallelGain, String machine) {

  /** A model with no breakpoint-setting or interpretation cost: hits and launches only. */
  public CostModel(final double c0Micros, final double c1Micros, final double launchMillis, final double parallelGain,
      final String machine) {
    this(c0Micros, c1Micros, 0, 0, launchMillis, parallelGain, machine);
  }

  /**
   * This machine's model for a program whose run under the agent, with no breakpoint, takes {@code runMillis}:
   * that run, not the calibration's trivial one, is what every session pays before its first hit (measured
   * 2-3 s per session on the libraries against the trivial program's 0.5 s). Never below the trivial run.
   */
  public CostModel forProgram(final double runMillis) {
    if (!(runMillis > launchMillis)) {
      return this;
    }
    return new CostModel(c0Micros, c1Micros, setMicros, interpretedMicros, runMillis, parallelGain, machine);
  }

  /** Predicted wall time of one session run alone, in milliseconds, without interpreted block entries. */
  public double sessionMillis(final double hits, final int breakpoints) {
    return sessionMillis(hits, breakpoints, 0);
  }

  /**
   * Predicted wall time of one session run alone, in milliseconds.
   *
   * @param hits expected hits
   * @param breakpoints breakpoints set
   * @param interpretedEntries expected block entries in the methods that hold its breakpoints
   */
  public double sessionMillis(final double hits, final int breakpoints, final double interpretedEntries) {
    return launchMillis + breakpoints * setMicros / 1000.0
        + hits * (c0Micros + c1Micros * Math.max(0, breakpoints - 1)) / 1000.0
        + interpretedEntries * interpretedMicros / 1000.0;
  }

  /**
   * How much longer a session takes while others run beside it: {@code sessions} sessions on {@code workers}
   * workers run {@code k = min(workers, sessions)} at once, which go only {@link #parallelGain} times as fast
   * as one together, so each takes {@code k / min(k, gain)} times its time alone.
   */
  public double sharing(final int sessions, final int workers) {
    final int atOnce = Math.max(1, Math.min(workers, sessions));
    return atOnce / Math.min(atOnce, Math.max(1.0, parallelGain));
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
