package dev.jdtrace.profiler.optimal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 *       first, as long as they form no cycle (see {@link SpecialDiamonds}).</li>
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
 * {@link NodeProfileRealizability} and repaired: per conflicting fork the lighter successor that is not yet a
 * witness, per witness-free cycle its lightest node, until realizable. Adding witnesses never creates a
 * conflict, so this ends within V rounds; {@link #getRepairs()} counts the added witnesses. A repaired profile
 * of a method-sized graph is then minimised: witnesses are dropped, heaviest first, while it stays realizable.
 *
 * <p>Running time {@code O(E log E)} plus the special-diamond searches (bounded, see {@link SpecialDiamonds})
 * and, only when repairing, the checker's. Forks and joins are judged in the graph with its virtual edges.
 * Pass a virtual call&rarr;return edge only where the graph lacks the intraprocedural edge (one that duplicates
 * an edge is dropped), and check or decode with {@code graph.withEdges(virtualEdges)}.
 */
public final class OptimalNodeProfile implements NodeProfileAlgorithm {

  /** Nodes one special-diamond search may visit; far more than a method-sized graph needs. */
  static final int SEARCH_BUDGET = 2_000;
  /** Largest graph whose repaired profile is minimised witness by witness (one check each). */
  static final int MINIMIZE_LIMIT = 2_000;

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
    final List<FlowEdge> edges = new ArrayList<>();
    final List<Double> weight = new ArrayList<>();
    merge(graph, edges, weight);
    // Edges are merged, so successor lists are distinct; a self-loop counts like any edge.
    final int[][] succ = successors(n, edges);
    final int[] inDeg = new int[n];
    edges.forEach(e -> inDeg[e.to()]++);
    final boolean[] fork = new boolean[n];
    final boolean[] join = new boolean[n];
    for (int v = 0; v < n; v++) {
      fork[v] = succ[v].length >= 2;
      join[v] = inDeg[v] >= 2;
    }
    final Integer[] order = IntStream.range(0, edges.size()).boxed()
        .sorted(Comparator.comparingDouble((Integer i) -> -weight.get(i)).thenComparingInt(i -> i))
        .toArray(Integer[]::new);
    final IntUnionFind tree = new IntUnionFind(n);
    final boolean[] inTree = new boolean[edges.size()];
    if (paper) {
      final int[][] special = SpecialDiamonds.find(succ, join, SEARCH_BUDGET);
      for (final int i : order) {
        final FlowEdge e = edges.get(i);
        if (Arrays.binarySearch(special[e.from()], e.to()) >= 0) {
          inTree[i] = tree.union(e.from(), e.to());
        }
      }
    }
    final BitSet witnesses = new BitSet();
    chords = new ArrayList<>();
    boolean unsafe = false;
    for (final int i : order) {
      final FlowEdge e = edges.get(i);
      if (inTree[i] || tree.union(e.from(), e.to())) {
        continue;
      }
      chords.add(e);
      final boolean forkToJoin = e.from() != e.to() && fork[e.from()] && join[e.to()];
      if (forkToJoin && paper) {
        unsafe = true; // left to the repair, which sees which end (or neither) the diamonds need
      } else {
        witnesses.set(nodeOf(e, fork, join));
      }
    }
    chords = List.copyOf(chords);
    if (unsafe) {
      final FlowGraph full = graph.withEdges(virtualOnly(graph));
      repair(full, witnesses);
      minimize(full, witnesses);
    }
    profile = NodeProfile.of(witnesses, weights);
  }

  private int nodeOf(final FlowEdge e, final boolean[] fork, final boolean[] join) {
    if (fork[e.from()]) {
      return e.to();
    }
    if (join[e.to()]) {
      return e.from();
    }
    return weights.node(e.to()) < weights.node(e.from()) ? e.to() : e.from();
  }

  /** Adds witnesses until the checker accepts; each round adds at least one, so at most V rounds. */
  private void repair(final FlowGraph full, final BitSet witnesses) {
    while (true) {
      final NodeProfileRealizability.Result verdict =
          new NodeProfileRealizability(full, repeatable, witnesses).getResult();
      if (verdict.isRealizable()) {
        return;
      }
      final BitSet added = RepairCover.choose(problems(verdict, witnesses), weights);
      repairs += added.cardinality();
      witnesses.or(added);
    }
  }

  /**
   * After a repair, drops witnesses that turned out redundant, heaviest first, while the checker still accepts.
   * One check per witness, so only for method-sized graphs.
   */
  private void minimize(final FlowGraph full, final BitSet witnesses) {
    if (full.size() > MINIMIZE_LIMIT) {
      return;
    }
    final int[] heaviestFirst = witnesses.stream().boxed()
        .sorted(Comparator.comparingDouble((Integer v) -> -weights.node(v)).thenComparingInt(v -> v))
        .mapToInt(Integer::intValue).toArray();
    for (final int w : heaviestFirst) {
      witnesses.clear(w);
      if (!new NodeProfileRealizability(full, repeatable, witnesses).getResult().isRealizable()) {
        witnesses.set(w);
      }
    }
  }

  /** Per conflict its successors that are not witnesses yet; per witness-free cycle its nodes. */
  private static List<int[]> problems(final NodeProfileRealizability.Result verdict, final BitSet witnesses) {
    final List<int[]> problems = new ArrayList<>();
    for (final NodeProfileRealizability.Conflict c : verdict.conflicts()) {
      problems.add(IntStream.of(c.target1(), c.target2())
          .filter(t -> t != FirstWitnesses.END && !witnesses.get(t)).toArray());
    }
    verdict.cycles().forEach(c -> problems.add(c.stream().mapToInt(Integer::intValue).toArray()));
    return problems;
  }

  private void merge(final FlowGraph graph, final List<FlowEdge> edges, final List<Double> weight) {
    final Map<FlowEdge, Integer> index = new HashMap<>();
    for (int i = 0; i < graph.edges().size(); i++) {
      final FlowEdge e = graph.edges().get(i);
      final Integer at = index.putIfAbsent(e, edges.size());
      if (at == null) {
        edges.add(e);
        weight.add(weights.edge(i));
      } else {
        weight.set(at, weight.get(at) + weights.edge(i));
      }
    }
    final List<FlowEdge> virtual = new ArrayList<>(virtualOnly(graph));
    if (repeatable) {
      virtual.add(new FlowEdge(graph.exit(), graph.entry()));
    }
    final double[] out = new double[graph.size()];
    for (int i = 0; i < graph.edges().size(); i++) {
      out[graph.edges().get(i).from()] += weights.edge(i);
    }
    for (final FlowEdge e : virtual) {
      if (index.putIfAbsent(e, edges.size()) == null) {
        edges.add(e);
        weight.add(Math.max(0, weights.node(e.from()) - out[e.from()]));
      }
    }
  }

  private static int[][] successors(final int n, final List<FlowEdge> edges) {
    final int[] deg = new int[n];
    edges.forEach(e -> deg[e.from()]++);
    final int[][] succ = new int[n][];
    for (int v = 0; v < n; v++) {
      succ[v] = new int[deg[v]];
      deg[v] = 0;
    }
    edges.forEach(e -> succ[e.from()][deg[e.from()]++] = e.to());
    for (final int[] s : succ) {
      Arrays.sort(s);
    }
    return succ;
  }

  private List<FlowEdge> virtualOnly(final FlowGraph graph) {
    return virtualEdges.stream().filter(e -> !graph.successors(e.from()).contains(e.to())).toList();
  }
}
