package dev.jdtrace.distributor.realizable;

import dev.jdtrace.profiler.optimal.FlowGraph;
import dev.jdtrace.profiler.optimal.FlowGraphs;

/** The seed paper's figures used by the distribution tests. */
final class Graphs {

  private Graphs() {
  }

  /**
   * Seed Fig. 1 stand-in (the figure itself was not available): a loop whose body is an if/else,
   * {@code b1; do { if (b2) b3 else b4; } while (b5); exit b6}. Node 0 is unused so that node k is b_k. Its
   * profile {b3, b4} is realizable: every iteration hits exactly one arm.
   */
  static FlowGraph fig1() {
    return FlowGraphs.of(7, 1, 6, 1, 2, 2, 3, 2, 4, 3, 5, 4, 5, 5, 2, 5, 6);
  }

  /**
   * Seed Fig. 2 stand-in: nested loops, {@code b1; while (b2) { while (b3) b4; b5; } exit b6}. Node 0 is unused.
   * Its profile {b4, b5} (inner body, outer latch) is realizable.
   */
  static FlowGraph fig2() {
    return FlowGraphs.of(7, 1, 6, 1, 2, 2, 3, 2, 6, 3, 4, 4, 3, 3, 5, 5, 2);
  }
}
