package dev.jdtrace.tracer;

import java.util.function.Consumer;

/**
 * A notice consumer that also follows the sessions as they end, so that it can draw a progress bar; the
 * pipeline reports to any {@code Consumer<String>} and uses {@link #step} when it is one of these.
 */
public interface SessionProgress extends Consumer<String> {
  /**
   * {@code done} of {@code total} sessions have ended; {@code line} says how the last one went.
   */
  default void step(final int done, final int total, final String line) {
    accept(line);
  }
}
