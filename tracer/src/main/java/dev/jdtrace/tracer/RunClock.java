package dev.jdtrace.tracer;

import java.lang.management.ManagementFactory;
import java.util.Map;

/**
 * Where a run's time goes, over every plan and attempt, and what its attempts learned about the program's run
 * for the next plan.
 */
final class RunClock {
  long firstPass;
  boolean firstPassSkipped;
  long planning;
  long sessions;
  long decoding;
  int plans = 1;
  /** The program's first run, which each session's prediction pays, or {@code null} when not known. */
  ProgramRun programRun;
  /** The hits each witness took, when they missed the prediction, or {@code null}. */
  Map<String, Long> learnedHits;
  /** jdtrace's JVM's start to the run's, in milliseconds. */
  final long startup = ManagementFactory.getRuntimeMXBean().getUptime();

  RunReport.Phases phases(final boolean reused) {
    return new RunReport.Phases(firstPass / 1_000_000, planning / 1_000_000, sessions / 1_000_000,
        decoding / 1_000_000, plans, reused, firstPassSkipped, startup);
  }
}
