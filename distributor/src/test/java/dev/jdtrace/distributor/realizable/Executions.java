package dev.jdtrace.distributor.realizable;

import dev.jdtrace.profiler.optimal.FlowGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Enumerates executions: walks from the entry that stop at the exit, with at most {@code maxLength} nodes; with
 * {@code repeatable}, a walk may go on from the exit to the entry (several runs).
 */
final class Executions {

  private Executions() {
  }

  static List<int[]> of(final FlowGraph graph, final boolean repeatable, final int maxLength, final int cap) {
    final List<int[]> found = new ArrayList<>();
    walk(graph, repeatable, maxLength, cap, graph.entry(), new int[maxLength], 0, found);
    return found;
  }

  private static void walk(final FlowGraph g, final boolean repeatable, final int maxLength, final int cap,
      final int v, final int[] path, final int length, final List<int[]> found) {
    if (found.size() >= cap) {
      return;
    }
    path[length] = v;
    if (v == g.exit()) {
      found.add(Arrays.copyOf(path, length + 1));
    }
    if (length + 1 >= maxLength) {
      return;
    }
    final List<Integer> next = repeatable && v == g.exit() ? List.of(g.entry()) : g.successors(v);
    for (final int s : next) {
      walk(g, repeatable, maxLength, cap, s, path, length + 1, found);
    }
  }
}
