package dev.jdtrace.distributor;

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

  /** The kind with this command-line name. */
  public static Strategy of(final String name) {
    return valueOf(name.toUpperCase(java.util.Locale.ROOT));
  }
}
