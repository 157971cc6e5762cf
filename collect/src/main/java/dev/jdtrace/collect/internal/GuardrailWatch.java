package dev.jdtrace.collect.internal;

import dev.jdtrace.collect.GuardrailBreach;
import dev.jdtrace.collect.Guardrails;

/**
 * Whether an attached session went past a guardrail: its hits, the hits within each one-second window counted from
 * the attach, or its time attached. The caller reads the clock, so that the decision can be tested without one.
 */
final class GuardrailWatch {
  private static final long SECOND_NANOS = 1_000_000_000L;
  private final Guardrails limits;
  private final long start;
  private long windowStart;
  private long windowHits;

  GuardrailWatch(final Guardrails limits, final long startNanos) {
    this.limits = limits;
    this.start = startNanos;
    this.windowStart = startNanos;
  }

  /**
   * The limit these hits went past at this time ({@link System#nanoTime}), or {@code null}; the first check at or
   * after a window's end starts the next window.
   */
  GuardrailBreach check(final long hits, final long nowNanos) {
    if (hits > limits.maxHits()) {
      return new GuardrailBreach(GuardrailBreach.Limit.HITS, limits);
    }
    if (hits - windowHits > limits.maxRate()) {
      return new GuardrailBreach(GuardrailBreach.Limit.RATE, limits);
    }
    if (nowNanos - windowStart >= SECOND_NANOS) {
      windowStart = nowNanos;
      windowHits = hits;
    }
    if (nowNanos - start > limits.maxSeconds() * 1e9) {
      return new GuardrailBreach(GuardrailBreach.Limit.SECONDS, limits);
    }
    return null;
  }
}
