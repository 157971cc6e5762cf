package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.Program;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * FIRST sets across calls: for each block, the witnesses that can be hit first from entering it along
 * witness-free paths, plus tokens for the ways such a path can leave what is known statically:
 * {@link #EXIT} (the method returns), {@link #EXTERNAL} (untraced code runs and may call back) and
 * {@link #THROW} (an {@code athrow}). A witness's own FIRST set is itself.
 *
 * <p>Computed by a worklist to the least fixpoint; sets only grow, so it terminates even on recursion.
 * Sets are sorted int arrays: most hold a handful of elements.
 */
public final class FirstSets {
  public static final int EXIT = -1;
  public static final int EXTERNAL = -2;
  public static final int THROW = -3;
  /**
   * A call into untraced code that cannot call back ({@link CallTargets#isPure()}); it matters only to
   * place an exception thrown there, so the conflict check ignores it.
   */
  public static final int PURE_CALL = -4;
  /**
   * Only in FOLLOW sets: whatever may come first after a callback returns into untraced code
   * ({@link FollowSets#afterCallbacks}). One token instead of that large set copied into every callback
   * and its callees keeps planning fast.
   */
  public static final int AFTER_CALLBACK = -5;
  private static final int[] NONE = {};

  private final IcfgModel model;
  private final int[][] first;

  FirstSets(final IcfgModel model) {
    this.model = model;
    final Program p = model.program();
    first = new int[p.blockCount()][];
    Arrays.fill(first, NONE);
    final List<List<Integer>> dependents = dependents();
    final ArrayDeque<Integer> work = new ArrayDeque<>();
    final BitSet queued = new BitSet();
    for (int b = p.blockCount() - 1; b >= 0; b--) {
      work.add(b);
      queued.set(b);
    }
    while (!work.isEmpty()) {
      final int b = work.poll();
      queued.clear(b);
      final int[] next = compute(b);
      if (next.length != first[b].length) {
        first[b] = next;
        for (final int d : dependents.get(b)) {
          if (!queued.get(d)) {
            queued.set(d);
            work.add(d);
          }
        }
      }
    }
  }

  /** The FIRST set of a block: witness ids ascending after the negative tokens. */
  public int[] of(final int block) {
    return first[block];
  }

  /** Whether the FIRST set of a block holds a witness or token. */
  public boolean contains(final int block, final int element) {
    return Arrays.binarySearch(first[block], element) >= 0;
  }

  private int[] compute(final int b) {
    if (model.isWitness(b)) {
      return new int[] {b};
    }
    return after(b);
  }

  /**
   * What can come first once the block has been entered: its class initialisers, then the block's way
   * on (the FIRST set of a block, ignoring whether the block itself is a witness).
   */
  public int[] after(final int b) {
    final Program p = model.program();
    final Block block = p.block(b);
    final int method = p.methodOf(b);
    int[] acc = NONE;
    for (final int clinit : model.clinits(b)) {
      acc = union(acc, first[p.blockId(clinit, 0)]);
    }
    switch (block.end()) {
      case RETURN -> acc = union(acc, new int[] {EXIT});
      case THROW -> acc = union(acc, new int[] {THROW});
      case INVOKE -> {
        final CallTargets t = model.targets(b);
        boolean through = t.external() || t.isPure();
        if (t.isPure()) {
          acc = union(acc, new int[] {PURE_CALL});
        }
        for (final int m : t.traced()) {
          if (t.external()) {
            break; // Untraced code may call back: EXTERNAL stands for every callback.
          }
          final int[] f = first[p.blockId(m, 0)];
          if (Arrays.binarySearch(f, EXIT) >= 0) {
            through = true;
            acc = union(acc, without(f, EXIT));
          } else {
            acc = union(acc, f);
          }
        }
        if (t.external()) {
          acc = union(acc, new int[] {EXTERNAL});
        }
        if (through) {
          for (final int s : block.successors()) {
            acc = union(acc, first[p.blockId(method, s)]);
          }
        }
      }
      default -> {
        for (final int s : block.successors()) {
          acc = union(acc, first[p.blockId(method, s)]);
        }
      }
    }
    return acc;
  }

  /** For each block, the blocks whose FIRST set reads it. */
  private List<List<Integer>> dependents() {
    final Program p = model.program();
    final List<List<Integer>> deps = new ArrayList<>(p.blockCount());
    for (int b = 0; b < p.blockCount(); b++) {
      deps.add(new ArrayList<>(2));
    }
    for (int b = 0; b < p.blockCount(); b++) {
      final Block block = p.block(b);
      final int method = p.methodOf(b);
      for (final int s : block.successors()) {
        deps.get(p.blockId(method, s)).add(b);
      }
      for (final int clinit : model.clinits(b)) {
        deps.get(p.blockId(clinit, 0)).add(b);
      }
      if (model.targets(b) != null) {
        for (final int m : model.targets(b).traced()) {
          deps.get(p.blockId(m, 0)).add(b);
        }
      }
    }
    return deps;
  }

  static int[] union(final int[] a, final int[] b) {
    if (b.length == 0) {
      return a;
    }
    if (a.length == 0) {
      return b;
    }
    final int[] out = new int[a.length + b.length];
    int i = 0;
    int j = 0;
    int n = 0;
    while (i < a.length || j < b.length) {
      final int v;
      if (j >= b.length || (i < a.length && a[i] < b[j])) {
        v = a[i++];
      } else if (i >= a.length || b[j] < a[i]) {
        v = b[j++];
      } else {
        v = a[i++];
        j++;
      }
      out[n++] = v;
    }
    return n == out.length ? out : Arrays.copyOf(out, n);
  }

  private static int[] without(final int[] a, final int v) {
    final int i = Arrays.binarySearch(a, v);
    if (i < 0) {
      return a;
    }
    final int[] out = new int[a.length - 1];
    System.arraycopy(a, 0, out, 0, i);
    System.arraycopy(a, i + 1, out, i, a.length - i - 1);
    return out;
  }
}
