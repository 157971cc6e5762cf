package dev.jdtrace.distribute;

import java.util.BitSet;
import java.util.List;

/**
 * Witness sets that many jobs hold whole, so that packing counts per session how much of each it holds
 * instead of reading the set again for every job and session: the callbacks' first witnesses, which every
 * unit about untraced code holds, and under a low cap the callbacks' groups that every choice over the
 * callbacks meets. A witness may be in several sets (a callback's first witness can be first for another).
 */
final class SharedSets {
  private static final int[] NONE = {};

  private final List<int[]> sets;
  /** Per block, the indices of the sets holding it. */
  private final int[][] setsOf;

  /** @param sets each set's witnesses, increasing and without repeats */
  SharedSets(final List<int[]> sets) {
    this.sets = List.copyOf(sets);
    this.setsOf = new int[sets.stream().mapToInt(s -> s.length == 0 ? 0 : s[s.length - 1] + 1).max().orElse(0)][];
    for (int k = 0; k < sets.size(); k++) {
      for (final int w : sets.get(k)) {
        final int[] before = setsOf[w] == null ? NONE : setsOf[w];
        final int[] after = java.util.Arrays.copyOf(before, before.length + 1);
        after[before.length] = k;
        setsOf[w] = after;
      }
    }
  }

  /** The sets, by index. */
  List<int[]> sets() {
    return sets;
  }

  int count() {
    return sets.size();
  }

  /**
   * Adds witnesses to a session and counts those it did not hold in each set holding them.
   *
   * @param held per set, how many of its witnesses the session holds; updated
   */
  void add(final BitSet session, final int[] held, final int[] witnesses) {
    for (final int w : witnesses) {
      if (!session.get(w)) {
        session.set(w);
        final int[] in = w < setsOf.length ? setsOf[w] : null;
        if (in != null) {
          for (final int k : in) {
            held[k]++;
          }
        }
      }
    }
  }
}
