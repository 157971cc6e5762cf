package dev.jdtrace.tracer;

import java.nio.file.Path;

/** The trace given to weigh a plan cannot serve: it cannot be read, or it is a trace of another program. */
public final class WeightsException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;
  private final String problem;

  /**
   * Creates the exception.
   *
   * @param file the trace given
   * @param problem what is wrong with it
   * @param cause the failure underneath, or {@code null}
   */
  public WeightsException(final Path file, final String problem, final Throwable cause) {
    super("weights trace " + file + ": " + problem, cause);
    this.file = file;
    this.problem = problem;
  }

  /** The trace given. */
  public Path file() {
    return file;
  }

  /** What is wrong with it. */
  public String problem() {
    return problem;
  }
}
