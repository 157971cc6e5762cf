package dev.jdtrace.plan.optimal;

import java.util.Objects;

/**
 * The choices of the reconstruction walk at one node: its distinct successors, except at the exit, where the
 * choices are the pseudo-target {@link FirstWitnesses#END} ("the run stops here") and, when the method is
 * repeatable, the entry through the virtual exit&rarr;entry edge. A node with two or more choices is a fork for
 * the realizability checks.
 */
public final class WalkChoices {

  private WalkChoices() {
  }

  /**
   * The choices at {@code v}, ascending ({@link FirstWitnesses#END} first); callers must not modify the array.
   *
   * @param graph the graph
   * @param repeatable whether the exit&rarr;entry edge exists
   * @param v the node
   * @return the choices
   */
  public static int[] of(final FlowGraph graph, final boolean repeatable, final int v) {
    Objects.requireNonNull(graph, "Graph cannot be null");
    if (v != graph.exit()) {
      return graph.succArray(v);
    }
    return repeatable ? new int[] {FirstWitnesses.END, graph.entry()} : new int[] {FirstWitnesses.END};
  }
}
