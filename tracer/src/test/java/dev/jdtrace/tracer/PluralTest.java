package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PluralTest {
  @Test
  void oneIsSingularAndEveryOtherCountPlural() {
    assertThat(Plural.of(1, "hit")).isEqualTo("1 hit");
    assertThat(Plural.of(0, "hit")).isEqualTo("0 hits");
    assertThat(Plural.of(2, "traced class")).isEqualTo("2 traced classes");
    assertThat(Plural.of(1, "traced class")).isEqualTo("1 traced class");
    assertThat(Plural.of(3, "block entry")).isEqualTo("3 block entries");
    assertThat(Plural.of(2, "day")).isEqualTo("2 days");
    assertThat(Plural.of(4, "session")).isEqualTo("4 sessions");
  }
}
