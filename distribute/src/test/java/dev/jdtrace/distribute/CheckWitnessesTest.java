package dev.jdtrace.distribute;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which witnesses check that sessions ran the same path, and where they go. */
class CheckWitnessesTest {
  private static BitSet of(final int... bits) {
    final BitSet s = new BitSet();
    for (final int b : bits) {
      s.set(b);
    }
    return s;
  }

  @Test
  void theColdestWitnessesThatRanAreChosenColdestFirst() {
    final double[] hits = {0.5, 0, 1.0, 3.0, 0.25, 1.5, 0.5};
    // Block 1 never ran (it would check nothing), 3 and 5 run more than once, 6 is no witness.
    assertThat(CheckWitnesses.of(of(0, 1, 2, 3, 4, 5), hits)).isEqualTo(of(0, 2, 4));
  }

  @Test
  void atMostThirtyTwoAreChosen() {
    final double[] hits = new double[100];
    java.util.Arrays.fill(hits, 1.0);
    final BitSet all = new BitSet();
    all.set(0, 100);
    final BitSet checks = CheckWitnesses.of(all, hits);
    assertThat(checks.cardinality()).isEqualTo(CheckWitnesses.MAX_CHECKS);
    // Equally cold: the lowest block ids, so that the same plan is chosen every time.
    assertThat(checks.nextSetBit(0)).isZero();
    assertThat(checks.previousSetBit(99)).isEqualTo(CheckWitnesses.MAX_CHECKS - 1);
  }

  @Test
  void everySessionOfASplitGetsThemWithinItsCap() {
    final List<BitSet> split = List.of(of(1, 2, 3), of(4));
    final List<BitSet> checked = CheckWitnesses.addTo(split, of(3, 7, 8), 4);
    // Session 0 holds 3 already and has room for one more; session 1 takes both.
    assertThat(checked).containsExactly(of(1, 2, 3, 7), of(4, 3, 7, 8));
    assertThat(split.get(0)).isEqualTo(of(1, 2, 3));
  }

  @Test
  void oneSessionGetsNone() {
    final List<BitSet> one = List.of(of(1, 2));
    assertThat(CheckWitnesses.addTo(one, of(5), 100)).isSameAs(one);
  }
}
