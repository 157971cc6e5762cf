package dev.jdtrace.plan.optimal;

import java.util.Arrays;

/**
 * Finds the direct edges of special diamonds (seed Fig. 10): an edge {@code u->v} from a fork {@code u} such
 * that another successor {@code t != v} of {@code u} reaches {@code v} without passing {@code u} again. Then
 * {@code u->v} and {@code u->t~>v} form a diamond whose only interior nodes lie on the second path, so if
 * {@code u->v} were a chord, neither of its ends could break that diamond.
 *
 * <p>One breadth-first search per fork with a join successor, from all its successors at once, each node
 * remembering up to two distinct origins (a two-label BFS), so that {@code v} is special iff a search that did
 * not start at {@code v} reaches it. A search that visits more than {@code budget} nodes stops and calls the
 * undecided edges special: seeding an edge that needs no seed only costs optimality, never correctness, and it
 * keeps planning near-linear on huge graphs. Running time {@code O(forks * min(budget, V + E))}.
 */
final class SpecialDiamonds {

  private SpecialDiamonds() {
  }

  /**
   * Marks special edges.
   *
   * @param succ distinct successors per node (merged edges, virtual edges included)
   * @param join whether each node has two or more distinct predecessors
   * @param budget maximum nodes one search visits
   * @return per node {@code u}, the successors {@code v} for which {@code u->v} is special (empty if none)
   */
  static int[][] find(final int[][] succ, final boolean[] join, final int budget) {
    final int n = succ.length;
    final int[][] special = new int[n][];
    final int[] origin1 = new int[n];
    final int[] origin2 = new int[n];
    final int[] stamp = new int[n];
    final int[] queue = new int[2 * n];
    final int[] queueOrigin = new int[2 * n];
    for (int u = 0; u < n; u++) {
      final int fork = u;
      special[u] = new int[0];
      if (succ[u].length < 2 || Arrays.stream(succ[u]).noneMatch(v -> v != fork && join[v])) {
        continue;
      }
      final int mark = u + 1;
      int head = 0;
      int tail = 0;
      for (final int t : succ[u]) {
        if (t != u) {
          stamp[t] = mark;
          origin1[t] = t;
          origin2[t] = -1;
          queue[tail] = t;
          queueOrigin[tail++] = t;
        }
      }
      while (head < tail && head < budget) {
        final int x = queue[head];
        final int from = queueOrigin[head++];
        for (final int y : succ[x]) {
          if (y == u) {
            continue;
          }
          if (stamp[y] != mark) {
            stamp[y] = mark;
            origin1[y] = from;
            origin2[y] = -1;
          } else if (origin2[y] == -1 && origin1[y] != from) {
            origin2[y] = from;
          } else {
            continue;
          }
          queue[tail] = y;
          queueOrigin[tail++] = from;
        }
      }
      final boolean complete = head >= tail;
      special[u] = Arrays.stream(succ[u])
          .filter(v -> v != fork && join[v] && (!complete || origin2[v] >= 0))
          .toArray();
    }
    return special;
  }
}
