package dev.jdtrace.driver;

/**
 * Limits that keep an attached session from hurting the target. When one is exceeded the session
 * removes its requests at once, detaches, and is reported as truncated.
 *
 * @param maxHits the most witness hits the session records
 * @param maxRate the most hits within any one-second window (counted from the attach, window by window)
 * @param maxSeconds the longest the session stays attached, settling included
 * @param settleMillis how long the traced threads must raise no hit, after the trigger or window ends,
 *     before jdtrace checks that none is inside traced code and detaches
 */
public record Guardrails(long maxHits, long maxRate, double maxSeconds, long settleMillis) {

  public Guardrails {
    if (maxHits < 1 || maxRate < 1 || !(maxSeconds > 0) || settleMillis < 0) {
      throw new IllegalArgumentException("guardrails need a positive hit limit, rate limit and time limit and a "
          + "settle time that is not negative, not " + maxHits + ", " + maxRate + ", " + maxSeconds + " s and "
          + settleMillis + " ms");
    }
  }
}
