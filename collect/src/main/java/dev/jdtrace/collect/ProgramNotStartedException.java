package dev.jdtrace.collect;

/**
 * The program never ran under the debugger: its command could not be started (no such java, a JVM option
 * it refuses, a main class it cannot find), it never opened its debug port, or a running JVM could not be
 * reached. Told apart from a program that ran and could not be traced, as {@code env} tells a command not
 * found (127) from one that failed.
 */
public final class ProgramNotStartedException extends TargetException {
  private static final long serialVersionUID = 1L;

  public ProgramNotStartedException(final String message) {
    super(message);
  }

  public ProgramNotStartedException(final String message, final Throwable cause) {
    super(message, cause);
  }
}
