package dev.jdtrace.reconstruct;

import dev.jdtrace.collect.Endpoint;

/**
 * Two threads of an attached session ran traced code at the same time, so the order in which they began it
 * cannot match them across sessions.
 */
public final class ThreadsOverlapException extends ReconstructionException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param first the thread that began traced code first
   * @param second the thread that began it while the first still ran it
   * @param session the session that recorded both
   * @param target the JVM the session attached to
   */
  public ThreadsOverlapException(final String first, final String second, final int session, final Endpoint target) {
    super("threads " + first + " and " + second + " ran traced code at the same time in session " + session + " on "
        + target + ": attach matches threads across sessions by the order in which they began traced code, which "
        + "needs them to run one after another");
  }
}
