package dev.jdtrace.collect;

/**
 * When a recorded thread ran traced code in its session, as positions in the session's event order.
 *
 * @param name the thread's name at its first event
 * @param first position of its first event among all the session's recorded events
 * @param last position of its last event
 */
public record ThreadActivity(String name, long first, long last) {

  /** Whether the two threads ran traced code at the same time (their event spans interleave). */
  public boolean overlaps(final ThreadActivity other) {
    return first <= other.last && other.first <= last;
  }
}
