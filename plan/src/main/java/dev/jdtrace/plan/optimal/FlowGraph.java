package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * An immutable directed graph over the nodes {@code 0..size-1} with one entry and one exit: the abstract
 * control-flow graph of one method that the planning, checking and decoding algorithms of this package work on.
 *
 * <p><b>Parallel edges.</b> {@link #edges()} keeps every edge, parallel ones included (a switch whose two cases
 * jump to the same block), because edge weights and observed counts are per edge. A block path cannot tell two
 * parallel edges apart, so every algorithm that reasons about paths uses the distinct {@link #successors(int)
 * successors} and {@link #predecessors(int) predecessors}; the optimal planner merges parallel edges and adds
 * up their weights.
 *
 * <p><b>Exit.</b> The exit has no outgoing edge: a run ends there. Whether a method can run again is not a
 * property of the graph but a {@code repeatable} flag of each algorithm, which then adds the virtual
 * exit&rarr;entry edge of the seed paper.
 *
 * <p>This is a final class rather than a record so that it can keep its adjacency arrays, built once in
 * {@code O(V + E log E)}. Equality is by value over size, entry, exit and the edge list.
 */
public final class FlowGraph {

  private final int size;
  private final int entry;
  private final int exit;
  private final List<FlowEdge> edges;
  private final int[][] succ;
  private final int[][] pred;
  private final int[][] outEdges;
  private final int[][] inEdges;

  private FlowGraph(final int size, final int entry, final int exit, final List<FlowEdge> edges) {
    this.size = size;
    this.entry = entry;
    this.exit = exit;
    this.edges = edges;
    final int[] outDeg = new int[size];
    final int[] inDeg = new int[size];
    for (final FlowEdge e : edges) {
      outDeg[e.from()]++;
      inDeg[e.to()]++;
    }
    outEdges = new int[size][];
    inEdges = new int[size][];
    for (int v = 0; v < size; v++) {
      outEdges[v] = new int[outDeg[v]];
      inEdges[v] = new int[inDeg[v]];
    }
    Arrays.fill(outDeg, 0);
    Arrays.fill(inDeg, 0);
    for (int i = 0; i < edges.size(); i++) {
      final FlowEdge e = edges.get(i);
      outEdges[e.from()][outDeg[e.from()]++] = i;
      inEdges[e.to()][inDeg[e.to()]++] = i;
    }
    succ = new int[size][];
    pred = new int[size][];
    for (int v = 0; v < size; v++) {
      succ[v] = distinctEnds(outEdges[v], true);
      pred[v] = distinctEnds(inEdges[v], false);
    }
  }

  /**
   * Creates a graph.
   *
   * @param size number of nodes
   * @param entry the entry node
   * @param exit the exit node, distinct from the entry, without outgoing edges
   * @param edges the edges, parallel edges and self-loops allowed
   * @return the graph
   * @throws IllegalArgumentException if a node is out of range, entry equals exit, or the exit has a successor
   */
  public static FlowGraph of(final int size, final int entry, final int exit, final Collection<FlowEdge> edges) {
    Objects.requireNonNull(edges, "Edges cannot be null");
    if (size < 2 || entry < 0 || entry >= size || exit < 0 || exit >= size || entry == exit) {
      throw new IllegalArgumentException(
          "need distinct entry and exit in 0.." + (size - 1) + ", got entry " + entry + ", exit " + exit);
    }
    final List<FlowEdge> copy = List.copyOf(edges);
    for (final FlowEdge e : copy) {
      if (e.from() < 0 || e.from() >= size || e.to() < 0 || e.to() >= size) {
        throw new IllegalArgumentException("edge " + e + " out of range 0.." + (size - 1));
      }
      if (e.from() == exit) {
        throw new IllegalArgumentException("the exit " + exit + " cannot have a successor: " + e);
      }
    }
    return new FlowGraph(size, entry, exit, copy);
  }

  /** Number of nodes. */
  public int size() {
    return size;
  }

  /** The entry node. */
  public int entry() {
    return entry;
  }

  /** The exit node. */
  public int exit() {
    return exit;
  }

  /** Every edge, parallel edges included; an edge's position is its index for weights. */
  public List<FlowEdge> edges() {
    return edges;
  }

  /** Distinct successors of {@code v}, ascending. */
  public List<Integer> successors(final int v) {
    return boxed(succ[v]);
  }

  /** Distinct predecessors of {@code v}, ascending. */
  public List<Integer> predecessors(final int v) {
    return boxed(pred[v]);
  }

  /** Indices in {@link #edges()} of the edges leaving {@code v}. */
  public List<Integer> outEdges(final int v) {
    return boxed(outEdges[v]);
  }

  /** Indices in {@link #edges()} of the edges entering {@code v}. */
  public List<Integer> inEdges(final int v) {
    return boxed(inEdges[v]);
  }

  /** Whether {@code v} has at least two distinct successors (a conditional branch or switch). */
  public boolean isFork(final int v) {
    return succ[v].length >= 2;
  }

  /** A copy of this graph with more edges, for example the call&rarr;return edges of a caller. */
  public FlowGraph withEdges(final Collection<FlowEdge> extra) {
    final List<FlowEdge> all = new ArrayList<>(edges);
    all.addAll(extra);
    return of(size, entry, exit, all);
  }

  // Raw arrays for the algorithms of this package; callers must not modify them.
  int[] succArray(final int v) {
    return succ[v];
  }

  int[] predArray(final int v) {
    return pred[v];
  }

  int[] outEdgeArray(final int v) {
    return outEdges[v];
  }

  int[] inEdgeArray(final int v) {
    return inEdges[v];
  }

  private int[] distinctEnds(final int[] edgeIndices, final boolean targets) {
    final int[] ends = new int[edgeIndices.length];
    for (int k = 0; k < ends.length; k++) {
      final FlowEdge e = edges.get(edgeIndices[k]);
      ends[k] = targets ? e.to() : e.from();
    }
    Arrays.sort(ends);
    int distinct = 0;
    for (int k = 0; k < ends.length; k++) {
      if (distinct == 0 || ends[distinct - 1] != ends[k]) {
        ends[distinct++] = ends[k];
      }
    }
    return distinct == ends.length ? ends : Arrays.copyOf(ends, distinct);
  }

  private static List<Integer> boxed(final int[] values) {
    return Arrays.stream(values).boxed().toList();
  }

  @Override
  public boolean equals(final Object o) {
    return o instanceof FlowGraph g
        && g.size == size && g.entry == entry && g.exit == exit && g.edges.equals(edges);
  }

  @Override
  public int hashCode() {
    return Objects.hash(size, entry, exit, edges);
  }

  @Override
  public String toString() {
    return "FlowGraph[size=" + size + ", entry=" + entry + ", exit=" + exit + ", edges=" + edges + "]";
  }
}
