package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.optimal.FlowEdge;
import dev.jdtrace.plan.optimal.FlowGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * A method's CFG as a {@link FlowGraph}: node i is block i, node n is a virtual exit reached from every
 * return and {@code athrow}. Edges to exception handlers are kept so handlers are part of the plan;
 * a call's block already flows to its return site, which is the seed's call&rarr;return edge.
 */
public final class MethodGraphs {
  private MethodGraphs() {
  }

  public static FlowGraph of(final MethodCfg method) {
    final int n = method.blocks().size();
    final List<FlowEdge> edges = new ArrayList<>();
    for (final Block b : method.blocks()) {
      for (final int s : b.successors()) {
        edges.add(new FlowEdge(b.index(), s));
      }
      for (final int h : b.handlers()) {
        if (!b.successors().contains(h)) {
          edges.add(new FlowEdge(b.index(), h));
        }
      }
      switch (b.end()) {
        case RETURN, THROW -> edges.add(new FlowEdge(b.index(), n));
        default -> { }
      }
    }
    return FlowGraph.of(n + 1, 0, n, edges);
  }
}
