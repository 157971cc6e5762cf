package dev.jdtrace.driver.calibrate;

/**
 * The program the calibration traces: {@code hot} runs a given number of times and is the one place hits
 * happen; {@code cold} never runs and only carries breakpoints. It prints how long the loop took, so that
 * JVM start-up and attaching stay out of the per-hit figure.
 */
public final class CalibrationTarget {
  private static int sink;

  private CalibrationTarget() {
  }

  public static void main(final String[] args) {
    final int n = Integer.parseInt(args[0]);
    final long start = System.nanoTime();
    for (int i = 0; i < n; i++) {
      hot(i);
    }
    System.out.println("loop-nanos " + (System.nanoTime() - start));
    if (sink == 42 && n < 0) {
      cold();
    }
  }

  static void hot(final int i) {
    sink += i;
  }

  static void cold() {
    sink = 0;
  }
}
