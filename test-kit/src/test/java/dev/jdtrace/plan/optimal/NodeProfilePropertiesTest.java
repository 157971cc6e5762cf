package dev.jdtrace.plan.optimal;

import static org.assertj.core.api.Assertions.assertThat;

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
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

/**
 * Brute force on random reducible graphs (DESIGN §5): plan, project bounded executions, decode, compare; and the
 * realizability checker against an exact collision oracle. Graphs come from {@link StructuredGraphs} recipes, so
 * failures shrink to small programs.
 */
class NodeProfilePropertiesTest {

  private static final int CAP = 400;

  @Provide
  Arbitrary<List<Integer>> recipes() {
    return Arbitraries.integers().between(0, 40).list().ofMinSize(1).ofMaxSize(16);
  }

  @Provide
  Arbitrary<List<Integer>> smallRecipes() {
    return Arbitraries.integers().between(0, 40).list().ofMinSize(1).ofMaxSize(7);
  }

  @Property(tries = 300)
  void ballLarusWeightsSatisfyKirchhoff(@ForAll("recipes") final List<Integer> recipe) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final EdgeWeights w = new BallLarusWeights(graph).getWeights();
    assertThat(w.kirchhoffError()).isLessThan(1e-9);
    assertThat(w.node(graph.entry())).isGreaterThan(0);
  }

  @Property(tries = 300)
  void observedCountsSatisfyKirchhoff(@ForAll("recipes") final List<Integer> recipe) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    for (final int[] run : Executions.of(graph, true, 30, 20)) {
      assertThat(EdgeWeights.fromPath(graph, run).kirchhoffError()).isLessThan(1e-12);
    }
  }

  @Property(tries = 300)
  void optimalProfileIsRealizable(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean repeatable) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final OptimalNodeProfile planner =
        new OptimalNodeProfile(new BallLarusWeights(graph).getWeights(), repeatable);
    final BitSet w = planner.getProfile().toBitSet();
    assertThat(new NodeProfileRealizability(graph, repeatable, w).getResult().describe()).isEqualTo("realizable");
    Statistics.label("repaired").collect(planner.getRepairs() > 0);
    // The repair must be exercised (measured in 32% of tries).
    Statistics.label("repaired").coverage(coverage -> coverage.check(true).percentage(p -> p >= 10));
  }

  @Property(tries = 200)
  void optimalProfileDecodesEveryBoundedExecution(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean repeatable) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final BitSet w = new OptimalNodeProfile(new BallLarusWeights(graph).getWeights(), repeatable)
        .getProfile().toBitSet();
    assertDecodesExactly(graph, repeatable, w);
  }

  @Property(tries = 1000)
  void optimalCostIsAtMostConditionTargetCost(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean repeatable) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final EdgeWeights weights = new BallLarusWeights(graph).getWeights();
    final NodeProfile optimal = new OptimalNodeProfile(weights, repeatable).getProfile();
    final NodeProfile targets = new ConditionTargetProfile(weights, repeatable).getProfile();
    assertThat(new NodeProfileRealizability(graph, repeatable, targets.toBitSet()).getResult().isRealizable())
        .isTrue();
    assertThat(optimal.cost()).isLessThanOrEqualTo(targets.cost() * (1 + 1e-9));
    assertThat(optimal.cost()).isLessThanOrEqualTo(new AllBlocksProfile(weights).getProfile().cost());
  }

  @Property(tries = 300)
  void optimalProfileFromObservedCountsIsRealizable(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean repeatable) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final List<int[]> runs = Executions.of(graph, true, 25, 5);
    final EdgeWeights observed = EdgeWeights.fromPath(graph, runs.get(runs.size() - 1));
    final BitSet w = new OptimalNodeProfile(observed, repeatable).getProfile().toBitSet();
    assertThat(new NodeProfileRealizability(graph, repeatable, w).getResult().isRealizable()).isTrue();
  }

  /** Both directions of Theorem 4 on small graphs: accepted iff no two executions share a stream. */
  @Property(tries = 1000)
  void checkerAgreesWithCollisionOracle(@ForAll("smallRecipes") final List<Integer> recipe,
      @ForAll final boolean repeatable, @ForAll @Size(max = 40) final List<Boolean> choice) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final BitSet w = FlowGraphs.subset(graph.size(), choice);
    final boolean accepted = new NodeProfileRealizability(graph, repeatable, w).getResult().isRealizable();
    assertThat(accepted).isEqualTo(!CollisionSearch.exists(graph, repeatable, w));
  }

  /** Profiles near the optimal one: the checker's verdict matches the oracle and bounded brute force. */
  @Property(tries = 500)
  void acceptedProfilesAreInjectiveOnBoundedExecutions(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean repeatable, @ForAll @Size(max = 40) final List<@IntRange(max = 7) Integer> noise) {
    final FlowGraph graph = StructuredGraphs.build(recipe);
    final BitSet w = new OptimalNodeProfile(new BallLarusWeights(graph).getWeights(), repeatable)
        .getProfile().toBitSet();
    for (int i = 0; i < graph.size() && i < noise.size(); i++) {
      if (noise.get(i) == 7) {
        w.flip(i);
      }
    }
    final boolean accepted = new NodeProfileRealizability(graph, repeatable, w).getResult().isRealizable();
    assertThat(accepted).isEqualTo(!CollisionSearch.exists(graph, repeatable, w));
    if (accepted) {
      assertDecodesExactly(graph, repeatable, w);
    }
  }

  /** Projects every bounded execution, checks streams are distinct, decodes each, and compares. */
  static void assertDecodesExactly(final FlowGraph graph, final boolean repeatable, final BitSet w) {
    final PathDecoder decoder = new PathDecoder(graph, repeatable, w);
    final Map<String, int[]> byStream = new HashMap<>();
    for (final int[] run : Executions.of(graph, repeatable, Math.min(2 * graph.size() + 6, 40), CAP)) {
      final int[] stream = PathDecoder.project(run, w);
      final int[] other = byStream.put(Arrays.toString(stream), run);
      assertThat(other).as("another execution with stream %s", Arrays.toString(stream)).isNull();
      assertThat(decoder.decode(stream)).containsExactly(run);
    }
  }
}
