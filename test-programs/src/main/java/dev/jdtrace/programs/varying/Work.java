package dev.jdtrace.programs.varying;

/**
 * The work on one item, the same in every program of this package: a marker call that names the item, then
 * {@code n} ticks. A trace where the ticks after a marker are not its number mixes two executions.
 */
public final class Work {
  private static int ticks;

  private Work() {
  }

  /** Marks item {@code n}, then ticks {@code n} times; returns {@code n}. */
  public static int work(final int n) {
    switch (n) {
      case 3 -> three();
      case 5 -> five();
      case 7 -> seven();
      default -> throw new IllegalArgumentException("no marker for item " + n);
    }
    for (int i = 0; i < n; i++) {
      tick();
    }
    return n;
  }

  static void three() {
    // A marker: its entry in a thread's path names the item.
  }

  static void five() {
    // A marker: its entry in a thread's path names the item.
  }

  static void seven() {
    // A marker: its entry in a thread's path names the item.
  }

  static synchronized void tick() {
    ticks++;
  }
}
