package dev.jdtrace.plan.optimal;

/**
 * A directed edge of a {@link FlowGraph}.
 *
 * @param from source node
 * @param to target node
 */
public record FlowEdge(int from, int to) {

  @Override
  public String toString() {
    return from + "->" + to;
  }
}
