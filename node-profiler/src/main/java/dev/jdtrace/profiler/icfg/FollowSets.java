package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.BlockEnd;
import dev.jdtrace.profiler.model.Program;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * FOLLOW sets: what can come first after a method returns, over every way it can be called. A direct
 * call continues at its return site; a callback returns into untraced code, which may call back again
 * ({@link FirstSets#EXTERNAL}), return to any untraced call's return site, or end the thread
 * ({@link FirstSets#EXIT} here means the end of the thread). The static conflict check substitutes these
 * for EXIT, so it never accepts what the walk would find ambiguous with the real stack.
 */
final class FollowSets {
  private static final int[] NONE = {};

  private final IcfgModel model;
  private final FirstSets first;
  private final int[][] follow;
  /** Index of the pseudo-method standing for "after any callback returns". */
  private final int callbackNode;

  /** One contribution: FIRST set {@code set}, continued by FOLLOW of {@code method} when it holds EXIT. */
  private record Source(int[] set, int method) {
  }

  FollowSets(final IcfgModel model) {
    this.model = model;
    this.first = model.first();
    final Program p = model.program();
    callbackNode = p.methods().size();
    follow = new int[callbackNode + 1][];
    Arrays.fill(follow, NONE);
    final List<List<Source>> sources = new ArrayList<>();
    final List<List<Integer>> dependents = new ArrayList<>();
    for (int i = 0; i <= callbackNode; i++) {
      sources.add(new ArrayList<>());
      dependents.add(new ArrayList<>());
    }
    sources.get(callbackNode).add(new Source(new int[] {FirstSets.EXTERNAL, FirstSets.EXIT}, -1));
    for (int b = 0; b < p.blockCount(); b++) {
      final Block block = p.block(b);
      final int method = p.methodOf(b);
      for (final int clinit : model.clinits(b)) {
        add(sources, dependents, clinit, first.after(b), method);
      }
      if (block.end() != BlockEnd.INVOKE || block.successors().isEmpty()) {
        continue;
      }
      final int[] ret = first.of(p.blockId(method, block.successors().get(0)));
      final CallTargets t = model.targets(b);
      if (t.external()) {
        add(sources, dependents, callbackNode, ret, method);
      } else {
        for (final int target : t.traced()) {
          add(sources, dependents, target, ret, method);
        }
      }
    }
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      sources.get(m).add(new Source(new int[] {FirstSets.AFTER_CALLBACK}, -1));
    }
    solve(sources, dependents);
  }

  /** Whether an element (witness or token) may come first after a callback returns. */
  boolean afterCallbacks(final int element) {
    return element == FirstSets.AFTER_CALLBACK || Arrays.binarySearch(follow[callbackNode], element) >= 0;
  }

  private static void add(final List<List<Source>> sources, final List<List<Integer>> dependents, final int node,
      final int[] set, final int caller) {
    sources.get(node).add(new Source(set, caller));
    if (Arrays.binarySearch(set, FirstSets.EXIT) >= 0) {
      dependents.get(caller).add(node);
    }
  }

  private void solve(final List<List<Source>> sources, final List<List<Integer>> dependents) {
    final ArrayDeque<Integer> work = new ArrayDeque<>();
    final BitSet queued = new BitSet();
    for (int i = 0; i < follow.length; i++) {
      work.add(i);
      queued.set(i);
    }
    while (!work.isEmpty()) {
      final int n = work.poll();
      queued.clear(n);
      int[] acc = NONE;
      for (final Source s : sources.get(n)) {
        acc = FirstSets.union(acc, s.method() < 0 ? s.set() : substitute(s.set(), s.method()));
      }
      if (acc.length != follow[n].length) {
        follow[n] = acc;
        for (final int d : dependents.get(n)) {
          if (!queued.get(d)) {
            queued.set(d);
            work.add(d);
          }
        }
      }
    }
  }

  /**
   * A FIRST set of a block of {@code method} with EXIT replaced by what may follow the method's return;
   * EXIT in the result means the thread may end.
   */
  int[] substitute(final int[] set, final int method) {
    if (Arrays.binarySearch(set, FirstSets.EXIT) < 0) {
      return set;
    }
    final int[] rest = Arrays.stream(set).filter(x -> x != FirstSets.EXIT).toArray();
    return FirstSets.union(rest, follow[method]);
  }
}
