package dev.jdtrace.collect.internal;

/**
 * How long the threads that prepared a traced class were held while its breakpoints were set: from taking the
 * class-prepare event off the queue to resuming its thread (the agent's own time to send the event comes before).
 * Only that thread is held (DESIGN §3), and any other thread that needs the class waits on its init lock meanwhile.
 * Written by the event thread only.
 */
final class ClassStops {
  private int count;
  private long longestNanos;
  private long totalNanos;

  void add(final long nanos) {
    count++;
    totalNanos += nanos;
    longestNanos = Math.max(longestNanos, nanos);
  }

  /** Classes prepared that held their thread. */
  int count() {
    return count;
  }

  long longestMicros() {
    return longestNanos / 1000;
  }

  long totalMicros() {
    return totalNanos / 1000;
  }
}
