package dev.jdtrace.distribute;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Subsets of a choice's candidates, each small enough for one session, such that every two candidates are
 * together in one of them: what Theorem 2 asks of a choice (DESIGN §2, "Realizability"), where one session
 * holding every candidate would exceed the cap.
 *
 * <p>The candidates are packed first-fit, largest first, into groups of at most half the room; a candidate
 * larger than half is a group alone. Each pair of groups is one subset. A large candidate whose pair with a
 * group does not fit meets that group's candidates in bins of the room it leaves (each one fits with it, as
 * the room is at least the largest pair). A group never held whole gets a subset of its own. With {@code g}
 * groups that is about {@code g(g-1)/2} subsets: a witness is in about {@code g - 1} of them.
 */
final class PairCover {
  private PairCover() {
  }

  /**
   * The subsets, as candidate indices in increasing order.
   *
   * @param sizes each candidate's witnesses (beyond those every subset holds)
   * @param room the witnesses a subset may hold; at least the two largest sizes together
   * @throws IllegalArgumentException if two candidates do not fit in the room
   */
  static List<int[]> of(final int[] sizes, final int room) {
    final List<List<Integer>> groups = groups(sizes, room);
    final List<Integer> load = groups.stream().map(g -> g.stream().mapToInt(i -> sizes[i]).sum()).toList();
    final int half = room / 2;
    final List<int[]> out = new ArrayList<>();
    if (groups.size() == 1) {
      out.add(sorted(groups.get(0)));
      return out;
    }
    final boolean[] whole = new boolean[groups.size()];
    for (int a = 0; a < groups.size(); a++) {
      for (int b = a + 1; b < groups.size(); b++) {
        if (load.get(a) + load.get(b) <= room) {
          final List<Integer> both = new ArrayList<>(groups.get(a));
          both.addAll(groups.get(b));
          out.add(sorted(both));
          whole[a] = true;
          whole[b] = true;
          continue;
        }
        // One of them is a single candidate over half the room (two groups within half always fit).
        final int big = load.get(a) > half && groups.get(a).size() == 1 ? a : b;
        final int other = big == a ? b : a;
        final int candidate = groups.get(big).get(0);
        whole[big] = true;
        for (final List<Integer> bin : bins(groups.get(other), sizes, room - sizes[candidate])) {
          bin.add(candidate);
          out.add(sorted(bin));
        }
      }
    }
    for (int g = 0; g < groups.size(); g++) {
      if (!whole[g] && groups.get(g).size() > 1) {
        out.add(sorted(groups.get(g)));
      }
    }
    return out;
  }

  /**
   * The candidates packed first-fit, largest first, into groups of at most half the room (a candidate larger
   * than half is a group alone): every two groups fit one subset unless one is such a candidate. Callers that
   * cover many choices over the same candidates share these groups (see {@code Distributor}).
   *
   * @throws IllegalArgumentException if two candidates do not fit in the room
   */
  static List<List<Integer>> groups(final int[] sizes, final int room) {
    final int[] order = IntStream.range(0, sizes.length).boxed()
        .sorted(Comparator.comparingInt((Integer i) -> -sizes[i]).thenComparingInt(i -> i))
        .mapToInt(Integer::intValue).toArray();
    if (order.length > 1 && sizes[order[0]] + sizes[order[1]] > room) {
      throw new IllegalArgumentException("two candidates of " + sizes[order[0]] + " and " + sizes[order[1]]
          + " witnesses do not fit in " + room);
    }
    final int half = room / 2;
    final List<List<Integer>> groups = new ArrayList<>();
    final List<Integer> load = new ArrayList<>();
    for (final int i : order) {
      int g = -1;
      if (sizes[i] <= half) {
        for (int k = 0; k < groups.size() && g < 0; k++) {
          if (load.get(k) + sizes[i] <= half) {
            g = k;
          }
        }
      }
      if (g < 0) {
        groups.add(new ArrayList<>());
        load.add(0);
        g = groups.size() - 1;
      }
      groups.get(g).add(i);
      load.set(g, load.get(g) + sizes[i]);
    }
    return groups;
  }

  /** The candidates first-fit into bins of the given room, in their order (largest first). */
  static List<List<Integer>> bins(final List<Integer> candidates, final int[] sizes, final int room) {
    final List<List<Integer>> bins = new ArrayList<>();
    final List<Integer> load = new ArrayList<>();
    for (final int i : candidates) {
      int k = 0;
      while (k < bins.size() && load.get(k) + sizes[i] > room) {
        k++;
      }
      if (k == bins.size()) {
        bins.add(new ArrayList<>());
        load.add(0);
      }
      bins.get(k).add(i);
      load.set(k, load.get(k) + sizes[i]);
    }
    return bins;
  }

  private static int[] sorted(final List<Integer> indices) {
    return indices.stream().mapToInt(Integer::intValue).sorted().toArray();
  }
}
