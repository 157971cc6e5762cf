package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Program;
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

  /**
   * For each block, the blocks whose FIRST set reads it, in compressed rows: the readers of block b are
   * {@code readers[start[b]] .. readers[start[b + 1] - 1]}. They depend on the structure only, so the
   * planner's repair rounds share them.
   */
  record Readers(int[] start, int[] readers, int[] order) {

    static Readers of(final IcfgModel.Structure structure) {
      final Program p = structure.program();
      final int n = p.blockCount();
      final int[] count = new int[n + 1];
      forEachRead(structure, (read, reader) -> count[read]++);
      final int[] start = new int[n + 1];
      for (int b = 0; b < n; b++) {
        start[b + 1] = start[b] + count[b];
      }
      final int[] fill = Arrays.copyOf(start, n);
      final int[] readers = new int[start[n]];
      forEachRead(structure, (read, reader) -> readers[fill[read]++] = reader);
      return new Readers(start, readers, readsFirst(start, readers));
    }

    /**
     * Every block, each after the blocks it reads where no cycle joins them: the strongly connected
     * components of the reads-to-reader graph, in reverse of Tarjan's order (which emits a component after
     * every one it reaches, so its readers first). A worklist started in this order computes most sets once
     * instead of again each time a set it read grows (callees after callers, loops' exits after bodies).
     */
    private static int[] readsFirst(final int[] start, final int[] readers) {
      final int n = start.length - 1;
      final int[] component = new int[n];
      final List<int[]> components = Components.of(start, readers, component);
      final int[] order = new int[n];
      int k = 0;
      for (int c = components.size() - 1; c >= 0; c--) {
        final int[] members = components.get(c);
        // Within a component, later blocks first: successors mostly follow their block in a method.
        final int[] sorted = members.clone();
        Arrays.sort(sorted);
        for (int i = sorted.length - 1; i >= 0; i--) {
          order[k++] = sorted[i];
        }
      }
      return order;
    }
  }

  FirstSets(final IcfgModel model, final Readers readers) {
    this.model = model;
    final int n = model.program().blockCount();
    first = new int[n][];
    Arrays.fill(first, NONE);
    solve(readers, readers.order(), n, null);
  }

  /**
   * The FIRST sets of a model that has {@code added} witnesses more than {@code previous}'s, recomputing
   * only what they change: the blocks that reach an added witness along witness-free paths (backwards
   * over the readers). No other block reads one of those, so its set is the same as before; the affected
   * ones restart empty and reach the same least fixpoint as a computation from scratch.
   */
  FirstSets(final IcfgModel model, final Readers readers, final FirstSets previous, final BitSet added) {
    this.model = model;
    final int n = model.program().blockCount();
    first = previous.first.clone();
    final boolean[] affected = new boolean[n];
    final int[] order = new int[n];
    int count = 0;
    for (int w = added.nextSetBit(0); w >= 0; w = added.nextSetBit(w + 1)) {
      affected[w] = true;
      order[count++] = w;
    }
    for (int i = 0; i < count; i++) {
      final int b = order[i];
      for (int r = readers.start()[b]; r < readers.start()[b + 1]; r++) {
        final int reader = readers.readers()[r];
        if (!affected[reader] && !model.isWitness(reader)) {
          affected[reader] = true;
          order[count++] = reader;
        }
      }
    }
    // Restart them in the structure's reads-first order, as a computation from scratch would.
    int k = 0;
    for (final int b : readers.order()) {
      if (affected[b]) {
        first[b] = NONE;
        order[k++] = b;
      }
    }
    solve(readers, order, k, affected);
  }

  /**
   * The worklist to the least fixpoint, starting with {@code initial[0..count)}; with {@code only}, blocks
   * outside it keep their sets and are never queued.
   */
  private void solve(final Readers readers, final int[] initial, final int count, final boolean[] only) {
    final int n = first.length;
    final int[] dependentStart = readers.start();
    final int[] dependents = readers.readers();
    // A FIFO ring of block ids, each queued at most once: a block leaves it before it can re-enter.
    final int[] ring = new int[Math.max(1, n)];
    final boolean[] queued = new boolean[n];
    int head = 0;
    int size = 0;
    for (int i = 0; i < count; i++) {
      ring[size++] = initial[i];
      queued[initial[i]] = true;
    }
    while (size > 0) {
      final int b = ring[head];
      head = head + 1 == n ? 0 : head + 1;
      size--;
      queued[b] = false;
      final int[] next = compute(b);
      if (next.length != first[b].length) {
        first[b] = next;
        for (int i = dependentStart[b]; i < dependentStart[b + 1]; i++) {
          final int d = dependents[i];
          if (!queued[d] && (only == null || only[d])) {
            queued[d] = true;
            final int tail = head + size;
            ring[tail >= n ? tail - n : tail] = d;
            size++;
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
    int[] acc = NONE;
    for (final int clinit : model.clinits(b)) {
      acc = union(acc, first[p.blockId(clinit, 0)]);
    }
    if (model.untracedInit(b)) {
      acc = union(acc, new int[] {EXTERNAL}); // an untraced initialiser may call back first
    }
    switch (p.end(b)) {
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
          for (int i = 0; i < p.successorCount(b); i++) {
            acc = union(acc, first[p.successor(b, i)]);
          }
        }
      }
      default -> {
        for (int i = 0; i < p.successorCount(b); i++) {
          acc = union(acc, first[p.successor(b, i)]);
        }
      }
    }
    return acc;
  }

  /** Calls back with (block read, block reading it) for every read of a FIRST set. */
  private static void forEachRead(final IcfgModel.Structure structure, final Read visit) {
    final Program p = structure.program();
    for (int b = 0; b < p.blockCount(); b++) {
      for (int i = 0; i < p.successorCount(b); i++) {
        visit.of(p.successor(b, i), b);
      }
      for (final int clinit : structure.clinits()[b]) {
        visit.of(p.blockId(clinit, 0), b);
      }
      // A call that may run untraced code reads no target's set (EXTERNAL stands for them all, see after):
      // an interface call there would otherwise read every traced method of its signature.
      if (structure.targets()[b] != null && !structure.targets()[b].external()) {
        for (final int t : structure.targets()[b].traced()) {
          visit.of(p.blockId(t, 0), b);
        }
      }
    }
  }

  /** One read of a FIRST set. */
  private interface Read {
    void of(int read, int reader);
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
