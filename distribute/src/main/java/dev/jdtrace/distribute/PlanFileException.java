package dev.jdtrace.distribute;

import java.nio.file.Path;

/** A plan file is missing, is not JSON, or is JSON that is not a usable plan. */
public final class PlanFileException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final transient Path file;

  /**
   * Creates the exception.
   *
   * @param file the file read
   * @param reason what is wrong with it, one line
   */
  public PlanFileException(final Path file, final String reason) {
    super("cannot read plan " + file + ": " + reason);
    this.file = file;
  }

  /** The file read. */
  public Path file() {
    return file;
  }
}
