package dev.jdtrace.distributor;

/** How decision groups are combined into jobs before they are packed into sessions. */
public enum Strategy {
  /** Every decision group is its own job: the finest split, the most even sessions. */
  FINE,
  /** Groups that share a method form one job, so each method's witnesses stay in one session. */
  FUNCTION,
  /**
   * Like {@link #FUNCTION}, but jobs are packed by expected hits instead of breakpoints, so that hot
   * witnesses spread over sessions and each session's per-hit cost stays low.
   */
  OPTIMIZED;

  /** The kind with this command-line name. */
  public static Strategy of(final String name) {
    return valueOf(name.toUpperCase(java.util.Locale.ROOT));
  }
}
