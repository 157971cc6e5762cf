package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.icfg.DecisionUnits.Choice;
import dev.jdtrace.plan.icfg.DecisionUnits.Unit;
import dev.jdtrace.plan.optimal.IntUnionFind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The units of the choices within traced code, for {@link DecisionUnitsBuilder}: choices sharing a witness are
 * united ({@code O(choices × set size)} union-find) into one group, and each group is a unit that keeps its
 * choices. Witnesses in no other unit form a unit each.
 */
final class TracedUnits {
  private final IntUnionFind sets;
  /** The block of the first choice added under each union-find root (as roots were then): names its unit. */
  private final Map<Integer, Integer> choiceOf = new LinkedHashMap<>();
  /** The witnesses of every choice added. */
  private final BitSet joined = new BitSet();
  /** The choices, each with a witness that names its group once the groups are known. */
  private final List<Choice> choices = new ArrayList<>();
  private final List<Integer> anchors = new ArrayList<>();

  TracedUnits(final int blocks) {
    this.sets = new IntUnionFind(blocks);
  }

  /** Adds the choice of a block between candidates (FIRST sets), none of which runs untraced code first. */
  void add(final int block, final List<int[]> candidates) {
    int anchor = -1;
    for (final int[] c : candidates) {
      anchor = join(sets, c, anchor);
      DecisionUnitsBuilder.addWitnesses(joined, c);
    }
    if (anchor >= 0) {
      choiceOf.putIfAbsent(sets.find(anchor), block);
      choices.add(new Choice(block, DecisionUnitsBuilder.parts(null, candidates), Unit.NONE));
      anchors.add(anchor);
    }
  }

  /**
   * Adds one unit per group to {@code units}: the witnesses of the choices added and those {@code covered}
   * leaves out, by union-find root, in the order of each group's first witness.
   *
   * @param covered the witnesses the units about untraced code hold
   */
  void addUnits(final BitSet witnesses, final BitSet covered, final int blocks, final List<Unit> units) {
    final int[] group = new int[blocks];
    Arrays.fill(group, -1);
    final int[] groupOf = new int[blocks];
    int[] counts = new int[16];
    int groups = 0;
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      groupOf[w] = -1;
      if (joined.get(w) || !covered.get(w)) {
        final int root = sets.find(w);
        if (group[root] < 0) {
          if (groups == counts.length) {
            counts = Arrays.copyOf(counts, groups * 2);
          }
          group[root] = groups++;
        }
        groupOf[w] = group[root];
        counts[group[root]]++;
      }
    }
    final int[][] members = new int[groups][];
    for (int g = 0; g < groups; g++) {
      members[g] = new int[counts[g]];
      counts[g] = 0;
    }
    final int[] roots = new int[groups];
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      if (groupOf[w] >= 0) {
        final int g = groupOf[w];
        if (counts[g] == 0) {
          roots[g] = sets.find(w);
        }
        members[g][counts[g]++] = w;
      }
    }
    // Each group's choices, by the group of the witness that anchored each.
    final List<List<Choice>> choicesOf = new ArrayList<>();
    for (int g = 0; g < groups; g++) {
      choicesOf.add(new ArrayList<>());
    }
    for (int k = 0; k < choices.size(); k++) {
      final int g = group[sets.find(anchors.get(k))];
      if (g >= 0) {
        choicesOf.get(g).add(choices.get(k));
      }
    }
    for (int g = 0; g < groups; g++) {
      final Integer choice = choiceOf.get(roots[g]);
      units.add(new Unit(members[g], Unit.NONE, choice == null ? members[g][0] : choice, false,
          List.copyOf(choicesOf.get(g))));
    }
  }

  /** Unites every witness of the set with the anchor; returns the (possibly new) anchor. */
  private static int join(final IntUnionFind sets, final int[] set, final int anchor) {
    int a = anchor;
    for (final int w : set) {
      if (w < 0) {
        continue;
      }
      if (a < 0) {
        a = w;
      } else {
        sets.union(w, a);
      }
    }
    return a;
  }
}
