package dev.jdtrace.tracer;

/**
 * What one run's attempts (plans again, learning, tracing again in one session) hand on: the run whose output
 * the user saw, once one has been shown (every later run stays quiet), and why the trace came from one
 * session.
 */
final class RunSoFar {
  ShownRun run;
  /**
   * Whether the run plans again because sessions loaded other classes than the shown run: the traced
   * run then differs from the shown one by what made it plan again, so its sessions are checked against
   * each other, not against the shown run.
   */
  boolean stale;
  /** Why the run was traced in one session although it could have been split, or {@code null}. */
  String oneSession;
  /** Whether sessions ran whose streams were then not merged, because they disagreed. */
  boolean retraced;
  /**
   * The length of the input that keyed the cached entries from untraced code the plan uses, or -1 when it
   * uses none: more input recorded once the sessions have ended means they may have read what those
   * entries were not learned from.
   */
  int entriesInput = -1;

  RunSoFar(final ShownRun run) {
    this.run = run;
  }
}
