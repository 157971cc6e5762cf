package dev.jdtrace.plan.optimal;

import java.util.Arrays;

/** A growable {@code int} array, to keep long paths unboxed. */
final class IntList {

  private int[] values = new int[16];
  private int size;

  void add(final int value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = value;
  }

  int size() {
    return size;
  }

  int[] toArray() {
    return Arrays.copyOf(values, size);
  }
}
