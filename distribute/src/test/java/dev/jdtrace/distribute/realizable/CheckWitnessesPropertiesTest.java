package dev.jdtrace.distribute.realizable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.distribute.CheckWitnesses;
import dev.jdtrace.plan.optimal.BallLarusWeights;
import dev.jdtrace.plan.optimal.DecodingException;
import dev.jdtrace.plan.optimal.Executions;
import dev.jdtrace.plan.optimal.FlowGraph;
import dev.jdtrace.plan.optimal.OptimalNodeProfile;
import dev.jdtrace.plan.optimal.PathDecoder;
import dev.jdtrace.plan.optimal.StructuredGraphs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

/**
 * Check witnesses (DESIGN §2, "Same run") on random reducible graphs and random splits of their optimal
 * profiles: adding them to every session of a realizable split keeps it realizable, every execution still
 * decodes exactly, and streams of two executions that differ on the check witnesses never decode into one
 * path, whichever session ran which.
 */
class CheckWitnessesPropertiesTest {

  @Provide
  Arbitrary<List<Integer>> recipes() {
    return Arbitraries.integers().between(0, 40).list().ofMinSize(1).ofMaxSize(16);
  }

  @Property(tries = 300)
  void checksKeepASplitRealizableAndExact(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean repeatable, @ForAll @IntRange(min = 2, max = 3) final int sessions,
      @ForAll @Size(max = 40) final List<@IntRange(max = 2) Integer> assignment,
      @ForAll @Size(max = 40) final List<Boolean> checked) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final BitSet profile = new OptimalNodeProfile(new BallLarusWeights(graph).getWeights(), repeatable)
        .getProfile().toBitSet();
    final List<BitSet> split = DistributionPropertiesTest.split(profile, sessions, assignment);
    final boolean realizable = new DistributionRealizability(graph, repeatable, split).getResult().isRealizable();
    Statistics.label("split realizable").collect(realizable);
    // Not vacuous: enough of the random splits are realizable for the property to say something.
    Statistics.label("split realizable").coverage(c -> c.check(true).percentage(p -> p > 10));
    if (!realizable) {
      return;
    }
    final List<BitSet> withChecks = CheckWitnesses.addTo(split, checks(profile, checked), Integer.MAX_VALUE);
    assertThat(new DistributionRealizability(graph, repeatable, withChecks).getResult().isRealizable()).isTrue();
    final DistributedPathDecoder decoder = new DistributedPathDecoder(graph, repeatable, withChecks);
    for (final int[] run : Executions.of(graph, repeatable, Math.min(2 * graph.size() + 6, 40), 200)) {
      assertThat(decoder.decode(withChecks.stream().map(s -> PathDecoder.project(run, s)).toList()))
          .containsExactly(run);
    }
  }

  @Property(tries = 300)
  void runsThatDifferOnACheckWitnessNeverMerge(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean repeatable, @ForAll @IntRange(min = 2, max = 3) final int sessions,
      @ForAll @Size(max = 40) final List<@IntRange(max = 2) Integer> assignment,
      @ForAll @Size(max = 40) final List<Boolean> checked, @ForAll @IntRange(max = 1000) final int pick) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final BitSet profile = new OptimalNodeProfile(new BallLarusWeights(graph).getWeights(), repeatable)
        .getProfile().toBitSet();
    final List<BitSet> split = DistributionPropertiesTest.split(profile, sessions, assignment);
    if (!new DistributionRealizability(graph, repeatable, split).getResult().isRealizable()) {
      return;
    }
    final BitSet checks = checks(profile, checked);
    final List<BitSet> withChecks = CheckWitnesses.addTo(split, checks, Integer.MAX_VALUE);
    final List<int[]> runs = Executions.of(graph, repeatable, Math.min(2 * graph.size() + 6, 40), 200);
    if (runs.isEmpty()) {
      return;
    }
    final int[] first = runs.get(pick % runs.size());
    final int[] second = runs.get(pick / 7 % runs.size());
    final boolean differ = !Arrays.equals(PathDecoder.project(first, checks), PathDecoder.project(second, checks));
    Statistics.label("runs differ on the checks").collect(differ);
    Statistics.label("runs differ on the checks").coverage(c -> c.check(true).percentage(p -> p > 10));
    if (!differ) {
      return;
    }
    // Session 0 ran one execution, every other session the other.
    final List<int[]> streams = new ArrayList<>();
    for (int s = 0; s < withChecks.size(); s++) {
      streams.add(PathDecoder.project(s == 0 ? first : second, withChecks.get(s)));
    }
    final DistributedPathDecoder decoder = new DistributedPathDecoder(graph, repeatable, withChecks);
    // A divergence in the walk, or a path whose projection misses a stream: refused either way.
    assertThatThrownBy(() -> decoder.decode(streams)).isInstanceOfAny(DecodingException.class,
        IllegalStateException.class);
  }

  /** The profile's witnesses that {@code checked} marks, in witness order. */
  private static BitSet checks(final BitSet profile, final List<Boolean> checked) {
    final BitSet checks = new BitSet();
    int k = 0;
    for (int w = profile.nextSetBit(0); w >= 0; w = profile.nextSetBit(w + 1), k++) {
      if (k < checked.size() && checked.get(k)) {
        checks.set(w);
      }
    }
    return checks;
  }
}
