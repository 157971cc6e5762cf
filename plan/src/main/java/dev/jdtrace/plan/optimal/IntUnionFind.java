package dev.jdtrace.plan.optimal;

/**
 * Union-find over {@code 0..n-1} with path halving and union by size: the array form of JGraphT's
 * {@code UnionFind}, without boxing, since the planner runs on every method of a program. Also joins the
 * decoder's decision units and the distributor's jobs.
 */
public final class IntUnionFind {

  private final int[] parent;
  private final int[] size;

  public IntUnionFind(final int n) {
    parent = new int[n];
    size = new int[n];
    for (int i = 0; i < n; i++) {
      parent[i] = i;
      size[i] = 1;
    }
  }

  public int find(final int x) {
    int r = x;
    while (parent[r] != r) {
      parent[r] = parent[parent[r]];
      r = parent[r];
    }
    return r;
  }

  /** Joins the sets of {@code a} and {@code b}; false if they were already one set. */
  public boolean union(final int a, final int b) {
    int ra = find(a);
    int rb = find(b);
    if (ra == rb) {
      return false;
    }
    if (size[ra] < size[rb]) {
      final int t = ra;
      ra = rb;
      rb = t;
    }
    parent[rb] = ra;
    size[ra] += size[rb];
    return true;
  }
}
