package dev.jdtrace.distribute.realizable;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.distribute.Distributor;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.icfg.DecisionUnits;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.plan.optimal.BallLarusWeights;
import dev.jdtrace.plan.optimal.EdgeWeights;
import dev.jdtrace.plan.optimal.Executions;
import dev.jdtrace.plan.optimal.FirstWitnesses;
import dev.jdtrace.plan.optimal.FlowGraph;
import dev.jdtrace.plan.optimal.NodeProfileRealizability;
import dev.jdtrace.plan.optimal.OptimalNodeProfile;
import dev.jdtrace.plan.optimal.PathDecoder;
import dev.jdtrace.plan.optimal.StructuredGraphs;
import dev.jdtrace.plan.optimal.WalkChoices;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

/**
 * Random splits of realizable profiles on random reducible graphs: whenever the Theorem 2 checker accepts a
 * split, every bounded execution decodes exactly from its per-session streams, and no two executions share
 * all their streams.
 */
class DistributionPropertiesTest {
  private static final Program NO_PROGRAM = new Program(List.of());

  @Provide
  Arbitrary<List<Integer>> recipes() {
    return Arbitraries.integers().between(0, 40).list().ofMinSize(1).ofMaxSize(16);
  }

  /**
   * Recipes rich in switches (construct 6, whose next number 2 gives four cases) and loops around them: the
   * choices of more than two candidates that a cap can split into pairs.
   */
  @Provide
  Arbitrary<List<Integer>> switches() {
    return Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.just(6)), Tuple.of(3, Arbitraries.just(2)),
        Tuple.of(1, Arbitraries.of(4, 5)), Tuple.of(3, Arbitraries.integers().between(0, 40)))
        .list().ofMinSize(1).ofMaxSize(16);
  }

  /**
   * Splits the optimal profile over 1-3 sessions: {@code assignment} gives each witness a session, and value 3
   * puts it in every session (like b2 in the seed's {{b3, b2}, {b4, b2}}).
   */
  @Property(tries = 500)
  void acceptedSplitsDecodeEveryBoundedExecution(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean repeatable, @ForAll @IntRange(min = 1, max = 3) final int sessions,
      @ForAll @Size(max = 40) final List<@IntRange(max = 3) Integer> assignment) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final BitSet profile = new OptimalNodeProfile(new BallLarusWeights(graph).getWeights(), repeatable)
        .getProfile().toBitSet();
    final List<BitSet> split = split(profile, sessions, assignment);
    final DistributionRealizability.Result verdict =
        new DistributionRealizability(graph, repeatable, split).getResult();
    Statistics.label("split").collect(sessions == 1 ? "one session" : verdict.isRealizable() ? "accepted" : "refused");
    // Splits the checker accepts (decoded below) and splits it refuses, both in a good share of the tries
    // (measured about 49% and 18%).
    Statistics.label("split").coverage(coverage -> {
      coverage.check("accepted").percentage(p -> p >= 20);
      coverage.check("refused").percentage(p -> p >= 5);
    });
    if (sessions == 1) {
      assertThat(verdict.isRealizable()).isTrue();
    }
    if (!verdict.isRealizable()) {
      return;
    }
    final DistributedPathDecoder decoder = new DistributedPathDecoder(graph, repeatable, split);
    final Map<String, int[]> byStreams = new HashMap<>();
    for (final int[] run : Executions.of(graph, repeatable, Math.min(2 * graph.size() + 6, 40), 300)) {
      final List<int[]> streams = split.stream().map(s -> PathDecoder.project(run, s)).toList();
      final String key = streams.stream().map(java.util.Arrays::toString).toList().toString();
      assertThat(byStreams.put(key, run)).as("another execution with streams %s", key).isNull();
      assertThat(decoder.decode(streams)).containsExactly(run);
    }
  }

  /**
   * Theorem 2 is pairwise: the distributor, given each fork's choices as a unit it may split, and a cap
   * anywhere from the largest pair of candidates to the largest unit, spreads the candidates so that every
   * two share a session. The checker accepts every such split, also once refined (units moved between the
   * sessions), and every bounded execution decodes exactly.
   */
  @Property(tries = 400)
  void unitsSplitByPairsDecodeEveryBoundedExecution(@ForAll("switches") final List<Integer> recipe,
      @ForAll final boolean repeatable, @ForAll @IntRange(min = 1, max = 4) final int sessions,
      @ForAll @IntRange(max = 100) final int capPercent, @ForAll final boolean optimized) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final BitSet profile = new OptimalNodeProfile(new BallLarusWeights(graph).getWeights(), repeatable)
        .getProfile().toBitSet();
    final FirstWitnesses first = new FirstWitnesses(graph, repeatable, profile);
    final List<DecisionUnits.Unit> units = new ArrayList<>();
    int largestChoice = 0;
    for (int p = 0; p < graph.size(); p++) {
      final int[] choices = WalkChoices.of(graph, repeatable, p);
      if (choices.length < 2) {
        continue;
      }
      final int[][] candidates = new int[choices.length][];
      final BitSet all = new BitSet();
      for (int i = 0; i < choices.length; i++) {
        candidates[i] = choices[i] == FirstWitnesses.END ? new int[0]
            : Arrays.stream(first.of(choices[i])).filter(w -> w >= 0).toArray();
        Arrays.stream(candidates[i]).forEach(all::set);
      }
      largestChoice = Math.max(largestChoice, all.cardinality());
      units.add(new DecisionUnits.Unit(all, p, false,
          List.of(new DecisionUnits.Choice(p, candidates, new int[0]))));
    }
    for (int w = profile.nextSetBit(0); w >= 0; w = profile.nextSetBit(w + 1)) {
      final BitSet one = new BitSet();
      one.set(w);
      units.add(new DecisionUnits.Unit(one, w, false));
    }
    final Distributor distributor = new Distributor(NO_PROGRAM, new DecisionUnits(units),
        optimized ? Strategy.OPTIMIZED : Strategy.FINE);
    final int least = distributor.minimumCap();
    // A plan without witnesses has no unit (largest 0) but a least cap of 1.
    final int cap = least + Math.max(0, distributor.largestUnit() - least) * capPercent / 100;
    final EdgeWeights weights = new BallLarusWeights(graph).getWeights();
    final double[] hits = java.util.stream.IntStream.range(0, graph.size()).mapToDouble(weights::node).toArray();
    // Refined as a plan is (the optimized strategy moves units between sessions; the others keep the packing).
    final List<BitSet> split = distributor.refine(distributor.split(sessions, cap, hits), cap, hits, new BitSet());
    final BitSet union = new BitSet();
    split.forEach(union::or);
    assertThat(union).isEqualTo(profile);
    assertThat(split).allSatisfy(s -> assertThat(s.cardinality()).isLessThanOrEqualTo(cap));
    Statistics.label("a unit split").collect(cap < distributor.largestUnit());
    Statistics.label("a choice split into pairs").collect(cap < largestChoice);
    final DistributionRealizability.Result verdict =
        new DistributionRealizability(graph, repeatable, split).getResult();
    assertThat(verdict.isRealizable()).as("%s", verdict.describe()).isTrue();
    final DistributedPathDecoder decoder = new DistributedPathDecoder(graph, repeatable, split);
    for (final int[] run : Executions.of(graph, repeatable, Math.min(2 * graph.size() + 6, 40), 300)) {
      final List<int[]> streams = split.stream().map(s -> PathDecoder.project(run, s)).toList();
      assertThat(decoder.decode(streams)).containsExactly(run);
    }
    Statistics.label("a choice split into pairs").coverage(c -> c.check(true).percentage(p -> p >= 6));
  }

  /** One session is a node profile: Theorem 2 then agrees with Theorem 4. */
  @Property(tries = 500)
  void oneSessionAgreesWithTheNodeProfileChecker(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean repeatable, @ForAll @Size(max = 40) final List<Boolean> choice) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final BitSet w = new BitSet();
    for (int i = 0; i < graph.size() && i < choice.size(); i++) {
      w.set(i, choice.get(i));
    }
    assertThat(new DistributionRealizability(graph, repeatable, List.of(w)).getResult().isRealizable())
        .isEqualTo(new NodeProfileRealizability(graph, repeatable, w).getResult().isRealizable());
  }

  static List<BitSet> split(final BitSet profile, final int sessions, final List<Integer> assignment) {
    final List<BitSet> split = new ArrayList<>();
    for (int i = 0; i < sessions; i++) {
      split.add(new BitSet());
    }
    int k = 0;
    for (int w = profile.nextSetBit(0); w >= 0; w = profile.nextSetBit(w + 1), k++) {
      final int a = k < assignment.size() ? assignment.get(k) : 0;
      if (a == 3) {
        for (final BitSet s : split) {
          s.set(w);
        }
      } else {
        split.get(a % sessions).set(w);
      }
    }
    return split;
  }
}
