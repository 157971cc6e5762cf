package dev.jdtrace.collect.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where the time of one VM pause goes, phase by phase, and what it handled (threads, frames): printed to the
 * standard error with {@code -Djdtrace.pauses=true}, to find what is done while the VM is stopped and need not
 * be. Costs two {@code nanoTime} calls per phase otherwise.
 */
final class PauseClock {
  static final boolean PRINT = Boolean.getBoolean("jdtrace.pauses");
  private final String what;
  private final long start = System.nanoTime();
  private long last = start;
  private final Map<String, Long> phases = new LinkedHashMap<>();
  private final Map<String, Long> counts = new LinkedHashMap<>();
  /** This JVM's own collections and compilations meanwhile: they compete for the cores the pause needs. */
  private final long gcMillis = PRINT ? gcMillis() : 0;
  private final long jitMillis = PRINT ? jitMillis() : 0;

  PauseClock(final String what) {
    this.what = what;
  }

  private static long gcMillis() {
    return java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
        .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionTime).sum();
  }

  private static long jitMillis() {
    final var jit = java.lang.management.ManagementFactory.getCompilationMXBean();
    return jit == null || !jit.isCompilationTimeMonitoringSupported() ? 0 : jit.getTotalCompilationTime();
  }

  /** Ends the phase that began at the previous mark (or at the clock's start). */
  void mark(final String phase) {
    final long now = System.nanoTime();
    phases.merge(phase, now - last, Long::sum);
    last = now;
  }

  void count(final String name, final long n) {
    counts.merge(name, n, Long::sum);
  }

  /** The whole pause so far, in nanoseconds. */
  long elapsed() {
    return System.nanoTime() - start;
  }

  /** Prints the breakdown when asked for. */
  void print() {
    if (!PRINT) {
      return;
    }
    final StringBuilder line = new StringBuilder("jdtrace: pause ").append(what).append(' ')
        .append(String.format("%.1f ms:", elapsed() / 1e6));
    phases.forEach((k, v) -> line.append(' ').append(k).append(String.format(" %.1f", v / 1e6)));
    counts.forEach((k, v) -> line.append(", ").append(k).append(' ').append(v));
    line.append(", own gc ms ").append(gcMillis() - gcMillis).append(", own jit ms ").append(jitMillis() - jitMillis);
    System.err.println(line);
  }
}
