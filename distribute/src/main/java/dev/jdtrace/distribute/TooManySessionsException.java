package dev.jdtrace.distribute;

/**
 * The cap on breakpoints per session would split the plan into more sessions than a run takes: every job fits,
 * but so many sessions are each a run of the program, and packing them grows with jobs × sessions. It carries the
 * numbers, so that the caller can word the fix in its own terms.
 */
public final class TooManySessionsException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final int cap;
  private final int witnesses;

  /**
   * Creates the exception.
   *
   * @param cap the cap asked for
   * @param witnesses the plan's witnesses being split
   */
  public TooManySessionsException(final int cap, final int witnesses) {
    super("a cap of " + cap + " breakpoints per session splits the plan's " + witnesses + " witnesses into more than "
        + Distributor.MOST_SESSIONS + " sessions");
    this.cap = cap;
    this.witnesses = witnesses;
  }

  /** The cap asked for. */
  public int cap() {
    return cap;
  }

  /** The plan's witnesses being split. */
  public int witnesses() {
    return witnesses;
  }
}
