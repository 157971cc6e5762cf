package dev.jdtrace.plan.optimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BallLarusWeightsTest {

  @Test
  void branchesSplitEvenly() {
    // 0: if -> 1 | 2 -> 3 exit
    final EdgeWeights w = new BallLarusWeights(FlowGraphs.of(4, 0, 3, 0, 1, 0, 2, 1, 3, 2, 3)).getWeights();
    assertThat(w.edges()).containsExactly(0.5, 0.5, 0.5, 0.5);
    assertThat(w.node(3)).isEqualTo(1.0);
  }

  @Test
  void whileLoopBodyRunsTenTimes() {
    // 0 -> 1 header; 1 -> 2 body -> 1; 1 -> 3 exit
    final EdgeWeights w = new BallLarusWeights(FlowGraphs.of(4, 0, 3, 0, 1, 1, 2, 2, 1, 1, 3)).getWeights();
    assertThat(w.node(1)).isCloseTo(10, within(1e-9));
    assertThat(w.node(2)).isCloseTo(9, within(1e-9));
    assertThat(w.node(3)).isCloseTo(1, within(1e-9));
    assertThat(w.kirchhoffError()).isLessThan(1e-12);
  }

  @Test
  void nestedLoopsMultiply() {
    // 0 -> 1 outer header; 1 -> 2 inner header; 2 -> 3 -> 2; 2 -> 1 (outer latch); 1 -> 4 exit
    final EdgeWeights w = new BallLarusWeights(FlowGraphs.of(5, 0, 4, 0, 1, 1, 2, 2, 3, 3, 2, 2, 1, 1, 4))
        .getWeights();
    assertThat(w.node(1)).isCloseTo(10, within(1e-9));
    assertThat(w.node(2)).isCloseTo(90, within(1e-9));
    assertThat(w.node(3)).isCloseTo(81, within(1e-9));
    assertThat(w.kirchhoffError()).isLessThan(1e-12);
  }

  @Test
  void entryCanBeALoopHeader() {
    // do { 0 } while (0 -> 0); 0 -> 1 exit
    final EdgeWeights w = new BallLarusWeights(FlowGraphs.of(2, 0, 1, 0, 0, 0, 1)).getWeights();
    assertThat(w.node(0)).isCloseTo(10, within(1e-9));
    assertThat(w.kirchhoffError()).isLessThan(1e-12);
  }

  @Test
  void parallelEdgesEachGetAShare() {
    // switch 0 with two cases on 1 and one on 2
    final EdgeWeights w = new BallLarusWeights(FlowGraphs.of(4, 0, 3, 0, 1, 0, 1, 0, 2, 1, 3, 2, 3)).getWeights();
    assertThat(w.node(1)).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(w.kirchhoffError()).isLessThan(1e-12);
  }

  @Test
  void irreducibleGraphStillBalances() {
    // 0 -> 1, 0 -> 2, 1 <-> 2 (a loop with two entries), 1 -> 3, 2 -> 3
    final FlowGraph g = FlowGraphs.of(4, 0, 3, 0, 1, 0, 2, 1, 2, 2, 1, 1, 3, 2, 3);
    final EdgeWeights w = new BallLarusWeights(g).getWeights();
    assertThat(new LoopNest(g).reducible).isFalse();
    assertThat(w.kirchhoffError()).isLessThan(1e-12);
    for (int e = 0; e < g.edges().size(); e++) {
      assertThat(w.edge(e)).isPositive();
    }
  }

  @Test
  void unreachableNodesWeighNothing() {
    final EdgeWeights w = new BallLarusWeights(FlowGraphs.of(4, 0, 3, 0, 3, 1, 2, 2, 3)).getWeights();
    assertThat(w.node(1)).isZero();
    assertThat(w.node(2)).isZero();
    assertThat(w.kirchhoffError()).isLessThan(1e-12);
  }

  @Test
  void observedCountsFromAPath() {
    final FlowGraph g = FlowGraphs.of(4, 0, 3, 0, 1, 1, 2, 2, 1, 1, 3);
    final EdgeWeights w = EdgeWeights.fromPath(g, new int[] {0, 1, 2, 1, 2, 1, 3, 0, 1, 3});
    assertThat(w.edges()).containsExactly(2.0, 2.0, 2.0, 2.0);
    assertThat(w.node(1)).isEqualTo(4.0);
    assertThat(w.kirchhoffError()).isZero();
  }
}
