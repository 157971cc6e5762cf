package dev.jdtrace.bench.stepping;

/** A fixture whose lines the stepper must visit in a known order; the test reads the line numbers below. */
public final class Countdown {
  private Countdown() {
  }

  public static void main(final String[] args) {
    int n = 2; // FIRST
    while (n > 0) { // LOOP
      n--; // BODY
    }
    System.out.println(n); // PRINT
  } // END
}
