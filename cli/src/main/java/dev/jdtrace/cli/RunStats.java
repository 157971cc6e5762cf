package dev.jdtrace.cli;

import dev.jdtrace.cli.pipeline.RunReport;
import dev.jdtrace.driver.SessionResult;
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
 * @param wallMillis wall time of the run
 * @param sessions per-session figures
 */
record RunStats(String plan, String profile, int blocks, long breakpoints, long hits, long blockEntries, int threads,
    long wallMillis, List<SessionStats> sessions) {

  /**
   * One session's figures.
   *
   * @param session index
   * @param breakpoints breakpoints set
   * @param hits hits recorded
   * @param threads threads that hit a witness
   * @param wallMillis wall time from launch to exit
   * @param exitCode the program's exit code
   * @param refusedClasses classes refused by the bytecode check
   */
  record SessionStats(int session, int breakpoints, long hits, int threads, long wallMillis, int exitCode,
      List<String> refusedClasses) {
  }

  static RunStats of(final RunReport r) {
    return new RunStats(r.plan().id(), r.plan().profile(), r.blocks(), r.breakpoints(), r.hits(), r.blockEntries(),
        r.threads(), r.wallMillis(), r.sessions().stream().map(RunStats::session).toList());
  }

  private static SessionStats session(final SessionResult s) {
    return new SessionStats(s.session(), s.breakpoints(), s.hits(), s.threads(), s.wallMillis(), s.exitCode(),
        s.refusedClasses());
  }
}
