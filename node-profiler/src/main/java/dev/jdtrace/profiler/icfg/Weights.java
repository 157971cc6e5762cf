package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.optimal.EdgeWeights;
import dev.jdtrace.profiler.optimal.FlowGraph;

/** Edge weights for each method's flow graph: the Ball-Larus estimate or counts from a previous trace. */
@FunctionalInterface
public interface Weights {

  /** Weights for the graph of the method with this index. */
  EdgeWeights of(int method, FlowGraph graph);

  /** The Ball-Larus static estimate: branches split evenly, loop bodies ×10. */
  static Weights staticEstimate() {
    return (method, graph) -> new dev.jdtrace.profiler.optimal.BallLarusWeights(graph).getWeights();
  }
}
