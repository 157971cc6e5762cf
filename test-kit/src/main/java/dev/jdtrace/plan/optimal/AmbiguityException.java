package dev.jdtrace.plan.optimal;

import java.util.List;

/**
 * Several successors of a node are consistent with the stream: the profile is not realizable, which is a
 * planner bug (DESIGN §2: fail loudly).
 */
public final class AmbiguityException extends DecodingException {

  private static final long serialVersionUID = 1L;

  private final List<Integer> candidates;

  /**
   * Creates the exception.
   *
   * @param message what went wrong
   * @param node the node with several consistent successors
   * @param streamIndex how many stream elements had been consumed
   * @param candidates the consistent successors ({@link FirstWitnesses#END} for stopping at the exit)
   */
  public AmbiguityException(final String message, final int node, final int streamIndex,
      final List<Integer> candidates) {
    super(message, node, streamIndex);
    this.candidates = List.copyOf(candidates);
  }

  /** The consistent successors. */
  public List<Integer> candidates() {
    return candidates;
  }
}
