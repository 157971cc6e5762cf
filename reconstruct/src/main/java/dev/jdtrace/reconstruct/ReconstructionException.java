package dev.jdtrace.reconstruct;

/** The streams cannot be turned into a trace: the runs diverged or the plan was ambiguous. */
public class ReconstructionException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ReconstructionException(final String message) {
    super(message);
  }
}
