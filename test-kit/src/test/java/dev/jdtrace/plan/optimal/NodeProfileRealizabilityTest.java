package dev.jdtrace.plan.optimal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NodeProfileRealizabilityTest {

  // 0 -> 1 header; 1 -> 2 body -> 1; 1 -> 3 exit
  private final FlowGraph loop = FlowGraphs.of(4, 0, 3, 0, 1, 1, 2, 2, 1, 1, 3);

  @Test
  void unwitnessedLoopIsAWitnessFreeCycle() {
    final NodeProfileRealizability.Result r = new NodeProfileRealizability(loop, false, FlowGraphs.bits())
        .getResult();
    assertThat(r.cycles()).containsExactly(List.of(1, 2));
    assertThat(r.describe()).contains("witness-free cycle [1, 2]");
  }

  @Test
  void oneWitnessInTheBodySuffices() {
    assertThat(new NodeProfileRealizability(loop, false, FlowGraphs.bits(2)).getResult().isRealizable()).isTrue();
  }

  @Test
  void repeatableMethodNeedsAWitnessOnEveryRun() {
    final NodeProfileRealizability.Result r = new NodeProfileRealizability(loop, true, FlowGraphs.bits(2))
        .getResult();
    assertThat(r.isRealizable()).isFalse();
    // The run 0 1 3 is unseen: stop at the exit or go round again.
    assertThat(r.conflicts()).contains(new NodeProfileRealizability.Conflict(3, FirstWitnesses.END, 0,
        FirstWitnesses.END));
    assertThat(r.cycles()).containsExactly(List.of(0, 1, 3));
    // The header alone is not enough either: "1 1" is one run with one iteration, or two runs without.
    assertThat(new NodeProfileRealizability(loop, true, FlowGraphs.bits(1)).getResult().conflicts())
        .containsExactly(new NodeProfileRealizability.Conflict(1, 2, 3, 1));
    assertThat(new NodeProfileRealizability(loop, true, FlowGraphs.bits(0, 2)).getResult().isRealizable())
        .isTrue();
  }

  @Test
  void selfLoopNeedsItsNode() {
    final FlowGraph g = FlowGraphs.of(3, 0, 2, 0, 1, 1, 1, 1, 2);
    assertThat(new NodeProfileRealizability(g, false, FlowGraphs.bits()).getResult().cycles())
        .containsExactly(List.of(1));
    assertThat(new NodeProfileRealizability(g, false, FlowGraphs.bits(1)).getResult().isRealizable()).isTrue();
  }

  @Test
  void firstWitnessSetsStopAtWitnessesAndSeeTheExit() {
    final FirstWitnesses first = new FirstWitnesses(loop, false, FlowGraphs.bits(2));
    assertThat(first.of(0)).containsExactly(FirstWitnesses.END, 2);
    assertThat(first.of(2)).containsExactly(2);
    assertThat(first.of(3)).containsExactly(FirstWitnesses.END);
    assertThat(new FirstWitnesses(loop, true, FlowGraphs.bits(2)).of(3)).containsExactly(FirstWitnesses.END, 2);
  }
}
