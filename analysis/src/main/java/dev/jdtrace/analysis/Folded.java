package dev.jdtrace.analysis;

import java.util.List;

/**
 * One element of a frame's folded body in {@code show}: a block entry, a finished call, or a loop of
 * identical iterations. Two items are the same when they have the same structure, whatever their
 * ordinals; {@link #hash()} is a structural hash that ignores ordinals. {@link #size()} counts the items
 * it holds, itself included, for the memory budget. Immutable.
 */
sealed interface Folded permits Folded.Step, Folded.Call, Folded.Loop {

  /** Structural hash, ignoring ordinals. */
  long hash();

  /** Items held, this one included. */
  int size();

  /** Ordinal of the first block entry. */
  long ordinal();

  /** A block entry in the frame itself. */
  record Step(int block, long ordinal) implements Folded {
    @Override
    public long hash() {
      return mix(0x9E3779B97F4A7C15L + block);
    }

    @Override
    public int size() {
      return 1;
    }
  }

  /** A finished call of {@code method}, with its folded body. */
  record Call(int method, long ordinal, List<Folded> body, long hash, int size) implements Folded {
    static Call of(final int method, final long ordinal, final List<Folded> body) {
      return new Call(method, ordinal, List.copyOf(body), mix(hashOf(body) * 31 + method + 0x51L), 1 + sizeOf(body));
    }
  }

  /** {@code count} consecutive identical iterations, each {@code body}, shown once. */
  record Loop(List<Folded> body, int count, long hash, int size) implements Folded {
    static Loop of(final List<Folded> body, final int count) {
      return new Loop(List.copyOf(body), count, mix(hashOf(body) * 17 + count + 0x77L), 1 + sizeOf(body));
    }

    @Override
    public long ordinal() {
      return body.get(0).ordinal();
    }
  }

  /** Whether two items have the same structure. */
  static boolean same(final Folded a, final Folded b) {
    if (a.hash() != b.hash() || a.size() != b.size()) {
      return false;
    }
    if (a instanceof Step s && b instanceof Step t) {
      return s.block() == t.block();
    }
    if (a instanceof Call c && b instanceof Call d) {
      return c.method() == d.method() && same(c.body(), 0, d.body(), 0, c.body().size());
    }
    if (a instanceof Loop l && b instanceof Loop m) {
      return l.count() == m.count() && same(l.body(), 0, m.body(), 0, l.body().size());
    }
    return false;
  }

  /** Whether {@code a[i..i+n)} and {@code b[j..j+n)} are the same, item by item. */
  static boolean same(final List<Folded> a, final int i, final List<Folded> b, final int j, final int n) {
    if (a.size() - i < n || b.size() - j < n) {
      return false;
    }
    for (int k = n - 1; k >= 0; k--) {
      if (!same(a.get(i + k), b.get(j + k))) {
        return false;
      }
    }
    return true;
  }

  /** Structural hash of a sequence. */
  static long hashOf(final List<Folded> items) {
    long h = items.size();
    for (final Folded item : items) {
      h = h * 0x100000001B3L + item.hash();
    }
    return mix(h);
  }

  /** Items held by a sequence. */
  static int sizeOf(final List<Folded> items) {
    int n = 0;
    for (final Folded item : items) {
      n += item.size();
    }
    return n;
  }

  /** A 64-bit finaliser (SplitMix64). */
  static long mix(final long x) {
    long z = x;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
