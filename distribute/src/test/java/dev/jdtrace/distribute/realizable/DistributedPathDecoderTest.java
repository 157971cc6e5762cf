package dev.jdtrace.distribute.realizable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.plan.optimal.AmbiguityException;
import dev.jdtrace.plan.optimal.DivergenceException;
import dev.jdtrace.plan.optimal.FlowGraphs;
import dev.jdtrace.plan.optimal.SeedFigures;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class DistributedPathDecoderTest {

  private final List<BitSet> split = List.of(FlowGraphs.bits(3, 2), FlowGraphs.bits(4, 2));

  @Test
  void sessionsThatDisagreeDiverge() {
    // Session 0 saw the then-arm in the only iteration, session 1 saw the else-arm: the runs diverged.
    assertThatThrownBy(() -> new DistributedPathDecoder(SeedFigures.fig1(), false, split)
        .decode(List.of(new int[] {2, 3}, new int[] {2, 4})))
        .isInstanceOf(DivergenceException.class);
  }

  @Test
  void nonRealizableSplitIsAmbiguous() {
    assertThatThrownBy(() -> new DistributedPathDecoder(SeedFigures.fig1(), false,
        List.of(FlowGraphs.bits(3), FlowGraphs.bits(4))).decode(List.of(new int[] {3}, new int[] {4})))
        .isInstanceOf(AmbiguityException.class)
        .hasMessageContaining("successors [3, 4] of 2");
  }

  @Test
  void streamCountMustMatch() {
    assertThatThrownBy(() -> new DistributedPathDecoder(SeedFigures.fig1(), false, split).decode(List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void singleSessionBehavesLikePathDecoder() {
    final int[] run = {1, 2, 4, 5, 2, 3, 5, 6};
    final BitSet profile = FlowGraphs.bits(3, 4);
    assertThat(new DistributedPathDecoder(SeedFigures.fig1(), false, List.of(profile))
        .decode(List.of(new int[] {4, 3}))).containsExactly(run);
  }
}
