package dev.jdtrace.plan.optimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * Seed Fig. 9, the reconstruction walk. The paper's example stream was not available; this replays the walk on
 * the Fig. 4 stand-in ({@link SeedFigures#fig4()}) with its optimal profile {b1, b4, b5, b7, b10, b11, b14}.
 */
class SeedFig9Test {

  private final FlowGraph graph = SeedFigures.fig4();
  private final BitSet profile = FlowGraphs.bits(1, 4, 5, 7, 10, 11, 14);

  @Test
  void walkRebuildsTheExecutionFromItsStream() {
    // Skip b1; outer iteration 1: else arm, inner loop twice, then-arm b9, self-loop once; iteration 2: then
    // arm, no inner turn, else arm b10; after the loop the then arm b13.
    final int[] execution = {0, 2, 3, 5, 6, 7, 6, 7, 6, 8, 9, 11, 11, 2, 3, 4, 6, 8, 10, 11, 2, 12, 13, 15, 16};
    final int[] stream = PathDecoder.project(execution, profile);
    assertThat(stream).containsExactly(5, 7, 7, 11, 11, 4, 10, 11);
    // At b0 only b2 can reach b5 first; at b8 of iteration 1 only b9 leads to b11 without passing b10; at
    // b11 the head b11 picks the self-loop, the head b4 the back edge; at b12 the exhausted stream picks b13,
    // whose witness-free way to the exit avoids b14.
    assertThat(new PathDecoder(graph, false, profile).decode(stream)).containsExactly(execution);
  }

  @Test
  void severalRunsJoinedByTheExitToEntryEdge() {
    final BitSet repeatableProfile = FlowGraphs.bits(1, 4, 5, 7, 10, 11, 13, 14);
    final int[] twoRuns = {0, 1, 2, 12, 14, 15, 16, 0, 2, 12, 13, 15, 16};
    final int[] stream = PathDecoder.project(twoRuns, repeatableProfile);
    assertThat(stream).containsExactly(1, 14, 13);
    assertThat(new PathDecoder(graph, true, repeatableProfile).decode(stream)).containsExactly(twoRuns);
  }

  @Test
  void divergenceNamesTheNodeWhereNoSuccessorFits() {
    // b4 then b5 is impossible: b4's only successor b6 cannot reach b5 before another witness.
    assertThatThrownBy(() -> new PathDecoder(graph, false, profile).decode(new int[] {4, 5}))
        .isInstanceOf(DivergenceException.class)
        .hasMessageContaining("no successor of 4 is consistent with witness 5 at 1")
        .satisfies(e -> assertThat(((DecodingException) e).node()).isEqualTo(4));
  }

  @Test
  void ambiguityNamesTheForkAndItsCandidates() {
    final BitSet withoutB1 = FlowGraphs.bits(4, 5, 7, 10, 11, 14);
    assertThatThrownBy(() -> new PathDecoder(graph, false, withoutB1).decode(new int[] {14}))
        .isInstanceOf(AmbiguityException.class)
        .satisfies(e -> assertThat(((AmbiguityException) e).candidates()).containsExactly(1, 2))
        .satisfies(e -> assertThat(((DecodingException) e).node()).isZero());
  }

  @Test
  void streamThatStopsEarlyDiverges() {
    assertThatThrownBy(() -> new PathDecoder(graph, false, profile).decode(new int[] {7, 99}))
        .isInstanceOf(DivergenceException.class);
  }
}
