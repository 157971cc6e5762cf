package dev.jdtrace.driver;

import java.util.List;

/**
 * What one session measured.
 *
 * @param session index of the session in the plan
 * @param exitCode the target's exit code
 * @param stdoutSha256 hex digest of the target's standard output, to compare sessions
 * @param threads threads that hit at least one witness
 * @param breakpoints breakpoints set
 * @param hits witness hits recorded
 * @param wallMillis wall time from launch to exit
 * @param refusedClasses one message per class whose bytecode did not match the plan
 */
public record SessionResult(
    int session,
    int exitCode,
    String stdoutSha256,
    int threads,
    int breakpoints,
    long hits,
    long wallMillis,
    List<String> refusedClasses) {

  public SessionResult {
    refusedClasses = List.copyOf(refusedClasses);
  }
}
