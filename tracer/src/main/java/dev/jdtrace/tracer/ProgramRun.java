package dev.jdtrace.tracer;

import dev.jdtrace.collect.FirstRun;
import dev.jdtrace.plan.cost.CostModel;

/**
 * What every session of a program pays before its first hit, from the program's first run: its JVM start,
 * attach, class loading and its own work up to the VM's death, where the debugger lets go, as that run measured
 * them. The calibration's trivial program
 * starts in 0.5 s; a library driver's sessions measured 2 to 3 s each. The first run's own breakpoints are
 * taken off its wall time by the model's own terms ({@link FirstRun.Probes}): setting them, the stops at class
 * prepares, and their hits, each walking the requests set. A session sets its own breakpoints instead.
 *
 * <p>Each entry breakpoint read its method's line table first, until the first run set them at code index 0 without
 * it ({@code CodeLocation}): javaparser's 7,996 line tables were 0.7 s of its first run. Its hits were left out before
 * that: a javaparser parse's first run took 8.1 s, its sessions' own run came out at
 * 5.4 s, and a session of 742 breakpoints that took no hit ran in 1.7 s. Every session of that parse was then
 * predicted about 4 s too long (0.44-0.59× the prediction measured, with the hits known exactly).
 *
 * <p>It also carries the hits each witness took in an earlier run of the same command and input, when they
 * missed that run's prediction ({@link LearnedHits}).
 *
 * @param wallMillis the first run's wall time, launch to the VM's death (FirstRun.Loaded), or -1 when not known
 * @param probes what the first run's breakpoints cost it, or {@code null} when its time is not known
 * @param hits learned hits per witness ({@link LearnedHits#key}), or {@code null}
 */
record ProgramRun(double wallMillis, FirstRun.Probes probes, java.util.Map<String, Long> hits) {

  ProgramRun {
    hits = hits == null ? null : java.util.Map.copyOf(hits);
  }

  /** The program's run under the agent with no breakpoint: the first run's wall less what its breakpoints cost. */
  double bareMillis(final CostModel model) {
    return wallMillis - (probes.breakpoints() * model.setMicros() + probes.stops() * model.stopMicros()
        + probes.hits() * model.c0Micros() + probes.walks() * model.c1Micros()) / 1000.0;
  }

  /** The model for this program's sessions ({@link CostModel#forProgram}). */
  CostModel model(final CostModel model) {
    return wallMillis < 0 ? model : model.forProgram(bareMillis(model));
  }
}
