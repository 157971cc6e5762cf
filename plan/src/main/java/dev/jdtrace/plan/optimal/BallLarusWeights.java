package dev.jdtrace.plan.optimal;

import java.util.Arrays;
import java.util.Objects;

/**
 * The static edge-weight estimate of Ball and Larus ("Optimally Profiling and Tracing Programs", TOPLAS 1994,
 * section 5), as used by the seed paper's optimal node profile: branches split evenly and every loop runs its
 * body ten times per entry.
 *
 * <p>The estimate is a Markov chain solved exactly, so the weights satisfy Kirchhoff's flow law by
 * construction. At a node whose edges partly leave its innermost loop, the leaving edges share probability
 * 1/10 and the staying edges 9/10, so a loop with one exit test runs its body 10 times per entry, a loop nested
 * in it 100 times, and so on; every other node splits evenly over its edges (parallel edges each get a share).
 * Frequencies are propagated as in Wu and Larus ("Static Branch Frequency and Program Profile Analysis",
 * MICRO 1994): innermost loops first, each loop's cyclic probability {@code cp} turns its header's inflow
 * {@code f} into {@code f / (1 - cp)}.
 *
 * <p>Loops come from a depth-first search (see {@code LoopNest}), not dominators: in a reducible graph the
 * retreating edges are exactly the back edges. An irreducible graph (a loop with two entries, which javac never
 * emits) falls back to a cruder but still balanced weighting: one unit of flow along one entry-to-exit walk
 * through each edge. Nodes unreachable from the entry get weight 0. A loop with no way out (an infinite loop)
 * has its cyclic probability capped below 1, so the law only holds approximately inside it.
 *
 * <p>Running time {@code O(V + E + sum of loop body sizes)}; the first call of {@link #getWeights()} computes
 * and caches.
 */
public final class BallLarusWeights {

  /** Probability that a loop's exit test leaves the loop: bodies run 10 times per entry. */
  public static final double LOOP_EXIT_PROBABILITY = 0.1;
  private static final double MAX_CYCLIC_PROBABILITY = 1 - 1e-9;

  private final FlowGraph graph;
  private EdgeWeights weights;

  /**
   * Creates the estimator.
   *
   * @param graph the graph to weigh
   */
  public BallLarusWeights(final FlowGraph graph) {
    this.graph = Objects.requireNonNull(graph, "Graph cannot be null");
  }

  /** The estimated weights: expected edge traversals per run of the method. */
  public EdgeWeights getWeights() {
    if (weights == null) {
      final LoopNest loops = new LoopNest(graph);
      weights = new EdgeWeights(graph, loops.reducible ? markov(loops) : walkCover(loops));
    }
    return weights;
  }

  private double[] markov(final LoopNest loops) {
    final double[] prob = probabilities(loops);
    final double[] freq = new double[graph.size()];
    final double[] ef = new double[graph.edges().size()];
    final double[] cyclic = new double[graph.size()];
    for (final int h : loops.headers) {
      propagate(loops, loops.body[h], h, prob, freq, ef, cyclic);
      double back = 0;
      for (final int e : graph.inEdgeArray(h)) {
        back += loops.retreating[e] ? ef[e] : 0;
      }
      cyclic[h] = Math.min(back, MAX_CYCLIC_PROBABILITY);
    }
    propagate(loops, loops.rpo, -1, prob, freq, ef, cyclic);
    return ef;
  }

  /**
   * Propagates one unit of flow from the loop header {@code head} (or from the entry when {@code head} is -1)
   * through {@code nodes}, given in RPO order; inner loops are already summarised by their cyclic probability.
   */
  private void propagate(final LoopNest loops, final int[] nodes, final int head, final double[] prob,
      final double[] freq, final double[] ef, final double[] cyclic) {
    for (final int x : nodes) {
      double f;
      if (x == head) {
        f = 1;
      } else {
        f = x == graph.entry() ? 1 : 0;
        for (final int e : graph.inEdgeArray(x)) {
          if (!loops.retreating[e] && loops.rpoIndex[graph.edges().get(e).from()] >= 0) {
            f += ef[e];
          }
        }
        if (loops.body[x] != null) {
          f /= 1 - cyclic[x];
        }
      }
      freq[x] = f;
      for (final int e : graph.outEdgeArray(x)) {
        ef[e] = prob[e] * f;
      }
    }
  }

