package dev.jdtrace.tracer;

import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.distribute.Plan;
import dev.jdtrace.distribute.cost.Prediction;
import java.util.List;

/**
 * The figures of one {@code jdtrace run}.
 *
 * @param plan the plan that ran
 * @param prediction the plan's predicted costs, to compare with the measured ones
 * @param blocks blocks in the traced classes
 * @param sessions per-session measurements
 * @param blockEntries block entries in the reconstructed trace
 * @param threads threads in the trace
 * @param wallMillis wall time of the whole run
 * @param phases where the wall time went
 * @param evidence how the sessions' runs were shown to be one run, or why one session traced it
 */
public record RunReport(Plan plan, Prediction prediction, int blocks, List<SessionResult> sessions, long blockEntries, int threads,
    long wallMillis, Phases phases, Evidence evidence) {

  /**
   * How the run came to be traced as it was (DESIGN §2, "Same run").
   *
   * @param oneSession why it was traced in one session although it could have been split ({@code null}
   *     when it was not): several threads ran traced code, or the sessions' runs differed
   * @param retraced whether sessions ran and were not merged because their runs differed, so that one more
   *     run traced the program
   * @param otherOutputThan the run shown to the user when the traced run printed other output than it (the
   *     trace follows the traced run), or {@code null}
   */
  public record Evidence(String oneSession, boolean retraced, String otherOutputThan) {
    /** A run split, or planned in one session, as asked, whose output was the one shown. */
    public static final Evidence NONE = new Evidence(null, false, null);
  }

  /**
   * Wall time per phase of a run, in milliseconds.
   *
   * @param firstPassMillis the first run that finds the classes the program loads (0 when not run)
   * @param planningMillis reading the classes and planning (every plan, when the run planned again)
   * @param sessionsMillis the sessions (every attempt)
   * @param decodingMillis decoding the streams and writing the trace
   * @param plans plans made (more than one when a session loaded a class the plan left out)
   * @param planReused whether the plan that ran came from the plan cache
   * @param firstPassSkipped whether no first run was made (the plan cache knew the classes, or
   *     {@code --all-classes}): then {@code firstPassMillis} is the time it took to know that
   * @param startupMillis jdtrace's own start-up, before the run: its JVM's start to the run's (the JVM's uptime
   *     then), which the run's {@code wallMillis} leaves out
   */
  public record Phases(long firstPassMillis, long planningMillis, long sessionsMillis, long decodingMillis,
      int plans, boolean planReused, boolean firstPassSkipped, long startupMillis) {
  }

  public RunReport {
    sessions = List.copyOf(sessions);
  }

  /** Breakpoints over all sessions. */
  public long breakpoints() {
    return sessions.stream().mapToLong(SessionResult::breakpoints).sum();
  }

  /** The program's exit status: the same in every session, or the run would have diverged. */
  public int exitStatus() {
    return sessions.get(0).exitCode();
  }

  /** Hits over all sessions. */
  public long hits() {
    return sessions.stream().mapToLong(SessionResult::hits).sum();
  }
}
