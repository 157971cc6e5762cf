package dev.jdtrace.collect.calibrate;

/**
 * The program the calibration traces: {@code hot} runs a given number of times and is the one place hits
 * happen; {@code cold} never runs and only carries breakpoints; {@code work} runs a loop of
 * {@link #WORK_ITERATIONS} iterations {@link #WORK_CALLS} times, and a breakpoint at its entry keeps it
 * interpreted; {@code stop} runs {@link #STOPS} times, and a suspending breakpoint at its entry stops the thread
 * each time until the debugger resumes it. It prints how long the hot loop, the work and the stops took, so that
 * JVM start-up and attaching stay out of the per-hit, per-entry and per-stop figures.
 */
public final class CalibrationTarget {
  /** Calls of {@code work}: each a hit when its entry holds a breakpoint. */
  static final int WORK_CALLS = 100;
  /** Iterations of {@code work}'s loop: two block entries each (its body and its condition). */
  static final int WORK_ITERATIONS = 20_000;
  /** Calls of {@code stop}: each a stop of the thread when its entry holds a suspending breakpoint. */
  static final int STOPS = 100;
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
    final long work = System.nanoTime() - workStart;
    final long stopStart = System.nanoTime();
    for (int i = 0; i < STOPS; i++) {
      stop(i);
    }
    System.out.println("loop-nanos " + loop + " work-nanos " + work + " stop-nanos " + (System.nanoTime() - stopStart));
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

  static void stop(final int i) {
    sink ^= i;
  }

  static void cold() {
    sink = 0;
  }
}
