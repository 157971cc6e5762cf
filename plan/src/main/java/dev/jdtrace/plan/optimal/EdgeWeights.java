package dev.jdtrace.plan.optimal;

import java.util.Arrays;
import java.util.Objects;

/**
 * Expected (or observed) traversal counts of the edges of one {@link FlowGraph}, per run of the method.
 *
 * <p>Good weights satisfy Kirchhoff's flow law: at every node except the entry and the exit, inflow equals
 * outflow; with the virtual exit&rarr;entry edge carrying the exit's inflow, every node balances. The weight of
 * a node, its expected number of hits, is then {@code max(inflow, outflow)}: the outflow at the entry, the
 * inflow at the exit, either elsewhere.
 *
 * <p>Immutable: the constructor and {@link #edges()} copy the array.
 */
public final class EdgeWeights {

  private final FlowGraph graph;
  private final double[] edge;
  private final double[] node;

  /**
   * Creates weights for a graph.
   *
   * @param graph the graph
   * @param edgeWeights one non-negative weight per edge of {@code graph.edges()}, by index
   */
  public EdgeWeights(final FlowGraph graph, final double[] edgeWeights) {
    this.graph = Objects.requireNonNull(graph, "Graph cannot be null");
    Objects.requireNonNull(edgeWeights, "Weights cannot be null");
    if (edgeWeights.length != graph.edges().size()) {
      throw new IllegalArgumentException(
          "need " + graph.edges().size() + " edge weights, got " + edgeWeights.length);
    }
    this.edge = edgeWeights.clone();
    final double[] in = new double[graph.size()];
    final double[] out = new double[graph.size()];
    for (int i = 0; i < edge.length; i++) {
      if (!(edge[i] >= 0) || Double.isInfinite(edge[i])) {
        throw new IllegalArgumentException("edge weight " + i + " is " + edge[i]);
      }
      out[graph.edges().get(i).from()] += edge[i];
      in[graph.edges().get(i).to()] += edge[i];
    }
    this.node = new double[graph.size()];
    for (int v = 0; v < node.length; v++) {
      node[v] = Math.max(in[v], out[v]);
    }
  }

  /**
   * Weights from observed edge counts, for example those of a previous trace (the seed's trace profile). Counts
   * of complete runs satisfy Kirchhoff's law by construction.
   */
  public static EdgeWeights fromCounts(final FlowGraph graph, final long[] counts) {
    Objects.requireNonNull(counts, "Counts cannot be null");
    return new EdgeWeights(graph, Arrays.stream(counts).asDoubleStream().toArray());
  }

  /**
   * Weights from one recorded block path (one or several runs; a step from the exit to the entry starts a new
   * run). A step over parallel edges is counted on the first of them, since a block path cannot tell them apart.
   *
   * @throws IllegalArgumentException if a step of the path is not an edge of the graph
   */
  public static EdgeWeights fromPath(final FlowGraph graph, final int[] path) {
    final long[] counts = new long[graph.edges().size()];
    for (int i = 0; i + 1 < path.length; i++) {
      if (path[i] == graph.exit() && path[i + 1] == graph.entry()) {
        continue;
      }
      counts[edgeIndex(graph, path[i], path[i + 1])]++;
    }
    return fromCounts(graph, counts);
  }

  private static int edgeIndex(final FlowGraph graph, final int from, final int to) {
    for (final int i : graph.outEdgeArray(from)) {
      if (graph.edges().get(i).to() == to) {
        return i;
      }
    }
    throw new IllegalArgumentException("no edge " + from + "->" + to);
  }

  /** The graph these weights belong to. */
  public FlowGraph graph() {
    return graph;
  }

  /** Weight of the edge with index {@code i} in {@code graph().edges()}. */
  public double edge(final int i) {
    return edge[i];
  }

  /** A copy of all edge weights, by edge index. */
  public double[] edges() {
    return edge.clone();
  }

  /** Weight of node {@code v}: its expected hits per run, {@code max(inflow, outflow)}. */
  public double node(final int v) {
    return node[v];
  }

  /**
   * The largest violation of Kirchhoff's law, relative to the entry's outflow: {@code |inflow - outflow|} at
   * each node other than the entry and exit, and the imbalance between the entry's net outflow and the exit's
   * inflow (which the virtual exit&rarr;entry edge must carry). Zero for perfectly balanced weights.
   */
  public double kirchhoffError() {
    final double[] balance = new double[graph.size()];
    for (int i = 0; i < edge.length; i++) {
      balance[graph.edges().get(i).from()] -= edge[i];
      balance[graph.edges().get(i).to()] += edge[i];
    }
    double worst = Math.abs(balance[graph.entry()] + balance[graph.exit()]);
    for (int v = 0; v < balance.length; v++) {
      if (v != graph.entry() && v != graph.exit()) {
        worst = Math.max(worst, Math.abs(balance[v]));
      }
    }
    final double scale = Math.max(1e-300, -balance[graph.entry()]);
    return worst / scale;
  }
}
