package dev.jdtrace.cli.export;

import java.util.ArrayList;
import java.util.List;

/**
 * Loop folding for {@code show}: appends items to a frame's body and folds tandem repeats as they
 * appear. When the last {@code p} items repeat the {@code p} before them, both become one
 * {@link Item.Loop} of count 2; when the last {@code p} items repeat the body of the loop just before
 * them, its count grows. Folding cascades, so nested loops fold inside out, and iterations that differ
 * (another path, another inner count) stay as separate items. Periods up to {@link #MAX_PERIOD} items
 * are found; longer iterations are not folded. Stateless.
 */
final class LoopFolder {
  /** The longest iteration, in items, that is folded. */
  static final int MAX_PERIOD = 48;

  private LoopFolder() {
  }

  /**
   * Appends {@code item} to {@code body}, folding repeats.
   *
   * @return the change in the items {@code body} holds (see {@link Item#size()})
   */
  static int append(final List<Item> body, final Item item) {
    body.add(item);
    int delta = item.size();
    boolean folded = true;
    while (folded) {
      folded = false;
      final int n = body.size();
      final Item last = body.get(n - 1);
      for (int p = 1; p <= MAX_PERIOD && p < n && !folded; p++) {
        if (body.get(n - 1 - p) instanceof Item.Loop loop && loop.body().size() == p
            && Item.same(loop.body().get(p - 1), last) && Item.same(loop.body(), 0, body, n - p, p)) {
          delta -= Item.sizeOf(body.subList(n - p, n));
          body.subList(n - p, n).clear();
          body.set(n - 1 - p, Item.Loop.of(loop.body(), loop.count() + 1));
          folded = true;
        } else if (2 * p <= n && Item.same(body.get(n - 1 - p), last) && Item.same(body, n - 2 * p, body, n - p, p)) {
          final List<Item> iteration = new ArrayList<>(body.subList(n - p, n));
          final Item.Loop loop = Item.Loop.of(iteration, 2);
          delta += loop.size() - 2 * Item.sizeOf(iteration);
          body.subList(n - 2 * p, n).clear();
          body.add(loop);
          folded = true;
        }
      }
    }
    return delta;
  }
}
