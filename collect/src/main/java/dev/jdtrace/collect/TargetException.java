package dev.jdtrace.collect;

/** The target program could not be started or traced; the message is one line for the user. */
public class TargetException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TargetException(final String message) {
    super(message);
  }

  public TargetException(final String message, final Throwable cause) {
    super(message, cause);
  }
}
