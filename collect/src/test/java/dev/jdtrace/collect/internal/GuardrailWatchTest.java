package dev.jdtrace.collect.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.collect.GuardrailBreach;
import dev.jdtrace.collect.Guardrails;
import org.junit.jupiter.api.Test;

/** An attached session's guardrails, checked against counts and times given (no clock is read). */
class GuardrailWatchTest {
  private static final long MS = 1_000_000L;
  private static final long T0 = 5_000 * MS; // any origin: only differences count
  private final Guardrails limits = new Guardrails(1_000, 100, 2.0, 0);
  private final GuardrailWatch watch = new GuardrailWatch(limits, T0);

  @Test
  void withinEveryLimitNothingIsBreached() {
    assertThat(watch.check(60, T0 + 999 * MS)).isNull();
    assertThat(watch.check(100, T0 + 1_000 * MS)).as("exactly the rate").isNull();
    assertThat(watch.check(200, T0 + 1_999 * MS)).isNull();
    assertThat(watch.check(200, T0 + 2_000 * MS)).as("exactly the time limit").isNull();
  }

  @Test
  void moreHitsThanTheLimitBreachTheHitLimit() {
    assertThat(limitOf(watch.check(1_001, T0))).isEqualTo(GuardrailBreach.Limit.HITS);
  }

  @Test
  void moreHitsWithinOneSecondThanTheRateBreachTheRate() {
    assertThat(watch.check(60, T0 + 500 * MS)).isNull();

    final GuardrailBreach breach = watch.check(101, T0 + 900 * MS);

    assertThat(limitOf(breach)).isEqualTo(GuardrailBreach.Limit.RATE);
    assertThat(breach.guardrails()).isEqualTo(limits);
  }

  @Test
  void theRateIsCountedWindowByWindowFromTheAttach() {
    assertThat(watch.check(90, T0 + 999 * MS)).isNull();
    assertThat(watch.check(95, T0 + 1_000 * MS)).as("a new window begins at 95 hits").isNull();

    assertThat(watch.check(195, T0 + 1_500 * MS)).as("100 hits within the second window").isNull();
    assertThat(limitOf(watch.check(196, T0 + 1_600 * MS))).isEqualTo(GuardrailBreach.Limit.RATE);
  }

  @Test
  void theHitLimitIsToldBeforeTheRate() {
    assertThat(limitOf(watch.check(1_001, T0 + 10 * MS))).isEqualTo(GuardrailBreach.Limit.HITS);
  }

  @Test
  void attachedLongerThanTheTimeLimitBreachesIt() {
    assertThat(limitOf(watch.check(0, T0 + 2_001 * MS))).isEqualTo(GuardrailBreach.Limit.SECONDS);
  }

  private static GuardrailBreach.Limit limitOf(final GuardrailBreach breach) {
    assertThat(breach).isNotNull();
    return breach.limit();
  }
}
