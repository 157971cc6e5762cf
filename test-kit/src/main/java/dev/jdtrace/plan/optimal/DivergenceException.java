package dev.jdtrace.plan.optimal;

/**
 * No successor of a node is consistent with the stream: the stream is not the projection of any path, so the
 * runs that produced the streams diverged (or a stream is corrupt). DESIGN §2: report, never guess.
 */
public final class DivergenceException extends DecodingException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong
   * @param node the node where the walk stopped, -1 before the entry
   * @param streamIndex how many stream elements had been consumed
   */
  public DivergenceException(final String message, final int node, final int streamIndex) {
    super(message, node, streamIndex);
  }
}
