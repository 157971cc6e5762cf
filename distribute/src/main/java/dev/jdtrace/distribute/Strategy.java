package dev.jdtrace.distribute;

/** How decision units are combined into jobs and packed into sessions. */
public enum Strategy {
  /** Every decision unit is its own job, packed for even breakpoints. */
  FINE,
  /** Units within traced code that share a method form one job, so each method's witnesses stay together. */
  FUNCTION,
  /**
   * Every unit is its own job, packed for the least predicted cost, {@code Σ hits × (c0 + c1 × breakpoints)}:
   * hot units go to sessions with few breakpoints, the many cold ones together.
   */
  OPTIMIZED;

  /** The name used on the command line: the constant's name in lower case. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The strategy with this label.
   *
   * @throws IllegalArgumentException naming the labels there are, when none has this one
   */
  public static Strategy of(final String label) {
    for (final Strategy s : values()) {
      if (s.label().equals(label)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown strategy '" + label + "': use fine, function or optimized");
  }
}
