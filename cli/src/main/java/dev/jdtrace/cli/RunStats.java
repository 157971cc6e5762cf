package dev.jdtrace.cli;

import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.tracer.RunReport;
import java.util.List;

/**
 * The JSON written by {@code run --stats}: the summary figures, and the same per session.
 *
 * @param plan plan identity
 * @param profile profile kind
 * @param blocks blocks in the traced classes
 * @param breakpoints breakpoints over all sessions
 * @param hits hits over all sessions
 * @param blockEntries block entries in the trace
 * @param threads threads in the trace
 * @param wallMillis wall time of the run, from the run's start (after jdtrace's own start-up) to the trace written
 * @param predictedMillis the cost model's prediction of the sessions' wall time on the workers
 * @param exitStatus the program's exit status (the same in every session)
 * @param sessions per-session figures
 * @param phases where the wall time went: first run, planning, sessions, decoding
 * @param evidence why the run was traced in one session (several threads, or sessions whose runs differed), and
 *     whether the traced run printed other output than the one shown
 */
record RunStats(String plan, String profile, int blocks, long breakpoints, long hits, long blockEntries, int threads,
    long wallMillis, double predictedMillis, int exitStatus, List<SessionStats> sessions, RunReport.Phases phases,
    RunReport.Evidence evidence) {

  /**
   * One session's figures.
   *
   * @param session index
   * @param breakpoints breakpoints set
   * @param hits hits recorded
   * @param threads threads that hit a witness
   * @param wallMillis wall time from launch to exit
   * @param expectedHits hits the plan's weights expected
   * @param predictedMillis the cost model's prediction of the wall time, as the session runs beside the others
   *     ({@code Prediction.sessionWallMillis})
   * @param exitCode the program's exit code
   * @param refusedClasses classes refused by the bytecode check
   */
  record SessionStats(int session, int breakpoints, long hits, int threads, long wallMillis, double expectedHits,
      double predictedMillis, int exitCode, List<String> refusedClasses) {

    /** What the session's hits cost beyond c0: every hit walks every breakpoint set (DESIGN §3). */
    @com.fasterxml.jackson.annotation.JsonProperty("hitsTimesBreakpoints")
    public long hitsTimesBreakpoints() {
      return hits * breakpoints;
    }
  }

  static RunStats of(final RunReport r) {
    return new RunStats(r.plan().id(), r.plan().profile().label(), r.blocks(), r.breakpoints(), r.hits(), r.blockEntries(),
        r.threads(), r.wallMillis(), r.prediction().wallMillis(), r.exitStatus(),
        r.sessions().stream().map(s -> session(s, r.prediction())).toList(), r.phases(), r.evidence());
  }

  private static SessionStats session(final SessionResult s, final Prediction p) {
    return new SessionStats(s.session(), s.breakpoints(), s.hits(), s.threads(), s.wallMillis(),
        p.sessionHits().get(s.session()), p.sessionWallMillis(s.session()), s.exitCode(), s.refusedClasses());
  }

  /** The whole run's wall time, jdtrace's own start-up included: what a user waits for. */
  @com.fasterxml.jackson.annotation.JsonProperty("runMillis")
  public long runMillis() {
    return phases.startupMillis() + wallMillis;
  }

  /**
   * The whole run's predicted wall time: jdtrace's start-up, the first run and planning as measured (they are
   * over when the plan is made), and the sessions as predicted. Decoding and writing the trace are not predicted.
   */
  @com.fasterxml.jackson.annotation.JsonProperty("runPredictedMillis")
  public double runPredictedMillis() {
    return phases.startupMillis() + phases.firstPassMillis() + phases.planningMillis() + predictedMillis;
  }

  /** Σ over sessions of hits × breakpoints. */
  @com.fasterxml.jackson.annotation.JsonProperty("hitsTimesBreakpoints")
  public long hitsTimesBreakpoints() {
    return sessions.stream().mapToLong(SessionStats::hitsTimesBreakpoints).sum();
  }

  /** Predicted against measured, per session, for people. */
  void print(final java.io.PrintWriter err) {
    err.println("jdtrace: session  breakpoints  hits expected/measured  hits × breakpoints  seconds predicted/measured");
    for (final SessionStats s : sessions) {
      err.printf("jdtrace: %7d  %11d  %12.0f/%-10d  %17d  %8.2f/%-8.2f%n", s.session(), s.breakpoints(),
          s.expectedHits(), s.hits(), s.hitsTimesBreakpoints(), s.predictedMillis() / 1000, s.wallMillis() / 1000.0);
    }
    err.printf("jdtrace: all sessions: %d hits × breakpoints, %.2f s predicted, %.2f s measured (%s)%n",
        hitsTimesBreakpoints(), predictedMillis / 1000, phases.sessionsMillis() / 1000.0,
        ratio(predictedMillis, phases.sessionsMillis()));
    err.printf("jdtrace: whole run: %.2f s predicted, %.2f s measured (%s): jdtrace's start-up %.2f s, the first run "
        + "%.2f s and planning %.2f s as measured, the sessions as predicted, decoding %.2f s not predicted%n",
        runPredictedMillis() / 1000, runMillis() / 1000.0, ratio(runPredictedMillis(), runMillis()),
        phases.startupMillis() / 1000.0, phases.firstPassMillis() / 1000.0, phases.planningMillis() / 1000.0,
        phases.decodingMillis() / 1000.0);
  }

  /** Measured over predicted, as a factor: above 1, the model predicted too little. */
  static String ratio(final double predicted, final double measured) {
    return predicted <= 0 ? "n/a" : String.format("measured %.2f× the prediction", measured / predicted);
  }
}
