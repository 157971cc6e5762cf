package dev.jdtrace.tracer;

import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.icfg.ProfileKind;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code jdtrace run} was asked to do.
 *
 * @param includes include patterns; empty means the default (the main class's classpath entry)
 * @param excludes exclude patterns
 * @param profile the profile kind
 * @param trace where the trace file goes
 * @param weights a previous trace whose block counts weigh the plan, or {@code null} for the static estimate
 * @param stdin what every session reads on standard input
 * @param javaCommand the java command, exactly as given
 * @param sessions sessions wanted (more are opened when the cap requires), or 0 to choose by the cost model
 * @param cap the most breakpoints per session
 * @param strategy how decision units combine into jobs
 * @param parallel sessions run at once (the workers the cost model plans for)
 * @param allClasses plan every traced class of the classpath, instead of only those a first run of the
 *     program loads
 * @param sameRun what the run may assume about its sessions' runs, and what it does when they disagree
 * @param within a {@code --within} pattern: record only the calls of the traced methods it matches
 *     ({@link dev.jdtrace.collect.Within}), or {@code null} for the whole run
 */
public record RunRequest(List<String> includes, List<String> excludes, ProfileKind profile, Path trace, Path weights,
    dev.jdtrace.collect.StandardInput stdin,
    List<String> javaCommand, int sessions, int cap, Strategy strategy, int parallel, boolean allClasses,
    SameRunPolicy sameRun, String within) {

  public RunRequest {
    includes = List.copyOf(includes);
    excludes = List.copyOf(excludes);
    javaCommand = List.copyOf(javaCommand);
  }

  /** The same request, planning every traced class or only those a first run loads. */
  public RunRequest withAllClasses(final boolean all) {
    return new RunRequest(includes, excludes, profile, trace, weights, stdin, javaCommand, sessions, cap, strategy,
        parallel, all, sameRun, within);
  }

  /** The same request under another same-run policy. */
  public RunRequest withSameRun(final SameRunPolicy policy) {
    return new RunRequest(includes, excludes, profile, trace, weights, stdin, javaCommand, sessions, cap, strategy,
        parallel, allClasses, policy, within);
  }

  /** The same request under another cap on breakpoints per session. */
  public RunRequest withCap(final int perSession) {
    return new RunRequest(includes, excludes, profile, trace, weights, stdin, javaCommand, sessions, perSession,
        strategy, parallel, allClasses, sameRun, within);
  }

  /** The same request asking for this many sessions (0: the cost model chooses). */
  public RunRequest withSessions(final int wanted) {
    return new RunRequest(includes, excludes, profile, trace, weights, stdin, javaCommand, wanted, cap, strategy,
        parallel, allClasses, sameRun, within);
  }

  /** The same request recording only the calls a {@code --within} pattern matches ({@code null}: the whole run). */
  public RunRequest withWithin(final String pattern) {
    return new RunRequest(includes, excludes, profile, trace, weights, stdin, javaCommand, sessions, cap, strategy,
        parallel, allClasses, sameRun, pattern);
  }

  /** A request that plans only the classes a first run loads. */
  public RunRequest(final List<String> includes, final List<String> excludes, final ProfileKind profile,
      final Path trace, final Path weights, final dev.jdtrace.collect.StandardInput stdin, final List<String> javaCommand,
      final int sessions, final int cap, final Strategy strategy, final int parallel) {
    this(includes, excludes, profile, trace, weights, stdin, javaCommand, sessions, cap, strategy, parallel,
        false, SameRunPolicy.CHECKED, null);
  }
}
