package dev.jdtrace.collect.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * JDI calls made from several threads at once while a target thread waits for them: the agent answers one
 * command at a time, but the round trips overlap (a class prepared in the first run holds its thread while a
 * breakpoint is set at each of its methods).
 */
public final class RequestPool implements AutoCloseable {
  /** Threads making JDI calls at once: measured, see docs/benchmarks.md. */
  public static final int THREADS = Integer.getInteger("jdtrace.installThreads", 4);

  private final int threads;
  private final ExecutorService pool;

  /** A pool of {@code threads} daemon threads, started now: starting them inside a hold is time the target waits. */
  public RequestPool(final int threads) {
    this.threads = threads;
    this.pool = Executors.newFixedThreadPool(threads, r -> {
      final Thread t = new Thread(r, "jdtrace-requests");
      t.setDaemon(true);
      return t;
    });
  }

  /** Applies a JDI call to every item, from every thread at once when there are enough items; returns when all are done. */
  public <T> void forEach(final List<T> items, final Consumer<T> call) throws InterruptedException {
    map(items, item -> {
      call.accept(item);
      return null;
    });
  }

  /**
   * Applies a JDI call to every item, from every thread at once when there are enough items; returns the results in
   * item order once all are done. Each thread takes every {@code threads}-th item, so the calls go out roughly in order.
   */
  @SuppressWarnings("unchecked")
  public <T, R> List<R> map(final List<T> items, final Function<T, R> call) throws InterruptedException {
    final Object[] out = new Object[items.size()];
    if (items.size() < 2 * threads) {
      for (int i = 0; i < out.length; i++) {
        out[i] = call.apply(items.get(i));
      }
      return (List<R>) Arrays.asList(out);
    }
    final List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      final int first = t;
      done.add(pool.submit(() -> {
        for (int i = first; i < items.size(); i += threads) {
          out[i] = call.apply(items.get(i));
        }
      }));
    }
    try {
      for (final Future<?> f : done) {
        f.get();
      }
    } catch (final ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    }
    return (List<R>) Arrays.asList(out);
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
