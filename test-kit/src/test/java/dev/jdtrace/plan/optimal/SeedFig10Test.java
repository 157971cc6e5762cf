package dev.jdtrace.plan.optimal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed Fig. 10, special diamonds: when the direct fork-to-join edge is a chord, neither of its ends breaks the
 * diamond, so the paper seeds the spanning tree with that edge. Graph: {@link SeedFigures#fig10()}.
 */
class SeedFig10Test {

  private final FlowGraph graph = SeedFigures.fig10();
  private final EdgeWeights counts = SeedFigures.fig10Counts();

  @Test
  void plainBallLarusMakesTheDirectEdgeTheChord() {
    final OptimalNodeProfile plain = new OptimalNodeProfile(counts, false, List.of(), false);
    assertThat(plain.getChords()).containsExactly(new FlowEdge(0, 2));
  }

  @Test
  void eitherEndOfTheDirectEdgeIsNotRealizable() {
    for (final int end : new int[] {0, 2}) {
      final NodeProfileRealizability.Result r =
          new NodeProfileRealizability(graph, false, FlowGraphs.bits(end)).getResult();
      assertThat(r.isRealizable()).as("witness b%d", end).isFalse();
      assertThat(r.conflicts()).isNotEmpty();
    }
    assertThat(new NodeProfileRealizability(graph, false, FlowGraphs.bits(0, 2)).getResult().isRealizable())
        .isFalse();
  }

  @Test
  void seededTreeMapsTheChordInsideTheDiamond() {
    final OptimalNodeProfile planner = new OptimalNodeProfile(counts, false);
    assertThat(planner.getChords()).doesNotContain(new FlowEdge(0, 2));
    assertThat(planner.getProfile().witnesses()).containsExactly(1);
    assertThat(planner.getRepairs()).isZero();
    assertThat(new NodeProfileRealizability(graph, false, FlowGraphs.bits(1)).getResult().isRealizable())
        .isTrue();
  }

  @Test
  void conflictMessageNamesForkTargetsAndJoin() {
    final NodeProfileRealizability.Result r =
        new NodeProfileRealizability(graph, false, FlowGraphs.bits(2)).getResult();
    assertThat(r.conflicts()).containsExactly(new NodeProfileRealizability.Conflict(0, 1, 2, 2));
    assertThat(r.describe()).contains("fork 0: successors 1 and 2 both reach witness 2");
  }

  /**
   * A fork-to-join chord that is no special diamond's direct edge, where the paper's rule (take the target)
   * fails: {@code if (A) { if (B) return; } else y; j}. Plain Ball-Larus chords are B->j and B->exit, mapped to
   * j and the exit, which leaves the diamond A{B,y}j unbroken; the planner repairs it.
   */
  @Test
  void nestedEarlyReturnIsRepaired() {
    // 0 entry, 1 A, 2 B, 3 y, 4 j, 5 exit
    final FlowGraph g = FlowGraphs.of(6, 0, 5, 0, 1, 1, 2, 1, 3, 2, 5, 2, 4, 3, 4, 4, 5);
    final EdgeWeights w = new BallLarusWeights(g).getWeights();
    final NodeProfile plain = new OptimalNodeProfile(w, false, List.of(), false).getProfile();
    assertThat(plain.witnesses()).containsExactly(4, 5);
    assertThat(new NodeProfileRealizability(g, false, plain.toBitSet()).getResult().isRealizable()).isFalse();
    final NodeProfile repaired = new OptimalNodeProfile(w, false).getProfile();
    assertThat(new NodeProfileRealizability(g, false, repaired.toBitSet()).getResult().isRealizable()).isTrue();
    assertThat(repaired.size()).isEqualTo(2);
  }
}
