package dev.jdtrace.plan.optimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * Seed Fig. 4: a graph with 4 diamonds and 6 cycles, and its all-blocks, condition-target and optimal profiles.
 * The paper's own graph and numbers were not available; {@link SeedFigures#fig4()} is a graph with the stated
 * shape counts, and the numbers below are ours (Ball-Larus weights), pinned as regression values.
 */
class SeedFig4Test {

  private final FlowGraph graph = SeedFigures.fig4();
  private final EdgeWeights weights = new BallLarusWeights(graph).getWeights();

  @Test
  void hasFourDiamondsAndSixCycles() {
    assertThat(ShapeCounts.diamonds(graph)).isEqualTo(4);
    assertThat(ShapeCounts.simpleCycles(graph)).isEqualTo(6);
  }

  @Test
  void allBlocksProfileHoldsEveryBlock() {
    final NodeProfile all = new AllBlocksProfile(weights).getProfile();
    assertThat(all.size()).isEqualTo(17);
    assertThat(all.cost()).isCloseTo(312.5, within(1e-9));
  }

  @Test
  void conditionTargetProfileHoldsEveryBranchTarget() {
    final NodeProfile targets = new ConditionTargetProfile(weights, false).getProfile();
    assertThat(targets.witnesses()).containsExactly(1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14);
    assertThat(targets.cost()).isCloseTo(219.5, within(1e-9));
    assertThat(realizable(targets.toBitSet(), false)).isTrue();
  }

  @Test
  void optimalProfileBreaksEveryDiamondAndCycleAndCostsLess() {
    final OptimalNodeProfile planner = new OptimalNodeProfile(weights, false);
    final NodeProfile optimal = planner.getProfile();
    // E - V + 1 = 23 - 17 + 1 chords, each mapped to a distinct node here.
    assertThat(planner.getChords()).hasSize(7);
    assertThat(optimal.witnesses()).containsExactly(1, 4, 5, 7, 10, 11, 14);
    assertThat(optimal.cost()).isCloseTo(185.5, within(1e-9));
    assertThat(planner.getRepairs()).isZero();
    assertThat(realizable(optimal.toBitSet(), false)).isTrue();
  }

  @Test
  void optimalProfileIsTheTrueMinimum() {
    // Brute force over all 2^17 witness sets. Six witnesses (one per diamond and loop) are not enough: with
    // only b11 on the outer cycle, "b11 b11" could be one more turn of the self-loop or one outer iteration
    // through b5 and b10, so both arms of diamond 2 (or of diamond 3) need a witness.
    double best = Double.MAX_VALUE;
    for (int mask = 0; mask < 1 << graph.size(); mask++) {
      final BitSet w = BitSet.valueOf(new long[] {mask});
      final double cost = w.stream().mapToDouble(weights::node).sum();
      if (cost < best && realizable(w, false)) {
        best = cost;
      }
    }
    assertThat(best).isCloseTo(185.5, within(1e-9));
    assertThat(new OptimalNodeProfile(weights, false).getProfile().cost()).isCloseTo(best, within(1e-9));
  }

  @Test
  void repeatableMethodNeedsOneMoreWitness() {
    final NodeProfile optimal = new OptimalNodeProfile(weights, true).getProfile();
    assertThat(optimal.witnesses()).containsExactly(1, 4, 5, 7, 10, 11, 13, 14);
    assertThat(realizable(optimal.toBitSet(), true)).isTrue();
  }

  private boolean realizable(final BitSet w, final boolean repeatable) {
    return new NodeProfileRealizability(graph, repeatable, w).getResult().isRealizable();
  }
}
