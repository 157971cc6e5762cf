package dev.jdtrace.collect;

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
 * @param unplannedClasses traced classes the session prepared that the plan left out ({@link
 *     SessionSpec#unplanned()}), sorted: the trace would miss their blocks, so the run plans again
 * @param untracedUnknown untraced, non-JDK classes the session loaded that the plan did not assume ({@link
 *     SessionSpec#untraced()}), sorted: what they can enter is unknown to the plan, so the run plans again
 * @param reflectedUnknown traced methods reflection entered that the plan did not assume ({@link
 *     SessionSpec#reflected()}), sorted: the plan gave those entries no witnesses, so the run plans again
 * @param reflectionOverflowed whether the session called reflection more than {@value #MOST_REFLECTIVE_CALLS} times,
 *     too often to watch: what it entered is not all known, so the run plans again as an open world
 */
public record SessionResult(
    int session,
    int exitCode,
    String stdoutSha256,
    int threads,
    int breakpoints,
    long hits,
    long wallMillis,
    List<String> refusedClasses,
    List<String> unplannedClasses,
    List<String> untracedUnknown,
    List<String> reflectedUnknown,
    boolean reflectionOverflowed) {

  /** The most reflective calls a run watches (DESIGN §2, reflection watched). */
  public static final int MOST_REFLECTIVE_CALLS = 2_000;

  public SessionResult {
    refusedClasses = List.copyOf(refusedClasses);
    unplannedClasses = List.copyOf(unplannedClasses);
    untracedUnknown = List.copyOf(untracedUnknown);
    reflectedUnknown = List.copyOf(reflectedUnknown);
  }

  /** A session that loaded no class its plan did not know. */
  public SessionResult(final int session, final int exitCode, final String stdoutSha256, final int threads,
      final int breakpoints, final long hits, final long wallMillis, final List<String> refusedClasses) {
    this(session, exitCode, stdoutSha256, threads, breakpoints, hits, wallMillis, refusedClasses, List.of(),
        List.of(), List.of(), false);
  }

  /** Whether the session loaded a class, traced or untraced, that its plan did not know: it plans again. */
  public boolean loadedUnknownClasses() {
    return !unplannedClasses.isEmpty() || !untracedUnknown.isEmpty();
  }
}
