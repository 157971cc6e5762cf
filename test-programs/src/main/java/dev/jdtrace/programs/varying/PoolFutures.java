package dev.jdtrace.programs.varying;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** A pool of two threads works through items submitted as tasks: which pool thread runs which is a race. */
public final class PoolFutures {
  private PoolFutures() {
  }

  public static void main(final String[] args) throws Exception {
    final ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      final List<Future<Integer>> results = new ArrayList<>();
      for (final int item : new int[] {3, 5, 7, 5, 3}) {
        results.add(pool.submit(() -> Work.work(item)));
      }
      int sum = 0;
      for (final Future<Integer> f : results) {
        sum += f.get();
      }
      System.out.println("sum " + sum);
    } finally {
      pool.shutdown();
    }
  }
}
