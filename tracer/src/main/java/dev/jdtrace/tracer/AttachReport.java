package dev.jdtrace.tracer;

import dev.jdtrace.collect.AttachResult;
import dev.jdtrace.distribute.Plan;
import java.util.List;

/**
 * The figures of one {@code jdtrace attach}.
 *
 * @param plan the plan that ran
 * @param sessions per-session measurements, in session order
 * @param blockEntries block entries in the trace
 * @param threads threads in the trace
 * @param leftOut threads left out of a trace because a guardrail cut them (only with allowTruncated)
 * @param oneSession why one more session, alone, traced it after the sessions' windows differed, or {@code null}
 */
public record AttachReport(Plan plan, List<AttachResult> sessions, long blockEntries, int threads, int leftOut,
    String oneSession) {

  public AttachReport {
    sessions = List.copyOf(sessions);
  }
}
