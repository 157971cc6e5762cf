package dev.jdtrace.tracer;

import dev.jdtrace.collect.SessionResult;

/**
 * The one run of a trace whose output the user saw and whose input the user typed: the first run, or
 * session 0 when the first run was skipped. Every other run stays quiet and must print the same output
 * and exit the same way, or the runs diverged.
 *
 * @param name how messages call it ("the first run", "session 0")
 * @param exitCode its exit code
 * @param stdoutSha256 hex digest of its standard output
 */
record ShownRun(String name, int exitCode, String stdoutSha256) {
  /** A session's run, when it was the one shown. */
  static ShownRun of(final SessionResult session) {
    return new ShownRun("session " + session.session(), session.exitCode(), session.stdoutSha256());
  }
}
