package dev.jdtrace.collect;

/**
 * Limits that keep an attached session from hurting the target. When one is exceeded the session
 * removes its requests at once, detaches, and is reported as truncated.
 *
 * @param maxHits the most witness hits the session records
 * @param maxRate the most hits within any one-second window (counted from the attach, window by window)
 * @param maxSeconds the longest the session stays attached, settling included
 * @param settleMillis how long the traced threads must raise no hit, after the trigger or window ends,
 *     before jdtrace checks that none is inside traced code and detaches
 * @param maxBreakpoints the most breakpoints set in the target at any moment (attach {@code --cap}): the
 *     witnesses of the session's profile and one of its own per thread at rest in traced code at the cut; a
 *     session whose cut would pass it sets no thread's own breakpoint and says how many it needed
 */
public record Guardrails(long maxHits, long maxRate, double maxSeconds, long settleMillis, int maxBreakpoints) {

  /** Limits without a breakpoint budget. */
  public Guardrails(final long maxHits, final long maxRate, final double maxSeconds, final long settleMillis) {
    this(maxHits, maxRate, maxSeconds, settleMillis, Integer.MAX_VALUE);
  }

  /** The same limits, with at most this many breakpoints set at any moment. */
  public Guardrails withMaxBreakpoints(final int most) {
    return new Guardrails(maxHits, maxRate, maxSeconds, settleMillis, most);
  }

  public Guardrails {
    if (maxHits < 1 || maxRate < 1 || !(maxSeconds > 0) || settleMillis < 0 || maxBreakpoints < 1) {
      throw new IllegalArgumentException("guardrails need a positive hit limit, rate limit and time limit and a "
          + "settle time that is not negative, not " + maxHits + ", " + maxRate + ", " + maxSeconds + " s and "
          + settleMillis + " ms");
    }
  }
}
