package dev.jdtrace.plan;

/** A class pattern with a {@code *} other than at its end, which JDI's class filters would read otherwise. */
public final class InvalidClassPatternException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InvalidClassPatternException(final String pattern) {
    super("class pattern " + pattern + ": * may only end a pattern, as in com.example.*");
  }
}
