package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The planner's safety net (see {@link OptimalNodeProfile}): adds witnesses until {@link NodeProfileRealizability}
 * accepts, then, on method-sized graphs, drops witnesses that turned out redundant.
 *
 * <p>Each round is a greedy cover of the checker's problems, each given as the nodes that would fix it (per
 * conflicting fork its successors that are not witnesses yet, per witness-free cycle its nodes). Candidates are
 * ranked by problems fixed per unit of node weight, as in a greedy weighted vertex cover; a candidate is taken
 * only if none of its problems is already covered in this round, because several problems often share one
 * cause and the next check sees the effect. Adding witnesses never creates a conflict, and every round adds
 * one, so there are at most V rounds of {@code O(V + E + FIRST sizes)}.
 */
final class ProfileRepair {

  /** Largest graph whose repaired profile is minimised witness by witness (one check each). */
  static final int MINIMIZE_LIMIT = 2_000;

  private final FlowGraph graph;
  private final boolean repeatable;
  private final EdgeWeights weights;

  ProfileRepair(final FlowGraph graph, final boolean repeatable, final EdgeWeights weights) {
    this.graph = graph;
    this.repeatable = repeatable;
    this.weights = weights;
  }

  /** Adds witnesses until realizable; returns how many. */
  int repair(final BitSet witnesses) {
    int added = 0;
    while (true) {
      final NodeProfileRealizability.Result verdict =
          new NodeProfileRealizability(graph, repeatable, witnesses).getResult();
      if (verdict.isRealizable()) {
        return added;
      }
      final BitSet chosen = choose(problems(verdict, witnesses));
      added += chosen.cardinality();
      witnesses.or(chosen);
    }
  }

  /** Drops redundant witnesses, heaviest first, while the profile stays realizable; only for small graphs. */
  void minimize(final BitSet witnesses) {
    if (graph.size() > MINIMIZE_LIMIT) {
      return;
    }
    final int[] heaviestFirst = witnesses.stream().boxed()
        .sorted(Comparator.comparingDouble((Integer v) -> -weights.node(v)).thenComparingInt(v -> v))
        .mapToInt(Integer::intValue).toArray();
    for (final int w : heaviestFirst) {
      witnesses.clear(w);
      if (!new NodeProfileRealizability(graph, repeatable, witnesses).getResult().isRealizable()) {
        witnesses.set(w);
      }
    }
  }

  private static List<int[]> problems(final NodeProfileRealizability.Result verdict, final BitSet witnesses) {
    final List<int[]> problems = new ArrayList<>();
    for (final NodeProfileRealizability.Conflict c : verdict.conflicts()) {
      problems.add(IntStream.of(c.target1(), c.target2())
          .filter(t -> t != FirstWitnesses.END && !witnesses.get(t)).toArray());
    }
    verdict.cycles().forEach(c -> problems.add(c.stream().mapToInt(Integer::intValue).toArray()));
    return problems;
  }

  private BitSet choose(final List<int[]> problems) {
    final Map<Integer, List<Integer>> byNode = new HashMap<>();
    for (int p = 0; p < problems.size(); p++) {
      for (final int v : problems.get(p)) {
        byNode.computeIfAbsent(v, k -> new ArrayList<>()).add(p);
      }
    }
    final List<Integer> candidates = new ArrayList<>(byNode.keySet());
    candidates.sort(Comparator.comparingDouble((Integer v) -> -byNode.get(v).size() / (weights.node(v) + 1e-9))
        .thenComparingInt(v -> v));
    final boolean[] covered = new boolean[problems.size()];
    final BitSet chosen = new BitSet();
    for (final int v : candidates) {
      if (byNode.get(v).stream().noneMatch(p -> covered[p])) {
        chosen.set(v);
        byNode.get(v).forEach(p -> covered[p] = true);
      }
    }
    if (chosen.isEmpty()) {
      throw new IllegalStateException("no witness can fix the remaining problems");
    }
    return chosen;
  }
}
