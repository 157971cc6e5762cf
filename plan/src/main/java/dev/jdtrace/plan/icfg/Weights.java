package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.optimal.EdgeWeights;
import dev.jdtrace.plan.optimal.FlowGraph;

/** Edge weights for each method's flow graph: the Ball-Larus estimate or counts from a previous trace. */
@FunctionalInterface
public interface Weights {

  /** Weights for the graph of the method with this index. */
  EdgeWeights of(int method, FlowGraph graph);

  /** The Ball-Larus static estimate: branches split evenly, loop bodies ×10. */
  static Weights staticEstimate() {
    return (method, graph) -> new dev.jdtrace.plan.optimal.BallLarusWeights(graph).getWeights();
  }
}
