package dev.jdtrace.programs.varying;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;

/**
 * Two workers released at once each take one item from a shared queue: which worker gets item 5 and which
 * item 7 is a race. The output is the same whoever wins.
 */
public final class QueueRace {
  private QueueRace() {
  }

  public static void main(final String[] args) throws InterruptedException {
    final BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(2);
    queue.add(5);
    queue.add(7);
    final CountDownLatch go = new CountDownLatch(1);
    final int[] done = new int[2];
    final Thread[] workers = new Thread[2];
    for (int w = 0; w < 2; w++) {
      final int me = w;
      workers[w] = new Thread(() -> {
        try {
          go.await();
          done[me] = Work.work(queue.take());
        } catch (final InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "worker");
      workers[w].start();
    }
    go.countDown();
    for (final Thread t : workers) {
      t.join();
    }
    System.out.println("items done: " + (done[0] + done[1]));
  }
}
