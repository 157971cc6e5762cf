package dev.jdtrace.trace.stream;

import java.lang.management.ManagementFactory;

/** Bytes the current thread allocates while running some code (HotSpot's per-thread counter). */
final class Allocation {
  private Allocation() {
  }

  static long during(final Runnable code) {
    final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    final long id = Thread.currentThread().getId();
    final long before = threads.getThreadAllocatedBytes(id);
    code.run();
    return threads.getThreadAllocatedBytes(id) - before;
  }
}
