package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** Small helpers for test graphs, for the optimal profile's, the distributor's and the walk's tests. */
public final class FlowGraphs {

  private FlowGraphs() {
  }

  /** A graph from edge pairs: {@code of(4, 0, 3, 0,1, 1,3, ...)}. */
  public static FlowGraph of(final int size, final int entry, final int exit, final int... pairs) {
    final List<FlowEdge> edges = new ArrayList<>();
    for (int i = 0; i < pairs.length; i += 2) {
      edges.add(new FlowEdge(pairs[i], pairs[i + 1]));
    }
    return FlowGraph.of(size, entry, exit, edges);
  }

  /** Real successors plus the virtual exit-to-entry edge. */
  static int[] next(final FlowGraph graph, final boolean repeatable, final int v) {
    return repeatable && v == graph.exit() ? new int[] {graph.entry()} : graph.succArray(v);
  }

  public static BitSet bits(final int... nodes) {
    final BitSet b = new BitSet();
    for (final int n : nodes) {
      b.set(n);
    }
    return b;
  }

  /** The witnesses chosen by a list of booleans (node i is a witness iff choice i is true). */
  static BitSet subset(final int size, final List<Boolean> choice) {
    final BitSet b = new BitSet();
    for (int i = 0; i < size && i < choice.size(); i++) {
      if (choice.get(i)) {
        b.set(i);
      }
    }
    return b;
  }
}
