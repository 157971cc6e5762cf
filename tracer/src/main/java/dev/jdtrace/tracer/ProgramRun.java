package dev.jdtrace.tracer;

import dev.jdtrace.plan.cost.CostModel;

/**
 * What every session of a program pays before its first hit, from the program's first run: its JVM start,
 * attach, class loading, its own work and exit, as that run measured them. The calibration's trivial program
 * starts in 0.5 s; a library driver's sessions measured 2 to 3 s each. The first run also set a breakpoint at
 * the entry of each method of the classes it saw load and, once it ran, one more for its tenth run, and stopped
 * the thread at each method's first run while it set that one ({@code FirstRun}); a session sets its own
 * breakpoints instead, and stops no thread at a hit, which the model counts apart.
 *
 * <p>It also carries the hits each witness took in an earlier run of the same command and input, when they
 * missed that run's prediction ({@link LearnedHits}).
 *
 * @param wallMillis the first run's wall time, launch to exit, or -1 when not known
 * @param probeBreakpoints the breakpoints the first run set
 * @param probeStops the times the first run stopped a thread at a method's entry (its methods that ran)
 * @param hits learned hits per witness ({@link LearnedHits#key}), or {@code null}
 */
record ProgramRun(double wallMillis, int probeBreakpoints, int probeStops, java.util.Map<String, Long> hits) {

  ProgramRun {
    hits = hits == null ? null : java.util.Map.copyOf(hits);
  }

  /** A first run's time, its breakpoints and its stops, with no learned hits. */
  ProgramRun(final double wallMillis, final int probeBreakpoints, final int probeStops) {
    this(wallMillis, probeBreakpoints, probeStops, null);
  }

  /** The program's run under the agent with no breakpoint: the first run's wall less its breakpoints and stops. */
  double bareMillis(final CostModel model) {
    return wallMillis - probeBreakpoints * model.setMicros() / 1000.0 - probeStops * model.stopMicros() / 1000.0;
  }

  /** The model for this program's sessions ({@link CostModel#forProgram}). */
  CostModel model(final CostModel model) {
    return wallMillis < 0 ? model : model.forProgram(bareMillis(model));
  }
}
