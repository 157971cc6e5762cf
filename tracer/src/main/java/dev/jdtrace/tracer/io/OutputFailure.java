package dev.jdtrace.tracer.io;

import java.io.IOException;
import java.nio.file.FileSystemException;

/**
 * An output could not be written: the disk is full, the pipe was closed, the file system failed. It is
 * unchecked on purpose: exports write through {@link java.io.PrintWriter}, which swallows every
 * {@link IOException}, and a failed write must end the command at once instead.
 */
public final class OutputFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  OutputFailure(final String target, final IOException cause) {
    super("cannot write " + target + ": " + reason(cause), cause);
  }

  /** The system's words for the failure, without the paths a {@link FileSystemException} repeats. */
  static String reason(final IOException e) {
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }
}
