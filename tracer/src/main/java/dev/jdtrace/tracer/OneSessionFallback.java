package dev.jdtrace.tracer;

import java.io.IOException;

/**
 * The fallback when a split's sessions could not be shown to be one run: trace again in one session, which is
 * exact whatever the program does (DESIGN §2, "Same run").
 */
final class OneSessionFallback {
  private OneSessionFallback() {
  }

  /**
   * The sessions' runs could not be shown to be one run: trace again in one session, which is exact whatever
   * the program does, or end in a divergence when the user asked for no fallback. A cap that one session
   * cannot meet leaves nothing exact to do.
   *
   * @param reason what differed, in a few plain words
   * @param detail where, when the decoding found it ({@code null} otherwise)
   * @param mayLearn whether a divergence may still be explained by learning entries from untraced code
   */
  static RunReport trace(final RunState state, final String reason, final String detail, final TracePlan planned,
      final RunRequest request, final boolean mayLearn) throws IOException {
    final String told = detail == null ? reason : reason + ": " + detail;
    final RunRequest one = SameRunEvidence.inOneSession(told, request, state.info());
    final TracePlan again = PlanStage.plan(planned.traced(), one, null, state.info());
    SameRunEvidence.checkOneSession(again.plan(), told, request);
    state.soFar().oneSession = reason;
    state.soFar().retraced = true;
    return SessionLoop.run(state, again, one, mayLearn);
  }
}
