package dev.jdtrace.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Loop folding for {@code show}: appends items to a frame's body and folds tandem repeats as they
 * appear. When the last {@code p} items repeat the {@code p} before them, both become one
 * {@link Folded.Loop} of count 2; when the last {@code p} items repeat the body of the loop just before
 * them, its count grows. Folding cascades, so nested loops fold inside out, and iterations that differ
 * (another path, another inner count) stay as separate items. Periods up to {@link #MAX_PERIOD} items
 * are found; longer iterations are not folded. A loop is folded as soon as two iterations agree, so when
 * the items after a loop would extend the inner loop that ends its last iteration, that iteration is
 * unrolled again first: {@code 5 7 7 | 5 7 7 7} folds to {@code 5 (7)x2 5 (7)x3}, not to
 * {@code (5 (7)x2)x2 7}. Stateless.
 */
final class LoopFolder {
  /** The longest iteration, in items, that is folded. */
  static final int MAX_PERIOD = 48;

  private LoopFolder() {
  }

  /**
   * Appends {@code item} to {@code body}, folding repeats.
   *
   * @return the change in the items {@code body} holds (see {@link Folded#size()})
   */
  static int append(final List<Folded> body, final Folded item) {
    body.add(item);
    int delta = item.size() + unroll(body);
    boolean folded = true;
    while (folded) {
      folded = false;
      final int n = body.size();
      final Folded last = body.get(n - 1);
      for (int p = 1; p <= MAX_PERIOD && p < n && !folded; p++) {
        if (body.get(n - 1 - p) instanceof Folded.Loop loop && loop.body().size() == p
            && Folded.same(loop.body().get(p - 1), last) && Folded.same(loop.body(), 0, body, n - p, p)) {
          delta -= Folded.sizeOf(body.subList(n - p, n));
          body.subList(n - p, n).clear();
          body.set(n - 1 - p, Folded.Loop.of(loop.body(), loop.count() + 1));
          folded = true;
        } else if (2 * p <= n && Folded.same(body.get(n - 1 - p), last) && Folded.same(body, n - 2 * p, body, n - p, p)) {
          final List<Folded> iteration = new ArrayList<>(body.subList(n - 2 * p, n - p));
          final Folded.Loop loop = Folded.Loop.of(iteration, 2);
          delta += loop.size() - 2 * Folded.sizeOf(iteration);
          body.subList(n - 2 * p, n).clear();
          body.add(loop);
          folded = true;
        }
      }
    }
    return delta;
  }

  /**
   * Unrolls the last iteration of a loop when the items after it would extend the inner loop that ends
   * that iteration; returns the change in items held.
   */
  private static int unroll(final List<Folded> body) {
    final int n = body.size();
    for (int p = 1; p <= MAX_PERIOD && p < n; p++) {
      if (body.get(n - 1 - p) instanceof Folded.Loop outer && outer.body().get(outer.body().size() - 1)
          instanceof Folded.Loop inner && inner.body().size() == p && Folded.same(inner.body(), 0, body, n - p, p)) {
        final long shift = (outer.count() - 1) * entries(outer.body());
        final List<Folded> last = outer.body().stream().map(item -> shifted(item, shift)).toList();
        final List<Folded> rest = outer.count() == 2 ? outer.body() : List.of(Folded.Loop.of(outer.body(),
            outer.count() - 1));
        body.remove(n - 1 - p);
        body.addAll(n - 1 - p, last);
        body.addAll(n - 1 - p, rest);
        return Folded.sizeOf(rest) + Folded.sizeOf(last) - outer.size();
      }
    }
    return 0;
  }

  /** Block entries an item stands for; identical items stand for equally many. */
  private static long entries(final List<Folded> items) {
    long n = 0;
    for (final Folded item : items) {
      if (item instanceof Folded.Call c) {
        n += entries(c.body());
      } else if (item instanceof Folded.Loop l) {
        n += l.count() * entries(l.body());
      } else {
        n++;
      }
    }
    return n;
  }

  private static Folded shifted(final Folded item, final long shift) {
    if (item instanceof Folded.Call c) {
      return new Folded.Call(c.method(), c.ordinal() + shift, shifted(c.body(), shift), c.hash(), c.size());
    }
    if (item instanceof Folded.Loop l) {
      return new Folded.Loop(shifted(l.body(), shift), l.count(), l.hash(), l.size());
    }
    final Folded.Step s = (Folded.Step) item;
    return new Folded.Step(s.block(), s.ordinal() + shift);
  }

  private static List<Folded> shifted(final List<Folded> items, final long shift) {
    return items.stream().map(item -> shifted(item, shift)).toList();
  }
}
