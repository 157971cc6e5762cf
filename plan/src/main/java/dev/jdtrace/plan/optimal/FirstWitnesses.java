package dev.jdtrace.plan.optimal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The FIRST sets of a node profile: for each node {@code v}, the witnesses that a path from {@code v} can hit
 * first, i.e. the witnesses {@code w} with a path {@code v ~> w} whose nodes before {@code w} are all
 * non-witnesses, plus the pseudo-witness {@link #END} if such a witness-free path reaches the exit (where a run
 * may stop). A witness's own set is itself. With {@code repeatable}, the virtual exit&rarr;entry edge is
 * followed too.
 *
 * <p>These sets are what the seed paper's realizability conditions (Theorems 2 and 4) and the reconstruction
 * walk (Fig. 9) compare: at a fork, a successor is consistent with a stream iff its set holds the stream's head.
 *
 * <p>Computed once for all nodes: Tarjan's strongly connected components of the witness-free subgraph, in
 * reverse topological order, so that each component's set is the union of its successors' sets. All nodes of a
 * component share one array, and a component that only passes on one successor's set shares that array too.
 * Running time {@code O(V + E + total set size)}, typically small because witnesses stop the propagation. The
 * components that contain a cycle are the witness-free cycles, which {@link #witnessFreeCycles()} reports.
 */
public final class FirstWitnesses {

  /** The pseudo-witness "the run may end here": a witness-free path reaches the exit. */
  public static final int END = -1;

  private final FlowGraph graph;
  private final boolean repeatable;
  private final BitSet witnesses;
  private int[][] sets;
  private List<List<Integer>> cycles;
  private int[] buffer;

  /**
   * Creates the FIRST sets of a profile.
   *
   * @param graph the graph
   * @param repeatable whether the virtual exit&rarr;entry edge is followed
   * @param witnesses the profile (copied)
   */
  public FirstWitnesses(final FlowGraph graph, final boolean repeatable, final BitSet witnesses) {
    this.graph = Objects.requireNonNull(graph, "Graph cannot be null");
    this.repeatable = repeatable;
    this.witnesses = (BitSet) Objects.requireNonNull(witnesses, "Witnesses cannot be null").clone();
  }

  /** The first witnesses of {@code v}, ascending ({@link #END} first when present); a copy. */
  public int[] of(final int v) {
    return raw(v).clone();
  }

  /** Whether {@code witness} (or {@link #END}) is a first witness of {@code v}. */
  public boolean contains(final int v, final int witness) {
    return Arrays.binarySearch(raw(v), witness) >= 0;
  }

  /** One explicit cycle (a node list, each followed by the next, the last by the first) per witness-free cycle. */
  public List<List<Integer>> witnessFreeCycles() {
    raw(0);
    return cycles;
  }

  int[] raw(final int v) {
    if (sets == null) {
      compute();
    }
    return sets[v];
  }

  /** Successors with the virtual exit-&gt;entry edge when repeatable. */
  int[] next(final int v) {
    return repeatable && v == graph.exit() ? new int[] {graph.entry()} : graph.succArray(v);
  }

  private void compute() {
    final int n = graph.size();
    sets = new int[n][];
    cycles = new ArrayList<>();
    buffer = new int[n + 1];
    final int[] index = new int[n];
    final int[] low = new int[n];
    final int[] comp = new int[n];
    Arrays.fill(comp, -1);
    final int[] stack = new int[n];
    final int[] call = new int[n];
    final int[] pos = new int[n];
    final int[] stamp = new int[n + 1];
    int counter = 0;
    int components = 0;
    for (int v = 0; v < n; v++) {
      if (witnesses.get(v)) {
        sets[v] = new int[] {v};
      }
    }
    int sp = 0;
    for (int root = 0; root < n; root++) {
      if (witnesses.get(root) || index[root] != 0) {
        continue;
      }
      int cp = 0;
      call[cp++] = root;
      index[root] = low[root] = ++counter;
      stack[sp++] = root;
      while (cp > 0) {
        final int v = call[cp - 1];
        final int[] succ = next(v);
        if (pos[v] < succ.length) {
          final int w = succ[pos[v]++];
          if (witnesses.get(w)) {
            continue;
          }
          if (index[w] == 0) {
            index[w] = low[w] = ++counter;
            stack[sp++] = w;
            call[cp++] = w;
          } else if (comp[w] == -1) {
            low[v] = Math.min(low[v], index[w]);
          }
          continue;
        }
        cp--;
        if (cp > 0) {
          low[call[cp - 1]] = Math.min(low[call[cp - 1]], low[v]);
        }
        if (low[v] == index[v]) {
          int start = sp;
          do {
            comp[stack[--start]] = components;
          } while (stack[start] != v);
          final int[] members = Arrays.copyOfRange(stack, start, sp);
          sp = start;
          finish(members, comp, components, stamp);
          components++;
        }
      }
    }
    buffer = null;
  }

  /** Computes the shared set of one completed component; every component it reaches is already done. */
  private void finish(final int[] members, final int[] comp, final int id, final int[] stamp) {
    final int mark = id + 1;
    int[] only = null;
    boolean single = true;
    int size = 0;
    boolean cyclic = members.length > 1;
    for (final int v : members) {
      if (v == graph.exit()) {
        single = false;
        if (stamp[0] != mark) {
          stamp[0] = mark;
          buffer[size++] = END;
        }
      }
      for (final int w : next(v)) {
        cyclic |= w == v;
        if (!witnesses.get(w) && comp[w] == id) {
          continue;
        }
        final int[] part = sets[w];
        if (only == null) {
          only = part;
        } else if (only != part) {
          single = false;
        }
        for (final int x : part) {
          if (stamp[x + 1] != mark) {
            stamp[x + 1] = mark;
            buffer[size++] = x;
          }
        }
      }
    }
    final int[] set;
    if (single && only != null) {
      set = only;
    } else {
      set = Arrays.copyOf(buffer, size);
      Arrays.sort(set);
    }
    for (final int v : members) {
      sets[v] = set;
    }
    if (cyclic) {
      cycles.add(cycleThrough(members, comp, id));
    }
  }

  /** A shortest cycle through the first member, inside its component (BFS). */
  private List<Integer> cycleThrough(final int[] members, final int[] comp, final int id) {
    final int start = members[0];
    final Map<Integer, Integer> parent = new HashMap<>();
    final ArrayDeque<Integer> queue = new ArrayDeque<>();
    queue.add(start);
    while (!queue.isEmpty()) {
      final int x = queue.poll();
      for (final int w : next(x)) {
        if (witnesses.get(w) || comp[w] != id) {
          continue;
        }
        if (w == start) {
          final List<Integer> cycle = new ArrayList<>();
          for (int y = x; y != start; y = parent.get(y)) {
            cycle.add(0, y);
          }
          cycle.add(0, start);
          return List.copyOf(cycle);
        }
        if (!parent.containsKey(w)) {
          parent.put(w, x);
          queue.add(w);
        }
      }
    }
    throw new IllegalStateException("component without a cycle: " + Arrays.toString(members));
  }
}
