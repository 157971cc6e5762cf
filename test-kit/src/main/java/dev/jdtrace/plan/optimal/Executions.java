package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Enumerates executions: walks from the entry that stop at the exit, with at most {@code maxLength} nodes; with
 * {@code repeatable}, a walk may go on from the exit to the entry (several runs in one stream). Shared with the
 * distributor's tests.
 */
public final class Executions {

  private final FlowGraph graph;
  private final boolean repeatable;
  private final int maxLength;
  private final int cap;
  private final List<int[]> found = new ArrayList<>();
  private final int[] path;

  private Executions(final FlowGraph graph, final boolean repeatable, final int maxLength, final int cap) {
    this.graph = graph;
    this.repeatable = repeatable;
    this.maxLength = maxLength;
    this.cap = cap;
    this.path = new int[maxLength];
  }

  /** Up to {@code cap} executions, shortest walks not necessarily first. */
  public static List<int[]> of(final FlowGraph graph, final boolean repeatable, final int maxLength, final int cap) {
    final Executions e = new Executions(graph, repeatable, maxLength, cap);
    e.walk(graph.entry(), 0);
    return e.found;
  }

  private void walk(final int v, final int length) {
    if (found.size() >= cap) {
      return;
    }
    path[length] = v;
    if (v == graph.exit()) {
      found.add(Arrays.copyOf(path, length + 1));
    }
    if (length + 1 >= maxLength) {
      return;
    }
    for (final int s : FlowGraphs.next(graph, repeatable, v)) {
      walk(s, length + 1);
    }
  }
}
