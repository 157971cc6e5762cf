package dev.jdtrace.programs.varying;

import java.util.HashSet;
import java.util.Set;

/**
 * One thread iterates a hash set of objects that keep {@link Object#hashCode}: their identity hash codes, and
 * so the order of the items, differ from run to run. The output is the same in every order.
 */
public final class IdentityOrder {
  private IdentityOrder() {
  }

  /** An item that hashes by identity. */
  static final class Item {
    final int n;

    Item(final int n) {
      this.n = n;
    }
  }

  public static void main(final String[] args) {
    final Set<Item> items = new HashSet<>();
    for (final int n : new int[] {3, 5, 7}) {
      items.add(new Item(n));
    }
    int sum = 0;
    for (final Item item : items) {
      sum += Work.work(item.n);
    }
    System.out.println("sum " + sum);
  }
}
