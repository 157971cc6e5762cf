package dev.jdtrace.tracer;

import dev.jdtrace.reconstruct.ReconstructionException;

/**
 * Sessions kept loading classes their plan did not know, plan after plan: the program's class loading does not
 * settle, so the blocks of those classes would run unseen.
 */
public final class UnsettledLoadingException extends ReconstructionException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param which the classes the last session loaded, described for people
   * @param plans the plans made so far
   */
  public UnsettledLoadingException(final String which, final int plans) {
    super("the runs diverged: a session loaded " + which + " after " + plans + " plans");
  }
}
