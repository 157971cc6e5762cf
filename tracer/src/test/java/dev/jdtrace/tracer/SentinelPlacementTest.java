package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sentinels go to the coldest sessions, within the cap, and each is in exactly one session. */
class SentinelPlacementTest {
  /** Blocks 0-3 are witnesses (block 0 hot, block 2 cold); blocks 10-14 are sentinels, never expected to run. */
  private static final double[] HITS = {100, 50, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

  @Test
  void theColdestSessionTakesEverySentinelWithoutACap() {
    final List<BitSet> out = Sentinels.addTo(List.of(set(0, 1), set(2, 3)), set(10, 11, 12, 13, 14), HITS,
        Integer.MAX_VALUE);
    assertThat(out).containsExactly(set(0, 1), set(2, 3, 10, 11, 12, 13, 14));
  }

  @Test
  void aCapFillsTheColdestSessionsFirstAndOpensSessionsForTheRest() {
    final List<BitSet> out = Sentinels.addTo(List.of(set(0, 1), set(2, 3)), set(10, 11, 12, 13, 14), HITS, 3);
    assertThat(out).containsExactly(set(0, 1, 11), set(2, 3, 10), set(12, 13, 14));
    final BitSet everySentinel = new BitSet();
    out.forEach(s -> s.stream().filter(b -> b >= 10).forEach(b -> {
      assertThat(everySentinel.get(b)).as("sentinel %d in one session only", b).isFalse();
      everySentinel.set(b);
    }));
    assertThat(everySentinel).isEqualTo(set(10, 11, 12, 13, 14));
  }

  @Test
  void noSentinelsLeavesTheSessionsAsTheyAre() {
    final List<BitSet> sessions = List.of(set(0, 1));
    assertThat(Sentinels.addTo(sessions, new BitSet(), HITS, 2)).isSameAs(sessions);
  }

  private static BitSet set(final int... blocks) {
    final BitSet s = new BitSet();
    for (final int b : blocks) {
      s.set(b);
    }
    return s;
  }
}
