package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.BlockEnd;
import dev.jdtrace.profiler.model.Program;
import dev.jdtrace.profiler.optimal.IntUnionFind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The witnesses that must share a debugger session (the seed's Theorem 2, generalised to the ICFG): for
 * every choice of the decoder, the witnesses that can come first on any of its candidates. When they
 * are all in one session, that session's FIRST sets for the candidates equal the whole profile's, so it
 * alone decides the choice, and any split of the groups across sessions decodes.
 *
 * <p>Choices about untraced code (which callback runs, or whether the untraced call returns) involve the
 * first witnesses of every callback: the order of two callbacks is visible only to a session that sees
 * both. Those witnesses form the {@linkplain #shared() shared} set, which every session carries (a
 * witness may be in several sessions, as in the seed's {@code {{b3,b2},{b4,b2}}}); the other witnesses
 * form groups by union-find over each choice's sets, in {@code O(choices × set size)}.
 *
 * @param shared witnesses every session must carry
 * @param groups the other witnesses, in groups that must stay whole
 */
public record DecisionGroups(BitSet shared, List<BitSet> groups) {

  /** Splits the witnesses of a decodable model. */
  public static DecisionGroups of(final IcfgModel model) {
    final Program p = model.program();
    final FirstSets first = model.first();
    final FollowSets follow = model.follow();
    final IntUnionFind sets = new IntUnionFind(p.blockCount());
    final BitSet shared = new BitSet();
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
          addWitnesses(shared, ret);
        } else {
          int anchor = -1;
          for (final int m : t.traced()) {
            anchor = join(sets, first.of(p.blockId(m, 0)), anchor);
          }
          if (t.traced().size() > 1) {
            join(sets, ret, anchor);
          }
        }
      } else if (block.successors().size() > 1) {
        int anchor = -1;
        boolean untraced = false;
        for (final int s : block.successors()) {
          final int[] set = follow.substitute(first.of(p.blockId(method, s)), method);
          anchor = join(sets, set, anchor);
          untraced |= java.util.Arrays.binarySearch(set, FirstSets.EXTERNAL) >= 0
              || java.util.Arrays.binarySearch(set, FirstSets.AFTER_CALLBACK) >= 0;
        }
        if (untraced) {
          // A candidate may run untraced code: the decision is about callbacks, so every session sees it.
          for (final int s : block.successors()) {
            addWitnesses(shared, follow.substitute(first.of(p.blockId(method, s)), method));
          }
        }
      }
    }
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      addWitnesses(shared, first.of(p.blockId(m, 0)));
    }
    final Map<Integer, BitSet> groups = new LinkedHashMap<>();
    final BitSet witnesses = model.witnesses();
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      if (!shared.get(w)) {
        groups.computeIfAbsent(sets.find(w), k -> new BitSet()).set(w);
      }
    }
    return new DecisionGroups(shared, new ArrayList<>(groups.values()));
  }

  private static void addWitnesses(final BitSet shared, final int[] set) {
    for (final int w : set) {
      if (w >= 0) {
        shared.set(w);
      }
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
