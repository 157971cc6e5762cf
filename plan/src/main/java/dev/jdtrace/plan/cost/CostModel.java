package dev.jdtrace.plan.cost;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What a debugger session costs on this machine (DESIGN §3). A session pays, once, its program's run under the
 * agent ({@code launchMillis}: JVM start, attach, the program's own work, exit) and the setting of each of its
 * breakpoints ({@code setMicros}: a round trip to the VM while the loading thread waits). Every hit costs
 * {@code c0} plus {@code c1} for each breakpoint set in its session, because the JDWP agent walks all its
 * handlers on every event. Methods that hold a breakpoint stay interpreted: every block entry in them costs
 * {@code interpretedMicros} more than compiled code would. A session's hits stop no thread; {@code stopMicros},
 * what a suspending event costs, tells a first run's stops apart from the program's own run.
 *
 * @param c0Micros cost of one hit with one breakpoint set, in microseconds
 * @param c1Micros extra cost of one hit per further breakpoint set, in microseconds
 * @param setMicros cost of setting one breakpoint, in microseconds
 * @param interpretedMicros extra cost of one block entry in a method that holds a breakpoint, in microseconds
 * @param stopMicros cost of one suspending event beyond a hit's: the thread waits for the debugger to resume it
 * @param launchMillis one run of the program under the agent with no breakpoint: launch, attach, its own work,
 *     exit. Calibrated on a trivial program; {@link #forProgram} puts the traced program's own in its place
 * @param parallelGain throughput of {@code cores} sessions at once relative to one: sessions compete
 *     for the same cores, so on 2 cores two sessions are ≈1.24× as fast as one, not 2×
 * @param machine what the figures were measured on, so a cached model is only reused there
 */
public record CostModel(double c0Micros, double c1Micros, double setMicros, double interpretedMicros,
    double stopMicros, double launchMillis, double parallelGain, String machine) {

  /** A model with no breakpoint-setting, interpretation or stop cost: hits and launches only. */
  public CostModel(final double c0Micros, final double c1Micros, final double launchMillis, final double parallelGain,
      final String machine) {
    this(c0Micros, c1Micros, 0, 0, 0, launchMillis, parallelGain, machine);
  }

  /** A model whose stops cost nothing beyond a hit. */
  public CostModel(final double c0Micros, final double c1Micros, final double setMicros,
      final double interpretedMicros, final double launchMillis, final double parallelGain, final String machine) {
    this(c0Micros, c1Micros, setMicros, interpretedMicros, 0, launchMillis, parallelGain, machine);
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
    return new CostModel(c0Micros, c1Micros, setMicros, interpretedMicros, stopMicros, runMillis, parallelGain,
        machine);
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
   * How much longer a session takes while {@code atOnce} sessions run: together they go only
   * {@link #parallelGain} times as fast as one (at most {@code atOnce} times), so each takes
   * {@code atOnce / min(atOnce, gain)} times its time alone.
   */
  public double sharing(final int atOnce) {
    final int k = Math.max(1, atOnce);
    return k / Math.min(k, Math.max(1.0, parallelGain));
  }

  /**
   * How sessions run on {@code workers} workers: heaviest first, each to the worker free first (as
   * {@code Sessions.runAll} starts them), every running session slowed by {@link #sharing} of the sessions
   * running at that moment, all of its time: its walk too (the c1 term), which runs in its own JVM. Apart, the walk
   * as if on a core of its own, two commons-compress sessions of ~65 breakpoints and ~130k hits each took 1.5-1.6×
   * their predicted time; with it shared, javaparser's sessions of 1,000-1,900 breakpoints took 0.75-0.83× theirs.
   * A session that outlasts the others runs its tail alone, at full speed.
   *
   * @param sessionMillis each session's time alone
   * @return each session's wall time, in the given order, and the time until the last ends
   */
  public Schedule schedule(final List<Double> sessionMillis, final int workers) {
    final int n = sessionMillis.size();
    final Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, Comparator.comparingDouble((Integer i) -> sessionMillis.get(i)).reversed());
    final double[] left = new double[n];
    final double[] started = new double[n];
    final double[] wall = new double[n];
    final List<Integer> running = new ArrayList<>();
    int next = 0;
    double now = 0;
    final int w = Math.max(1, workers);
    while (next < n || !running.isEmpty()) {
      while (running.size() < w && next < n) {
        final int s = order[next++];
        left[s] = sessionMillis.get(s);
        started[s] = now;
        running.add(s);
      }
      // Every running session advances at 1 / sharing; the one that ends first ends the step.
      final double slowdown = sharing(running.size());
      double step = Double.POSITIVE_INFINITY;
      for (final int s : running) {
        step = Math.min(step, left[s] * slowdown);
      }
      now += step;
      final List<Integer> ended = new ArrayList<>();
      for (final int s : running) {
        left[s] -= step / slowdown;
        if (left[s] <= 1e-9 * Math.max(1.0, sessionMillis.get(s))) {
          wall[s] = now - started[s];
          ended.add(s);
        }
      }
      running.removeAll(ended);
    }
    final List<Double> walls = new ArrayList<>();
    for (final double x : wall) {
      walls.add(x);
    }
    return new Schedule(walls, now);
  }

  /**
   * Sessions as they run beside each other.
   *
   * @param sessionMillis each session's predicted wall time, sharing the cores
   * @param wallMillis the time until the last session ends
   */
  public record Schedule(List<Double> sessionMillis, double wallMillis) {
    public Schedule {
      sessionMillis = List.copyOf(sessionMillis);
    }
  }

  /** Predicted wall time of running sessions on {@code workers} workers: the {@link #schedule}'s. */
  public double wallMillis(final List<Double> sessionMillis, final int workers) {
    return schedule(sessionMillis, workers).wallMillis();
  }
}
