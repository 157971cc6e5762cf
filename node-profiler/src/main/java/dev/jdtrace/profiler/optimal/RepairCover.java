package dev.jdtrace.profiler.optimal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One round of the planner's repair: a greedy cover of the checker's problems (conflicting forks, witness-free
 * cycles), each given as the nodes that would fix it. Candidates are ranked by problems fixed per unit of node
 * weight, as in a greedy weighted vertex cover; a candidate is taken only if none of its problems is already
 * covered in this round, because several problems often share one cause and the next check sees the effect.
 */
final class RepairCover {

  private RepairCover() {
  }

  static BitSet choose(final List<int[]> problems, final EdgeWeights weights) {
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
