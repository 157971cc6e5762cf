package dev.jdtrace.driver.calibrate;

/**
 * The program the calibration traces: {@code hot} runs a given number of times and is the one place hits
 * happen; {@code cold} never runs and only carries breakpoints; {@code work} runs a loop of
 * {@link #WORK_ITERATIONS} iterations {@link #WORK_CALLS} times, and a breakpoint at its entry keeps it
 * interpreted. It prints how long the hot loop and the work took, so that JVM start-up and attaching stay out
 * of the per-hit and per-entry figures.
 */
public final class CalibrationTarget {
  /** Calls of {@code work}: each a hit when its entry holds a breakpoint. */
  static final int WORK_CALLS = 100;
  /** Iterations of {@code work}'s loop: two block entries each (its body and its condition). */
  static final int WORK_ITERATIONS = 20_000;
  private static int sink;

  private CalibrationTarget() {
  }

  public static void main(final String[] args) {
    final int n = Integer.parseInt(args[0]);
    final long start = System.nanoTime();
    for (int i = 0; i < n; i++) {
      hot(i);
    }
    final long loop = System.nanoTime() - start;
    final long workStart = System.nanoTime();
    for (int i = 0; i < WORK_CALLS; i++) {
      work(WORK_ITERATIONS);
    }
    System.out.println("loop-nanos " + loop + " work-nanos " + (System.nanoTime() - workStart));
    if (sink == 42 && n < 0) {
      cold();
    }
  }

  static void hot(final int i) {
    sink += i;
  }

  static void work(final int iterations) {
    int s = sink;
    for (int i = 0; i < iterations; i++) {
      s += i ^ (s >>> 3);
    }
    sink = s;
  }

  static void cold() {
    sink = 0;
  }
}
