package dev.jdtrace.distribute;

/**
 * The cap on breakpoints per session is below what one job needs in one session. It carries the numbers and
 * names the job, so that the caller can word the fix in its own terms (an option, a setting).
 */
public final class CapTooSmallException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final int cap;
  private final int minimum;
  private final String job;

  /**
   * Creates the exception.
   *
   * @param cap the cap asked for
   * @param minimum the smallest cap under which every job fits
   * @param job the largest job, described for people: the decision, where it is and why it needs its witnesses
   */
  public CapTooSmallException(final int cap, final int minimum, final String job) {
    super("a cap of " + cap + " breakpoints per session is too small: " + job + "; the least that fits is " + minimum);
    this.cap = cap;
    this.minimum = minimum;
    this.job = job;
  }

  /** The cap asked for. */
  public int cap() {
    return cap;
  }

  /** The smallest cap under which every job fits. */
  public int minimum() {
    return minimum;
  }

  /** The largest job, described for people. */
  public String job() {
    return job;
  }
}