  private double[] probabilities(final LoopNest loops) {
    final double[] prob = new double[graph.edges().size()];
    for (final int u : loops.rpo) {
      final int[] out = graph.outEdgeArray(u);
      final int loop = loops.loopOf[u];
      int leaving = 0;
      for (final int e : out) {
        leaving += loop != -1 && !loops.inLoop(loop, graph.edges().get(e).to()) ? 1 : 0;
      }
      final int staying = out.length - leaving;
      for (final int e : out) {
        final boolean leaves = loop != -1 && !loops.inLoop(loop, graph.edges().get(e).to());
        if (leaving == 0 || staying == 0) {
          prob[e] = 1.0 / out.length;
        } else {
          prob[e] = leaves ? LOOP_EXIT_PROBABILITY / leaving : (1 - LOOP_EXIT_PROBABILITY) / staying;
        }
      }
    }
    return prob;
  }

  /**
   * Fallback for irreducible graphs: for each edge {@code u->v} on some entry-to-exit walk, one unit of flow
   * along a BFS-tree walk entry~>u, the edge, and a BFS-tree walk v~>exit. A sum of such walks balances
   * exactly.
   */
  private double[] walkCover(final LoopNest loops) {
    final Tree down = bfs(graph.entry(), true);
    final Tree up = bfs(graph.exit(), false);
    final double[] w = new double[graph.edges().size()];
    final double[] downDemand = new double[graph.size()];
    final double[] upDemand = new double[graph.size()];
    for (int e = 0; e < w.length; e++) {
      final FlowEdge edge = graph.edges().get(e);
      if (loops.rpoIndex[edge.from()] >= 0 && up.reached(edge.to())) {
        w[e] += 1;
        downDemand[edge.from()] += 1;
        upDemand[edge.to()] += 1;
      }
    }
    accumulate(down, true, downDemand, w);
    accumulate(up, false, upDemand, w);
    return w;
  }

  /** Adds each subtree's demand to the tree edge above it, deepest nodes first. */
  private void accumulate(final Tree tree, final boolean forward, final double[] demand, final double[] w) {
    for (int i = tree.order.length - 1; i > 0; i--) {
      final int x = tree.order[i];
      final FlowEdge e = graph.edges().get(tree.edge[x]);
      w[tree.edge[x]] += demand[x];
      demand[forward ? e.from() : e.to()] += demand[x];
    }
  }

  /** A BFS tree: per node the tree edge reaching it (-1 for the root and unreached nodes), and BFS order. */
  private record Tree(int[] edge, int[] order) {
    boolean reached(final int v) {
      return edge[v] >= 0 || v == order[0];
    }
  }

  private Tree bfs(final int root, final boolean forward) {
    final int[] edge = new int[graph.size()];
    Arrays.fill(edge, -1);
    final boolean[] seen = new boolean[graph.size()];
    final int[] order = new int[graph.size()];
    int head = 0;
    int tail = 0;
    seen[root] = true;
    order[tail++] = root;
    while (head < tail) {
      final int x = order[head++];
      for (final int e : forward ? graph.outEdgeArray(x) : graph.inEdgeArray(x)) {
        final int y = forward ? graph.edges().get(e).to() : graph.edges().get(e).from();
        if (!seen[y]) {
          seen[y] = true;
          edge[y] = e;
          order[tail++] = y;
        }
      }
    }
    return new Tree(edge, Arrays.copyOf(order, tail));
  }
}
