package dev.jdtrace.cli;

import dev.jdtrace.collect.AttachResult;
import dev.jdtrace.tracer.AttachReport;
import java.util.List;

/**
 * The JSON written by {@code attach --stats}: per session, what it set and recorded and how long it held the VM.
 *
 * @param plan plan identity
 * @param blockEntries block entries in the trace
 * @param threads threads in the trace
 * @param longestPauseMillis the longest VM pause of all sessions
 * @param longestClassStopMillis the longest hold of a thread that prepared a traced class, of all sessions
 * @param sessions per-session figures, in session order
 */
record AttachStats(String plan, long blockEntries, int threads, double longestPauseMillis,
    double longestClassStopMillis, List<SessionStats> sessions) {

  /**
   * One session's figures.
   *
   * @param session index
   * @param target the JVM it attached to
   * @param breakpoints breakpoints set (witnesses, and one per thread at rest in traced code at the cut)
   * @param hits hits recorded
   * @param threads threads recorded
   * @param wallMillis wall time from attach to detach
   * @param longestPauseMillis the longest single VM suspension: at the cut, or at the look before the detach
   * @param startPauseMillis all the suspensions while the session began (the cut, and its looks again)
   * @param classStops traced classes prepared during the session, each holding its preparing thread (only that one)
   *     while its breakpoints were set
   * @param longestClassStopMillis the longest of those holds
   * @param detachProven whether a detach fence proved that no hit raised before the last look was still on its way
   *     when the requests went (false for an idle target: nothing ran after the look)
   */
  record SessionStats(int session, String target, int breakpoints, long hits, int threads, long wallMillis,
      double longestPauseMillis, double startPauseMillis, int classStops, double longestClassStopMillis, boolean detachProven) {
  }

  static AttachStats of(final AttachReport report) {
    final List<SessionStats> sessions = report.sessions().stream().map(AttachStats::session).toList();
    return new AttachStats(report.plan().id(), report.blockEntries(), report.threads(),
        sessions.stream().mapToDouble(SessionStats::longestPauseMillis).max().orElse(0),
        sessions.stream().mapToDouble(SessionStats::longestClassStopMillis).max().orElse(0), sessions);
  }

  private static SessionStats session(final AttachResult r) {
    return new SessionStats(r.run().session(), r.target().toString(), r.run().breakpoints(), r.run().hits(),
        r.run().threads(), r.run().wallMillis(), r.longestPauseMicros() / 1000.0, r.startSuspendMicros() / 1000.0,
        r.classStops(), r.longestClassStopMicros() / 1000.0, r.detachProven());
  }
}
