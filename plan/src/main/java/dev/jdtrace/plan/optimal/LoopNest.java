package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The loop-nesting forest of a {@link FlowGraph} from one depth-first search: retreating edges, natural loop
 * bodies, each node's innermost loop, and whether the graph is reducible. In a reducible graph every retreating
 * edge is a back edge (its target dominates its source), so the DFS finds the same loops as dominators would,
 * without computing them. Nodes unreachable from the entry belong to no loop and have no RPO position.
 *
 * <p>Running time {@code O(V + E + sum of loop body sizes)}.
 */
final class LoopNest {

  final FlowGraph graph;
  /** Reachable nodes in reverse postorder. */
  final int[] rpo;
  /** Position of each node in {@link #rpo}, -1 if unreachable. */
  final int[] rpoIndex;
  /** Per edge index: whether the DFS met it as a retreating edge. */
  final boolean[] retreating;
  /** Loop headers, innermost (smallest body) first. */
  final int[] headers;
  /** Per node: its loop body in RPO order if it is a header, else null. */
  final int[][] body;
  /** Per node: innermost loop header containing it (a header's own loop), -1 if none. */
  final int[] loopOf;
  /** Per header: innermost header of a loop strictly containing it, -1 if none. */
  final int[] parent;
  /** Whether every loop has its header as its only entry. */
  final boolean reducible;
  // Scratch marks shared by all loops, so that finding a loop costs its size and not the graph's.
  private final int[] mark;
  private final int[] work;
  private int stamp;

  LoopNest(final FlowGraph graph) {
    this.graph = graph;
    final int n = graph.size();
    retreating = new boolean[graph.edges().size()];
    rpoIndex = new int[n];
    Arrays.fill(rpoIndex, -1);
    rpo = depthFirst();
    for (int i = 0; i < rpo.length; i++) {
      rpoIndex[rpo[i]] = i;
    }
    mark = new int[n];
    work = new int[n];
    body = new int[n][];
    loopOf = new int[n];
    parent = new int[n];
    Arrays.fill(loopOf, -1);
    Arrays.fill(parent, -1);
    boolean ok = true;
    final List<Integer> heads = new ArrayList<>();
    for (final int h : rpo) {
      final int[] in = graph.inEdgeArray(h);
      int count = 0;
      for (final int e : in) {
        count += retreating[e] ? 1 : 0;
      }
      final int[] latches = new int[count];
      count = 0;
      for (final int e : in) {
        if (retreating[e]) {
          latches[count++] = graph.edges().get(e).from();
        }
      }
      if (latches.length > 0) {
        body[h] = naturalLoop(h, latches);
        ok &= singleEntry(h, body[h]);
        heads.add(h);
      }
    }
    reducible = ok;
    // Innermost first: a nested loop's body is strictly smaller than the body that contains it.
    headers = heads.stream().sorted((a, b) -> Integer.compare(body[a].length, body[b].length))
        .mapToInt(Integer::intValue).toArray();
    for (final int h : headers) {
      for (final int x : body[h]) {
        if (loopOf[x] == -1) {
          loopOf[x] = h;
        } else if (body[x] != null && x != h && parent[x] == -1) {
          parent[x] = h;
        }
      }
    }
  }

  /** Whether node {@code x} lies in the body of the loop headed by {@code h}. */
  boolean inLoop(final int h, final int x) {
    for (int l = loopOf[x]; l != -1; l = parent[l]) {
      if (l == h) {
        return true;
      }
    }
    return false;
  }

  private int[] depthFirst() {
    final int n = graph.size();
    final byte[] state = new byte[n];
    final int[] stack = new int[n];
    final int[] next = new int[n];
    final int[] post = new int[n];
    int top = 0;
    int count = 0;
    stack[top++] = graph.entry();
    state[graph.entry()] = 1;
    while (top > 0) {
      final int v = stack[top - 1];
      final int[] out = graph.outEdgeArray(v);
      if (next[v] < out.length) {
        final int e = out[next[v]++];
        final int w = graph.edges().get(e).to();
        if (state[w] == 0) {
          state[w] = 1;
          stack[top++] = w;
        } else if (state[w] == 1) {
          retreating[e] = true;
        }
      } else {
        state[v] = 2;
        post[count++] = v;
        top--;
      }
    }
    final int[] order = new int[count];
    for (int i = 0; i < count; i++) {
      order[i] = post[count - 1 - i];
    }
    return order;
  }

  /** Nodes that reach a latch backwards without passing the header, plus the header; in RPO order. */
  private int[] naturalLoop(final int h, final int[] latches) {
    final int seen = ++stamp;
    final List<Integer> nodes = new ArrayList<>();
    int top = 0;
    mark[h] = seen;
    nodes.add(h);
    for (final int l : latches) {
      if (mark[l] != seen) {
        mark[l] = seen;
        work[top++] = l;
      }
    }
    while (top > 0) {
      final int x = work[--top];
      nodes.add(x);
      for (final int p : graph.predArray(x)) {
        if (mark[p] != seen && rpoIndex[p] >= 0) {
          mark[p] = seen;
          work[top++] = p;
        }
      }
    }
    return nodes.stream().sorted((a, b) -> Integer.compare(rpoIndex[a], rpoIndex[b]))
        .mapToInt(Integer::intValue).toArray();
  }

  /** A natural loop of a reducible graph is entered only through its header. */
  private boolean singleEntry(final int h, final int[] nodes) {
    final int in = ++stamp;
    for (final int x : nodes) {
      mark[x] = in;
    }
    for (final int x : nodes) {
      if (x == h) {
        continue;
      }
      if (x == graph.entry()) {
        return false;
      }
      for (final int p : graph.predArray(x)) {
        if (mark[p] != in && rpoIndex[p] >= 0) {
          return false;
        }
      }
    }
    return true;
  }
}
