package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the decoder's choices that a witness set leaves ambiguous, statically, and the witnesses that
 * remove them. Per-method optimal profiles composed across calls can be ambiguous (both arms of a branch
 * call the same witnessed callee first); this is where that is caught. The choices mirror the walk:
 * <ul>
 *   <li>successors of a branch or switch: their FIRST sets must be disjoint;</li>
 *   <li>traced targets of a call that cannot run untraced code: their entries' FIRST sets disjoint;</li>
 *   <li>callbacks: each callback's entry FIRST set holds only witnesses, no two callbacks share one;</li>
 *   <li>the return site of a call that may run untraced code: its FIRST set shares nothing with the
 *       callbacks and reaches neither more untraced code nor the method's exit before a witness;</li>
 *   <li>likewise the way on of a block that may start an untraced class's initialiser, which may call back
 *       before the block goes on ({@link IcfgModel#untracedInit}).</li>
 *   <li>a cycle the walk can go round without a witness, which only a descent that chooses nothing leaves
 *       ({@link WitnessFreeCycles}): the walk could not tell how often it went round.</li>
 * </ul>
 */
final class Conflicts {
  private Conflicts() {
  }

  /**
   * A conflict and the witness that resolves it. The description is built only when asked for (an error):
   * a round finds thousands of conflicts, and words for each cost more than finding them.
   */
  record Conflict(java.util.function.Supplier<String> description, int repair) {
    String what() {
      return description.get();
    }
  }

  static List<Conflict> find(final IcfgModel model, final double[] blockWeight) {
    final Program p = model.program();
    final FirstSets first = model.first();
    final FollowSets follow = model.follow();
    final List<Conflict> out = new ArrayList<>();
    for (int b = 0; b < p.blockCount(); b++) {
      final int method = p.methodOf(b);
      if (!model.runs(method)) {
        continue; // The walk never stands there: nothing enters a method the plan does not let run.
      }
      final int successors = p.successorCount(b);
      if (p.end(b) == BlockEnd.INVOKE) {
        final CallTargets t = model.targets(b);
        if (t.external()) {
          for (int i = 0; i < successors; i++) {
            final int r = p.successor(b, i);
            if (!model.isWitness(r) && leaksToCallbacks(model, follow.substitute(first.of(r), method))) {
              final int call = b;
              out.add(new Conflict(() -> "return site after untraced call at block " + call, r));
            } else if (model.isWitness(r) && model.callbackOf(r) >= 0) {
              // the witnessed return site is also a callback's first witness.
              final int callback = model.callbackOf(r);
              out.add(new Conflict(() -> "return site " + r + " is first in callback " + callback,
                  p.blockId(model.callbackOf(r), 0)));
            }
          }
        } else if (t.traced().size() > 1) { // One target is no choice: only pairs of targets can conflict.
          final int[] ret = successors == 0 ? new int[0]
              : follow.substitute(first.of(p.successor(b, 0)), method);
          final int[] entries = new int[t.traced().size()];
          final int[][] sets = new int[entries.length][];
          for (int i = 0; i < entries.length; i++) {
            entries[i] = p.blockId(t.traced().get(i), 0);
            sets[i] = continued(first.of(entries[i]), ret);
          }
          pairwise(model, follow, out, entries, sets, blockWeight, b, "targets of ");
        }
      } else if (successors > 1) {
        final int[] next = new int[successors];
        final int[][] sets = new int[next.length][];
        for (int i = 0; i < next.length; i++) {
          next[i] = p.successor(b, i);
          sets[i] = follow.substitute(first.of(next[i]), method);
        }
        pairwise(model, follow, out, next, sets, blockWeight, b, "successors of ");
      }
    }
    untracedInits(model, out);
    final Map<Integer, Integer> owner = new HashMap<>();
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      final int entry = p.blockId(m, 0);
      for (final int w : first.of(entry)) {
        if (w < 0) {
          // a pure call can throw, so a callback reaching one first runs unseen too.
          final int method = m;
          out.add(new Conflict(() -> "callback " + p.methods().get(method).id() + " can run unseen", entry));
          break;
        }
        final Integer other = owner.putIfAbsent(w, m);
        if (other != null && other != m) {
          out.add(new Conflict(() -> "callbacks share witness " + w, entry));
          out.add(new Conflict(() -> "callbacks share witness " + w, p.blockId(other, 0)));
        }
      }
    }
    if (out.isEmpty()) {
      // Last, once every choice is unambiguous: the repairs of choices break most such cycles themselves.
      for (final int breaker : WitnessFreeCycles.breakers(model, blockWeight)) {
        out.add(new Conflict(() -> "a cycle without a witness through block " + breaker, breaker));
      }
    }
    return out;
  }

  /**
   * After an untraced initialiser a block started, the block goes on: to its traced initialisers, its traced
   * callees and return site, or its successors. None of them may lead to a callback's witness before one of
   * its own, or the walk could not tell the initialiser calling back from the block going on. Where no block
   * can be made a witness (the block returns), nothing is added: the walk then refuses such a run as ambiguous.
   */
  private static void untracedInits(final IcfgModel model, final List<Conflict> out) {
    final Program p = model.program();
    final FirstSets first = model.first();
    final FollowSets follow = model.follow();
    final BitSet blocks = model.structure().untracedInits();
    for (int b = blocks.nextSetBit(0); b >= 0; b = blocks.nextSetBit(b + 1)) {
      final int method = p.methodOf(b);
      if (!model.runs(method)) {
        continue;
      }
      final List<Integer> wayOn = new ArrayList<>();
      for (final int clinit : model.clinits(b)) {
        wayOn.add(p.blockId(clinit, 0));
      }
      final CallTargets t = model.targets(b);
      if (t != null) {
        t.traced().forEach(m -> wayOn.add(p.blockId(m, 0)));
      }
      for (int i = 0; i < p.successorCount(b); i++) {
        wayOn.add(p.successor(b, i));
      }
      for (final int next : wayOn) {
        if (!model.isWitness(next) && leaksToCallbacks(model, p.methodOf(next) == method
            ? follow.substitute(first.of(next), method) : first.of(next))) {
          final int block = b;
          out.add(new Conflict(() -> "way on of block " + block + " after an untraced initialiser: " + next, next));
        }
      }
    }
  }

  /** A callee's entry FIRST set with its EXIT continued at the call's return site. */
  private static int[] continued(final int[] entry, final int[] returnSite) {
    if (java.util.Arrays.binarySearch(entry, FirstSets.EXIT) < 0) {
      return entry;
    }
    return FirstSets.union(java.util.Arrays.stream(entry).filter(x -> x != FirstSets.EXIT).toArray(), returnSite);
  }

  private static boolean leaksToCallbacks(final IcfgModel model, final int[] first) {
    for (final int w : first) {
      if (w == FirstSets.EXTERNAL || w == FirstSets.AFTER_CALLBACK || (w >= 0 && model.callbackOf(w) >= 0)) {
        return true;
      }
    }
    return false;
  }

  private static void pairwise(final IcfgModel model, final FollowSets follow, final List<Conflict> out,
      final int[] blocks, final int[][] sets, final double[] weight, final int choice, final String what) {
    for (int i = 0; i < blocks.length; i++) {
      for (int j = i + 1; j < blocks.length; j++) {
        final int a = blocks[i];
        final int b = blocks[j];
        if (a != b && (intersects(sets[i], sets[j]) || untracedMeetsCallback(model, sets[i], sets[j])
            || untracedMeetsCallback(model, sets[j], sets[i])
            || afterCallbackMeets(follow, sets[i], sets[j]) || afterCallbackMeets(follow, sets[j], sets[i]))) {
          final int repair;
          if (model.isWitness(a)) {
            repair = b;
          } else if (model.isWitness(b)) {
            repair = a;
          } else {
            repair = weight[a] <= weight[b] ? a : b;
          }
          out.add(new Conflict(() -> what + choice + ": " + a + " and " + b, repair));
        }
      }
    }
  }

  /** One side may return from a callback into untraced code, where what the other side reaches first may come. */
  private static boolean afterCallbackMeets(final FollowSets follow, final int[] a, final int[] b) {
    if (java.util.Arrays.binarySearch(a, FirstSets.AFTER_CALLBACK) < 0) {
      return false;
    }
    for (final int x : b) {
      if (x != FirstSets.PURE_CALL && follow.afterCallbacks(x)) {
        return true;
      }
    }
    return false;
  }

  /** Untraced code on one side may call back into a callback whose witness comes first on the other. */
  private static boolean untracedMeetsCallback(final IcfgModel model, final int[] a, final int[] b) {
    if (java.util.Arrays.binarySearch(a, FirstSets.EXTERNAL) < 0
        && java.util.Arrays.binarySearch(a, FirstSets.AFTER_CALLBACK) < 0) {
      return false;
    }
    for (final int w : b) {
      if (w >= 0 && model.callbackOf(w) >= 0) {
        return true;
      }
    }
    return false;
  }

  private static boolean intersects(final int[] a, final int[] b) {
    int i = 0;
    int j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] == b[j] && a[i] != FirstSets.PURE_CALL) {
        return true;
      }
      if (a[i] < b[j]) {
        i++;
      } else {
        j++;
      }
    }
    return false;
  }
}
