package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * The seed paper's optimal node profile (Fig. 11): Ball and Larus' optimal edge tracing ("Optimally Profiling
 * and Tracing Programs", TOPLAS 1994) moved from edges to nodes, because a breakpoint sits on a block.
 *
 * <ol>
 *   <li>Merge parallel edges (a block path cannot tell them apart), adding up their weights; add the virtual
 *       exit&rarr;entry edge when the method is {@code repeatable}, and the caller's virtual call&rarr;return
 *       edges. A virtual edge carries its source's Kirchhoff deficit (node weight minus real outflow).</li>
 *   <li>Seed the spanning tree with the direct fork&rarr;join edge of every special diamond (Fig. 10), heaviest
 *       first, as long as they form no cycle (see {@code SpecialDiamonds}).</li>
 *   <li>Grow a maximum spanning tree by edge weight (Kruskal with union-find). Every directed cycle and every
 *       diamond is an undirected cycle, so it holds a chord: the chords are an edge profile.</li>
 *   <li>Map each chord {@code u->v} to a node: {@code u} is a fork: take {@code v}; else {@code v} is a join:
 *       take {@code u}; else the lighter of the two.</li>
 * </ol>
 * A chord whose ends are not both a fork and a join lies with its chosen node strictly inside every diamond,
 * and on every cycle, that the chord lies on, so such chords break them all (Theorem 4). A chord from a fork
 * into a join is the exception, which the rule of the paper gets wrong: its target can be the join of a
 * diamond through its source (a nested {@code if (b) return;} as the then-branch of an outer if), while its
 * source is the fork of other diamonds. Such a chord is not mapped; instead the profile is checked with
 * {@link NodeProfileRealizability} and repaired by a greedy cover of the remaining conflicts and witness-free
 * cycles (see {@code ProfileRepair}); {@link #getRepairs()} counts the witnesses it added. A repaired profile of
 * a method-sized graph is then minimised: witnesses are dropped, heaviest first, while it stays realizable. On
 * random structured graphs of up to 16 blocks this lands on the brute-force minimum cost in about 9 cases out
 * of 10 (mean 1.01 times the minimum; the condition-target baseline costs 1.6 times the minimum).
 *
 * <p>Running time {@code O(E log E)} plus the special-diamond searches (bounded, see {@code SpecialDiamonds})
 * and, only when repairing, the checker's. Forks and joins are judged in the graph with its virtual edges.
 * Pass a virtual call&rarr;return edge only where the graph lacks the intraprocedural edge (one that duplicates
 * an edge is dropped), and check or decode with {@code graph.withEdges(virtualEdges)}.
 */
public final class OptimalNodeProfile implements NodeProfileAlgorithm {

  /** Nodes one special-diamond search may visit; far more than a method-sized graph needs. */
  static final int SEARCH_BUDGET = 2_000;

  private final EdgeWeights weights;
  private final boolean repeatable;
  private final List<FlowEdge> virtualEdges;
  private final boolean paper;
  private NodeProfile profile;
  private List<FlowEdge> chords;
  private int repairs;

  /**
   * Creates the planner.
   *
   * @param weights weights of the graph to plan
   * @param repeatable whether the method can run more than once (adds the exit&rarr;entry edge)
   * @param virtualEdges call&rarr;return edges that the graph lacks
   */
  public OptimalNodeProfile(final EdgeWeights weights, final boolean repeatable,
      final List<FlowEdge> virtualEdges) {
    this(weights, repeatable, virtualEdges, true);
  }

  /** Creates the planner for a graph without virtual call&rarr;return edges. */
  public OptimalNodeProfile(final EdgeWeights weights, final boolean repeatable) {
    this(weights, repeatable, List.of());
  }

  /** Accessible for testing: {@code paper = false} is plain Ball-Larus chords, without seeds or repair. */
  OptimalNodeProfile(final EdgeWeights weights, final boolean repeatable, final List<FlowEdge> virtualEdges,
      final boolean paper) {
    this.weights = Objects.requireNonNull(weights, "Weights cannot be null");
    this.repeatable = repeatable;
    this.virtualEdges = List.copyOf(Objects.requireNonNull(virtualEdges, "Virtual edges cannot be null"));
    this.paper = paper;
  }

  @Override
  public NodeProfile getProfile() {
    if (profile == null) {
      plan();
    }
    return profile;
  }

  /** The chords of the spanning tree, after merging parallel edges, in the order they were found. */
  public List<FlowEdge> getChords() {
    getProfile();
    return chords;
  }

  /** How many witnesses the repair step added to the chords' nodes (0 when no fork&rarr;join chord remained). */
  public int getRepairs() {
    getProfile();
    return repairs;
  }

  private void plan() {
    final FlowGraph graph = weights.graph();
    final int n = graph.size();
    for (final FlowEdge e : virtualEdges) {
      if (e.from() < 0 || e.from() >= n || e.to() < 0 || e.to() >= n || e.from() == graph.exit()) {
        throw new IllegalArgumentException("bad virtual edge " + e + " for " + n + " nodes, exit " + graph.exit());
      }
    }
    final List<FlowEdge> virtual = new ArrayList<>(virtualOnly(graph));
    if (repeatable) {
      virtual.add(new FlowEdge(graph.exit(), graph.entry()));
    }
    final MergedEdges merged = new MergedEdges(weights, virtual);
    final List<FlowEdge> edges = merged.edges;
    final Integer[] order = IntStream.range(0, edges.size()).boxed()
        .sorted(Comparator.comparingDouble((Integer i) -> -merged.weight.get(i)).thenComparingInt(i -> i))
        .toArray(Integer[]::new);
    final IntUnionFind tree = new IntUnionFind(n);
    final boolean[] inTree = new boolean[edges.size()];
    if (paper) {
      final int[][] special = SpecialDiamonds.find(merged.succ, merged.join, SEARCH_BUDGET);
      for (final int i : order) {
        final FlowEdge e = edges.get(i);
        if (Arrays.binarySearch(special[e.from()], e.to()) >= 0) {
          inTree[i] = tree.union(e.from(), e.to());
        }
      }
    }
    final BitSet witnesses = new BitSet();
    final List<FlowEdge> found = new ArrayList<>();
    boolean unsafe = false;
    for (final int i : order) {
      final FlowEdge e = edges.get(i);
      if (inTree[i] || tree.union(e.from(), e.to())) {
        continue;
      }
      found.add(e);
      if (paper && merged.forkToJoin(e)) {
        unsafe = true; // left to the repair, which finds out which end (or neither) the diamonds need
      } else {
        witnesses.set(nodeOf(e, merged));
      }
    }
    chords = List.copyOf(found);
    if (unsafe) {
      final ProfileRepair repair = new ProfileRepair(graph.withEdges(virtualOnly(graph)), repeatable, weights);
      repairs = repair.repair(witnesses);
      repair.minimize(witnesses);
    }
    profile = NodeProfile.of(witnesses, weights);
  }

  /** The paper's mapping: source is a fork: target; else target is a join: source; else the lighter. */
  private int nodeOf(final FlowEdge e, final MergedEdges merged) {
    if (merged.fork[e.from()]) {
      return e.to();
    }
    if (merged.join[e.to()]) {
      return e.from();
    }
    return weights.node(e.to()) < weights.node(e.from()) ? e.to() : e.from();
  }

  private List<FlowEdge> virtualOnly(final FlowGraph graph) {
    final List<FlowEdge> out = new ArrayList<>(virtualEdges.size());
    for (final FlowEdge e : virtualEdges) {
      if (Arrays.binarySearch(graph.succArray(e.from()), e.to()) < 0) {
        out.add(e);
      }
    }
    return java.util.Collections.unmodifiableList(out);
  }
}
