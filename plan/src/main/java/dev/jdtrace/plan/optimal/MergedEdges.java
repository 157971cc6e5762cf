package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The planner's view of a graph: parallel edges merged (a block path cannot tell them apart) with their weights
 * added up, plus virtual edges, each carrying its source's Kirchhoff deficit (node weight minus real outflow);
 * a virtual edge that duplicates an edge is dropped. Forks and joins are judged here, so a self-loop counts as a
 * successor and a predecessor like any edge.
 */
final class MergedEdges {

  final List<FlowEdge> edges = new ArrayList<>();
  final List<Double> weight = new ArrayList<>();
  final int[][] succ;
  final boolean[] fork;
  final boolean[] join;

  MergedEdges(final EdgeWeights weights, final List<FlowEdge> virtual) {
    final FlowGraph graph = weights.graph();
    final int n = graph.size();
    final Map<FlowEdge, Integer> index = new HashMap<>();
    final double[] out = new double[n];
    for (int i = 0; i < graph.edges().size(); i++) {
      final FlowEdge e = graph.edges().get(i);
      out[e.from()] += weights.edge(i);
      final Integer at = index.putIfAbsent(e, edges.size());
      if (at == null) {
        edges.add(e);
        weight.add(weights.edge(i));
      } else {
        weight.set(at, weight.get(at) + weights.edge(i));
      }
    }
    for (final FlowEdge e : virtual) {
      if (index.putIfAbsent(e, edges.size()) == null) {
        edges.add(e);
        weight.add(Math.max(0, weights.node(e.from()) - out[e.from()]));
      }
    }
    final int[] outDeg = new int[n];
    final int[] inDeg = new int[n];
    edges.forEach(e -> {
      outDeg[e.from()]++;
      inDeg[e.to()]++;
    });
    succ = new int[n][];
    fork = new boolean[n];
    join = new boolean[n];
    for (int v = 0; v < n; v++) {
      succ[v] = new int[outDeg[v]];
      fork[v] = outDeg[v] >= 2;
      join[v] = inDeg[v] >= 2;
      outDeg[v] = 0;
    }
    edges.forEach(e -> succ[e.from()][outDeg[e.from()]++] = e.to());
    for (final int[] s : succ) {
      Arrays.sort(s);
    }
  }

  /** Whether the chord {@code e} goes from a fork into a join: the one case the paper's mapping can get wrong. */
  boolean forkToJoin(final FlowEdge e) {
    return e.from() != e.to() && fork[e.from()] && join[e.to()];
  }
}
