package dev.jdtrace.plan.optimal;

import java.util.ArrayDeque;
import java.util.BitSet;

/**
 * An exact oracle, independent of FIRST sets: do two different executions (entry-to-exit walks, runs joined by
 * exit-to-entry when repeatable) yield the same stream? Breadth-first search over pairs of walks in lock step on
 * witnesses. A state is (x, y, same, ahead): the walks are at x and y and have emitted the same witnesses;
 * {@code same} means the walks are still identical (then x == y); {@code ahead} means the first walk has just
 * emitted the witness x and the second must emit x next. By symmetry the walk that emits first is always called
 * the first. A collision is a reachable state (exit, exit, different, not ahead). States: {@code 4 V^2}.
 * The one divergence that is not two different successors, one walk stopping at the exit while the other goes
 * on to the entry, collides iff a witness-free walk leads from the entry to the exit.
 */
final class CollisionSearch {

  private CollisionSearch() {
  }

  static boolean exists(final FlowGraph graph, final boolean repeatable, final BitSet w) {
    if (repeatable && witnessFreeRun(graph, w)) {
      return true;
    }
    final int n = graph.size();
    final boolean[] seen = new boolean[n * n * 4];
    final ArrayDeque<int[]> queue = new ArrayDeque<>();
    final int entry = graph.entry();
    push(seen, queue, n, entry, entry, 1, 0);
    while (!queue.isEmpty()) {
      final int[] s = queue.poll();
      final int x = s[0];
      final int y = s[1];
      final boolean same = s[2] == 1;
      final boolean ahead = s[3] == 1;
      if (!same && !ahead && x == graph.exit() && y == graph.exit()) {
        return true;
      }
      if (same) {
        for (final int s1 : FlowGraphs.next(graph, repeatable, x)) {
          for (final int s2 : FlowGraphs.next(graph, repeatable, x)) {
            if (s1 == s2) {
              push(seen, queue, n, s1, s1, 1, 0);
            } else if (!w.get(s1) && !w.get(s2)) {
              push(seen, queue, n, s1, s2, 0, 0);
            } else if (w.get(s1) && !w.get(s2)) {
              push(seen, queue, n, s1, s2, 0, 1);
            }
            // (s1 unseen, s2 witness) is the mirror image of a pair handled above.
          }
        }
      } else if (ahead) {
        for (final int t : FlowGraphs.next(graph, repeatable, y)) {
          if (!w.get(t)) {
            push(seen, queue, n, x, t, 0, 1);
          } else if (t == x) {
            push(seen, queue, n, x, x, 0, 0);
          }
        }
      } else {
        for (final int t : FlowGraphs.next(graph, repeatable, x)) {
          push(seen, queue, n, t, y, 0, w.get(t) ? 1 : 0);
        }
        for (final int t : FlowGraphs.next(graph, repeatable, y)) {
          if (w.get(t)) {
            push(seen, queue, n, t, x, 0, 1);
          } else {
            push(seen, queue, n, x, t, 0, 0);
          }
        }
      }
    }
    return false;
  }

  private static boolean witnessFreeRun(final FlowGraph graph, final BitSet w) {
    final boolean[] seen = new boolean[graph.size()];
    final ArrayDeque<Integer> queue = new ArrayDeque<>();
    if (!w.get(graph.entry())) {
      seen[graph.entry()] = true;
      queue.add(graph.entry());
    }
    while (!queue.isEmpty()) {
      final int x = queue.poll();
      if (x == graph.exit()) {
        return true;
      }
      for (final int t : graph.succArray(x)) {
        if (!w.get(t) && !seen[t]) {
          seen[t] = true;
          queue.add(t);
        }
      }
    }
    return false;
  }

  private static void push(final boolean[] seen, final ArrayDeque<int[]> queue, final int n, final int x,
      final int y, final int same, final int ahead) {
    final int key = ((x * n + y) * 2 + same) * 2 + ahead;
    if (!seen[key]) {
      seen[key] = true;
      queue.add(new int[] {x, y, same, ahead});
    }
  }
}
