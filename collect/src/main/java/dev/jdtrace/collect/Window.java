package dev.jdtrace.collect;

/**
 * What an attached session waits for before it settles and detaches: a trigger command that replays the
 * same input each time, or a fixed observation window.
 *
 * @param trigger a shell command line run with {@code sh -c}, or {@code null}
 * @param durationMillis the window when there is no trigger
 */
public record Window(String trigger, long durationMillis) {

  /** A window that runs a trigger command. */
  public static Window trigger(final String command) {
    return new Window(command, 0);
  }

  /** A window that lasts a fixed time. */
  public static Window duration(final long millis) {
    return new Window(null, millis);
  }
}
