package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.List;

/**
 * Brute-force counts of the shapes of Theorem 4 on small graphs: simple directed cycles, and diamonds (a fork
 * and a join joined by two simple paths that share no other node; counted per unordered pair of paths).
 */
final class ShapeCounts {

  private ShapeCounts() {
  }

  static int simpleCycles(final FlowGraph g) {
    int count = 0;
    for (int s = 0; s < g.size(); s++) {
      count += cyclesFrom(g, s, s, new boolean[g.size()]);
    }
    return count;
  }

  /** Cycles whose smallest node is {@code start}. */
  private static int cyclesFrom(final FlowGraph g, final int start, final int v, final boolean[] on) {
    int count = 0;
    on[v] = true;
    for (final int w : g.succArray(v)) {
      if (w == start) {
        count++;
      } else if (w > start && !on[w]) {
        count += cyclesFrom(g, start, w, on);
      }
    }
    on[v] = false;
    return count;
  }

  static int diamonds(final FlowGraph g) {
    int count = 0;
    for (int p = 0; p < g.size(); p++) {
      for (int j = 0; j < g.size(); j++) {
        if (p == j) {
          continue;
        }
        final List<boolean[]> interiors = new ArrayList<>();
        paths(g, p, j, p, new boolean[g.size()], interiors);
        for (int a = 0; a < interiors.size(); a++) {
          for (int b = a + 1; b < interiors.size(); b++) {
            count += disjoint(interiors.get(a), interiors.get(b)) ? 1 : 0;
          }
        }
      }
    }
    return count;
  }

  private static void paths(final FlowGraph g, final int p, final int j, final int v, final boolean[] on,
      final List<boolean[]> out) {
    for (final int w : g.succArray(v)) {
      if (w == j) {
        out.add(on.clone());
      } else if (w != p && !on[w]) {
        on[w] = true;
        paths(g, p, j, w, on, out);
        on[w] = false;
      }
    }
  }

  private static boolean disjoint(final boolean[] a, final boolean[] b) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] && b[i]) {
        return false;
      }
    }
    return true;
  }
}
