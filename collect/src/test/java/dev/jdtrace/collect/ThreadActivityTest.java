package dev.jdtrace.collect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThreadActivityTest {
  @Test
  void threadsOneAfterAnotherDoNotOverlap() {
    assertThat(new ThreadActivity("a", 0, 4).overlaps(new ThreadActivity("b", 5, 9))).isFalse();
    assertThat(new ThreadActivity("b", 5, 9).overlaps(new ThreadActivity("a", 0, 4))).isFalse();
  }

  @Test
  void interleavedThreadsOverlap() {
    assertThat(new ThreadActivity("a", 0, 5).overlaps(new ThreadActivity("b", 5, 9))).isTrue();
    assertThat(new ThreadActivity("a", 0, 9).overlaps(new ThreadActivity("b", 3, 4))).isTrue();
  }
}
