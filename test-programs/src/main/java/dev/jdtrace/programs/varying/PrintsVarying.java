package dev.jdtrace.programs.varying;

import java.util.UUID;

/**
 * Takes the same path in every run but prints what differs from run to run: the clock, its process id, a
 * random UUID and an identity hash code, as log lines do.
 */
public final class PrintsVarying {
  private PrintsVarying() {
  }

  public static void main(final String[] args) {
    System.out.println("started at " + System.currentTimeMillis() + " (" + System.nanoTime() + ") pid "
        + ProcessHandle.current().pid() + " request " + UUID.randomUUID() + " " + new Object());
    int sum = 0;
    for (final int n : new int[] {3, 5, 7}) {
      sum += Work.work(n);
    }
    System.out.println("sum " + sum);
  }
}
