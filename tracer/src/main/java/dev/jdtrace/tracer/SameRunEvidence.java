package dev.jdtrace.tracer;

import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.distribute.Plan;
import dev.jdtrace.reconstruct.ReconstructionException;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Whether the sessions of a split plan can be merged: their runs must be shown to have taken the same path
 * (DESIGN §2, "Same run"). What jdtrace can see of a run besides its own witnesses is its exit code, its
 * output and the threads that ran traced code; the check witnesses every session shares ({@link
 * dev.jdtrace.distribute.CheckWitnesses}) and the decoding walk, which must agree with every stream, see
 * the rest. A plan of one session merges nothing and needs none of it.
 */
final class SameRunEvidence {
  private SameRunEvidence() {
  }

  /**
   * A session that refused a class whose bytecode differs from the plan's lacks that class's witnesses:
   * no run of this plan can be traced, in any number of sessions.
   */
  static void checkBytecode(final List<SessionResult> results) {
    for (final SessionResult r : results) {
      if (!r.refusedClasses().isEmpty()) {
        throw new ReconstructionException("session " + r.session() + " " + r.refusedClasses().get(0));
      }
    }
  }

  /**
   * Why the sessions' runs cannot be shown to be the same run, in plain words, or empty when nothing says
   * they differ. {@code shown} is the run whose output the user saw, compared too when it is not one of the
   * sessions (another run that printed otherwise shows that the program's runs differ).
   *
   * @param threads per session, the threads that ran traced code the session saw start (for attach: entered
   *     it during the window; a thread at rest inside it at the attach is matched by where it rests)
   * @param deterministic whether the user says the program takes the same path in every run, threads included
   */
  static Optional<String> disagreement(final List<SessionResult> results, final ShownRun shown,
      final List<Integer> threads, final boolean deterministic) {
    final SessionResult first = results.get(0);
    for (final SessionResult r : results) {
      if (r.exitCode() != first.exitCode()) {
        return Optional.of(name(r) + " exited with code " + r.exitCode() + ", " + name(first) + " with "
            + first.exitCode());
      }
      if (!r.stdoutSha256().equals(first.stdoutSha256())) {
        return Optional.of(name(r) + " printed other output than " + name(first));
      }
    }
    if (shown != null && !shown.stdoutSha256().equals(first.stdoutSha256())) {
      return Optional.of("the sessions printed other output than " + shown.name());
    }
    if (shown != null && shown.exitCode() != first.exitCode()) {
      return Optional.of("the sessions exited with code " + first.exitCode() + ", " + shown.name() + " with "
          + shown.exitCode());
    }
    final int most = threads.stream().mapToInt(Integer::intValue).max().orElse(0);
    if (most > 1 && !deterministic) {
      return Optional.of(threadsReason(most));
    }
    return Optional.empty();
  }

  /**
   * The request in one session, after the sessions' runs differed: told in one line, or, when the user asked
   * for no fallback, a divergence.
   *
   * @param told what differed, and where when the decoding found it
   */
  static RunRequest inOneSession(final String told, final RunRequest request, final Consumer<String> info) {
    if (!request.sameRun().fallback()) {
      throw new ReconstructionException("the runs diverged: " + told + "; one session (--sessions 1) traces "
          + "such a program exactly");
    }
    info.accept("the sessions' runs differ (" + told + "): tracing again in one session, exact whatever the "
        + "program does (one more run)");
    return request.withSessions(1);
  }

  /** A plan for one session that still has several: the cap splits it, and nothing exact is left to do. */
  static void checkOneSession(final Plan plan, final String told, final RunRequest request) {
    if (plan.sessions().size() > 1) {
      throw new ReconstructionException("the runs diverged: " + told + ", and --cap " + request.cap() + " needs "
          + plan.sessions().size() + " sessions: raise --cap so that one session holds the plan, or pass "
          + "--deterministic if the program takes the same path in every run");
    }
  }

  /** Why several threads running traced code keep a run from being split over sessions. */
  static String threadsReason(final int threads) {
    return threads + " threads ran traced code, and which thread does what can differ from run to run";
  }

  /** A session as every message names it: from 0, as collect --session and JDTRACE_SESSION count. */
  private static String name(final SessionResult r) {
    return "session " + r.session();
  }
}
