package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.BlockEnd;
import dev.jdtrace.profiler.model.Program;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The witnesses that must share a debugger session (the seed's Theorem 2, generalised to the ICFG): for
 * every choice of the decoder, the witnesses that can come first on any of its candidates. When they
 * are all in one session, that session's FIRST sets for the candidates equal the whole profile's, so it
 * alone decides the choice, and any split of the groups across sessions decodes. Choices about untraced
 * code (callback or return) involve every callback's first witnesses, which therefore form one group.
 * Computed with union-find over witnesses in {@code O(choices × set size)}.
 */
public final class DecisionGroups {
  private DecisionGroups() {
  }

  /** The groups, each a set of witness block ids; every witness is in exactly one group. */
  public static List<BitSet> of(final IcfgModel model) {
    final Program p = model.program();
    final FirstSets first = model.first();
    final FollowSets follow = new FollowSets(model);
    final int[] parent = new int[p.blockCount()];
    for (int i = 0; i < parent.length; i++) {
      parent[i] = i;
    }
    final int[] callbackAnchor = {-1};
    for (int b = 0; b < p.blockCount(); b++) {
      final Block block = p.block(b);
      final int method = p.methodOf(b);
      if (block.end() == BlockEnd.INVOKE) {
        final CallTargets t = model.targets(b);
        if (block.successors().isEmpty()) {
          continue;
        }
        final int[] ret = follow.substitute(first.of(p.blockId(method, block.successors().get(0))), method);
        if (t.external()) {
          joinCallbackGroup(parent, ret, callbackAnchor);
        } else {
          int anchor = -1;
          for (final int m : t.traced()) {
            anchor = join(parent, first.of(p.blockId(m, 0)), anchor);
          }
          if (t.traced().size() > 1) {
            join(parent, ret, anchor);
          }
        }
      } else if (block.successors().size() > 1) {
        int anchor = -1;
        boolean untraced = false;
        for (final int s : block.successors()) {
          final int[] set = follow.substitute(first.of(p.blockId(method, s)), method);
          anchor = join(parent, set, anchor);
          untraced |= java.util.Arrays.binarySearch(set, FirstSets.EXTERNAL) >= 0;
        }
        if (untraced && anchor >= 0) {
          // A candidate may run untraced code: callbacks' witnesses take part in the decision.
          joinCallbackGroup(parent, new int[] {anchor}, callbackAnchor);
        }
      }
    }
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      joinCallbackGroup(parent, first.of(p.blockId(m, 0)), callbackAnchor);
    }
    final Map<Integer, BitSet> groups = new LinkedHashMap<>();
    final BitSet witnesses = model.witnesses();
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      groups.computeIfAbsent(find(parent, w), k -> new BitSet()).set(w);
    }
    return new ArrayList<>(groups.values());
  }

  private static void joinCallbackGroup(final int[] parent, final int[] set, final int[] anchor) {
    anchor[0] = join(parent, set, anchor[0]);
  }

  /** Unites every witness of the set with the anchor; returns the (possibly new) anchor. */
  private static int join(final int[] parent, final int[] set, final int anchor) {
    int a = anchor;
    for (final int w : set) {
      if (w < 0) {
        continue;
      }
      if (a < 0) {
        a = w;
      } else {
        parent[find(parent, w)] = find(parent, a);
      }
    }
    return a;
  }

  private static int find(final int[] parent, final int x) {
    int r = x;
    while (parent[r] != r) {
      parent[r] = parent[parent[r]];
      r = parent[r];
    }
    return r;
  }
}
