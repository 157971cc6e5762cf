package dev.jdtrace.plan.optimal;

/**
 * The reconstruction walk could not rebuild a path from its stream(s). Subclasses say why: the runs
 * {@link DivergenceException diverged}, or the profile was {@link AmbiguityException not realizable}.
 */
public class DecodingException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final int node;
  private final int streamIndex;

  /**
   * Creates the exception.
   *
   * @param message what went wrong
   * @param node the node where the walk stopped, -1 before the entry
   * @param streamIndex how many stream elements had been consumed (of the first stream for several streams)
   */
  public DecodingException(final String message, final int node, final int streamIndex) {
    super(message);
    this.node = node;
    this.streamIndex = streamIndex;
  }

  /** The node where the walk stopped, -1 before the entry. */
  public int node() {
    return node;
  }

  /** How many stream elements had been consumed. */
  public int streamIndex() {
    return streamIndex;
  }
}
