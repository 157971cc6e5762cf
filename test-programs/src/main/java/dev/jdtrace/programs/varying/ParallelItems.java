package dev.jdtrace.programs.varying;

import java.util.stream.IntStream;

/** A parallel stream works through the items: the common pool splits them over threads as timing falls. */
public final class ParallelItems {
  private ParallelItems() {
  }

  public static void main(final String[] args) {
    final int sum = IntStream.of(3, 5, 7, 5, 3, 7, 5, 3).parallel().map(Work::work).sum();
    System.out.println("sum " + sum);
  }
}
