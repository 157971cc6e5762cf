package dev.jdtrace.plan.optimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FlowGraphTest {

  @Test
  void parallelEdgesStayEdgesButNotSuccessors() {
    final FlowGraph g = FlowGraphs.of(3, 0, 2, 0, 1, 0, 1, 1, 2);
    assertThat(g.edges()).hasSize(3);
    assertThat(g.successors(0)).containsExactly(1);
    assertThat(g.predecessors(1)).containsExactly(0);
    assertThat(g.outEdges(0)).containsExactly(0, 1);
    assertThat(g.isFork(0)).isFalse();
  }

  @Test
  void successorsAreDistinctAndAscending() {
    final FlowGraph g = FlowGraphs.of(4, 0, 3, 0, 2, 0, 1, 0, 2, 1, 3, 2, 3);
    assertThat(g.successors(0)).containsExactly(1, 2);
    assertThat(g.predecessors(3)).containsExactly(1, 2);
    assertThat(g.isFork(0)).isTrue();
  }

  @Test
  void rejectsBadGraphs() {
    assertThatThrownBy(() -> FlowGraphs.of(2, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> FlowGraphs.of(2, 0, 1, 0, 2)).hasMessageContaining("out of range");
    assertThatThrownBy(() -> FlowGraphs.of(2, 0, 1, 1, 0)).hasMessageContaining("exit 1 cannot have a successor");
  }

  @Test
  void equalityIsByValue() {
    assertThat(FlowGraphs.of(2, 0, 1, 0, 1)).isEqualTo(FlowGraph.of(2, 0, 1, List.of(new FlowEdge(0, 1))))
        .hasSameHashCodeAs(FlowGraphs.of(2, 0, 1, 0, 1));
    assertThat(FlowGraphs.of(2, 0, 1, 0, 1).withEdges(List.of(new FlowEdge(0, 1))).edges()).hasSize(2);
  }
}
