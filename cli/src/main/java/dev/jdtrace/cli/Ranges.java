package dev.jdtrace.cli;

/**
 * Range checks of numeric options: a value out of range is refused with one line (exit 125) rather than
 * bent into one that works, so that what runs is what was asked for.
 */
final class Ranges {
  private Ranges() {
  }

  /** Refuses {@code value} below {@code min}. */
  static long atLeast(final String option, final long value, final long min) {
    if (value < min) {
      throw new IllegalArgumentException(option + " " + value + " is out of range: give " + min + " or more");
    }
    return value;
  }

  /** Refuses {@code value} that is not a finite number above zero. */
  static double positive(final String option, final double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(option + " " + java.math.BigDecimal.valueOf(value).stripTrailingZeros()
          .toPlainString() + " is out of range: give a number above 0");
    }
    return value;
  }
}
