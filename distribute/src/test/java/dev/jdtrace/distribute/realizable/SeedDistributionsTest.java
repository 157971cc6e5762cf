package dev.jdtrace.distribute.realizable;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.optimal.FirstWitnesses;
import dev.jdtrace.plan.optimal.FlowGraph;
import dev.jdtrace.plan.optimal.FlowGraphs;
import dev.jdtrace.plan.optimal.NodeProfileRealizability;
import dev.jdtrace.plan.optimal.PathDecoder;
import dev.jdtrace.plan.optimal.SeedFigures;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Theorem 2 on the seed's distribution examples. The figures were not available; {@link Graphs#fig1()} and
 * {@link Graphs#fig2()} are graphs with the described behaviour (see their Javadoc).
 */
class SeedDistributionsTest {

  @Test
  void fig1SplittingTheArmsLosesTheirOrder() {
    final FlowGraph g = SeedFigures.fig1();
    assertThat(new NodeProfileRealizability(g, false, FlowGraphs.bits(3, 4)).getResult().isRealizable()).isTrue();
    final DistributionRealizability.Result r =
        new DistributionRealizability(g, false, List.of(FlowGraphs.bits(3), FlowGraphs.bits(4))).getResult();
    assertThat(r.isRealizable()).isFalse();
    assertThat(r.undecided()).contains(new DistributionRealizability.ForkPair(2, 3, 4));
    assertThat(r.describe()).contains("no session tells apart successors 3 and 4 of fork 2");
    // Witness: "then, else" and "else, then" give the same two streams [3] and [4].
    final int[] thenElse = {1, 2, 3, 5, 2, 4, 5, 6};
    final int[] elseThen = {1, 2, 4, 5, 2, 3, 5, 6};
    for (final BitSet session : List.of(FlowGraphs.bits(3), FlowGraphs.bits(4))) {
      assertThat(PathDecoder.project(thenElse, session)).containsExactly(PathDecoder.project(elseThen, session));
    }
  }

  @Test
  void fig1SharingTheIterationBlockIsRealizable() {
    // {{b3, b2}, {b4, b2}}: b2 marks every iteration in both sessions, so each session alone tells whether
    // its arm ran in that iteration.
    final List<BitSet> split = List.of(FlowGraphs.bits(3, 2), FlowGraphs.bits(4, 2));
    final DistributionRealizability.Result r = new DistributionRealizability(SeedFigures.fig1(), false, split)
        .getResult();
    assertThat(r.describe()).isEqualTo("realizable");
    assertThat(r.decidingSession()).containsEntry(new DistributionRealizability.ForkPair(2, 3, 4), 0)
        .containsEntry(new DistributionRealizability.ForkPair(5, 2, 6), 0);
    final int[] run = {1, 2, 3, 5, 2, 4, 5, 2, 4, 5, 6};
    final List<int[]> streams = split.stream().map(s -> PathDecoder.project(run, s)).toList();
    assertThat(streams.get(0)).containsExactly(2, 3, 2, 2);
    assertThat(streams.get(1)).containsExactly(2, 2, 4, 2, 4);
    assertThat(new DistributedPathDecoder(SeedFigures.fig1(), false, split).decode(streams)).containsExactly(run);
  }

  @Test
  void fig2SplittingInnerAndOuterLoopLosesTheInnerCounts() {
    final FlowGraph g = SeedFigures.fig2();
    assertThat(new NodeProfileRealizability(g, false, FlowGraphs.bits(4, 5)).getResult().isRealizable()).isTrue();
    final DistributionRealizability.Result r =
        new DistributionRealizability(g, false, List.of(FlowGraphs.bits(4), FlowGraphs.bits(5))).getResult();
    assertThat(r.isRealizable()).isFalse();
    assertThat(r.undecided()).contains(new DistributionRealizability.ForkPair(3, 4, 5));
    // Two outer iterations with 2+0 or 0+2 inner iterations: streams [4 4] and [5 5] either way.
    final int[] twoThenNone = {1, 2, 3, 4, 3, 4, 3, 5, 2, 3, 5, 2, 6};
    final int[] noneThenTwo = {1, 2, 3, 5, 2, 3, 4, 3, 4, 3, 5, 2, 6};
    for (final BitSet session : List.of(FlowGraphs.bits(4), FlowGraphs.bits(5))) {
      assertThat(PathDecoder.project(twoThenNone, session))
          .containsExactly(PathDecoder.project(noneThenTwo, session));
    }
    // Keeping the outer latch in the inner loop's session repairs it.
    assertThat(new DistributionRealizability(g, false, List.of(FlowGraphs.bits(4, 5), FlowGraphs.bits(5))).getResult()
        .isRealizable()).isTrue();
  }

  @Test
  void unionDisjointnessAloneIsNotEnough() {
    // 0 p -> 1 t1 -> 3 w, p -> 2 t2 -> 4 u, w <-> u, w -> 5 exit, u -> 5 exit; sessions {w}, {u}. The union
    // {w, u} is realizable and neither t1 nor t2 loops back to p, but "t1 w u" and "t2 u w" collide.
    final FlowGraph g = FlowGraphs.of(6, 0, 5, 0, 1, 0, 2, 1, 3, 2, 4, 3, 4, 4, 3, 3, 5, 4, 5);
    assertThat(new NodeProfileRealizability(g, false, FlowGraphs.bits(3, 4)).getResult().isRealizable()).isTrue();
    final List<BitSet> split = List.of(FlowGraphs.bits(3), FlowGraphs.bits(4));
    final DistributionRealizability.Result r = new DistributionRealizability(g, false, split).getResult();
    assertThat(r.undecided()).containsExactly(new DistributionRealizability.ForkPair(0, 1, 2));
    final int[] a = {0, 1, 3, 4, 5};
    final int[] b = {0, 2, 4, 3, 5};
    for (final BitSet session : split) {
      assertThat(PathDecoder.project(a, session)).containsExactly(PathDecoder.project(b, session));
    }
  }

  @Test
  void stoppingAtTheExitIsAChoiceWhenRepeatable() {
    // entry 0 -> 1 | 2 -> 3 exit; sessions {1}, {2}: every run is seen, but not in which order the runs came.
    final FlowGraph g = FlowGraphs.of(4, 0, 3, 0, 1, 0, 2, 1, 3, 2, 3);
    final DistributionRealizability.Result r =
        new DistributionRealizability(g, true, List.of(FlowGraphs.bits(1), FlowGraphs.bits(2))).getResult();
    assertThat(r.undecided()).contains(new DistributionRealizability.ForkPair(3, FirstWitnesses.END, 0));
    assertThat(new DistributionRealizability(g, false, List.of(FlowGraphs.bits(1), FlowGraphs.bits(2))).getResult()
        .isRealizable()).isTrue();
  }
}
