package dev.jdtrace.tracer;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Says that a long step is still running, after 10 s, 20 s, 40 s and so on: a first run or a session of a
 * program that runs for minutes is never silent, and the lines thin out as it goes on.
 */
final class Ticker implements AutoCloseable {
  /** The first line's delay, in seconds. */
  static final long FIRST_SECONDS = 10;

  private final ScheduledExecutorService clock;
  private final String step;
  private final Supplier<String> state;
  private final Consumer<String> info;
  private final long start = System.nanoTime();

  private Ticker(final String step, final Supplier<String> state, final Consumer<String> info,
      final long firstMillis) {
    this.step = step;
    this.state = state;
    this.info = info;
    clock = Executors.newSingleThreadScheduledExecutor(r -> {
      final Thread t = new Thread(r, "jdtrace-ticker");
      t.setDaemon(true);
      return t;
    });
    clock.schedule(() -> tick(firstMillis), firstMillis, TimeUnit.MILLISECONDS);
  }

  /**
   * Starts telling {@code info} that {@code step} is still running.
   *
   * @param state what to add to each line (how many sessions are done), or an empty string
   */
  static Ticker start(final String step, final Supplier<String> state, final Consumer<String> info) {
    return start(step, state, info, TimeUnit.SECONDS.toMillis(FIRST_SECONDS));
  }

  /** The same, with the first line after {@code firstMillis} (tests do not wait ten seconds). */
  static Ticker start(final String step, final Supplier<String> state, final Consumer<String> info,
      final long firstMillis) {
    return new Ticker(step, state, info, firstMillis);
  }

  private void tick(final long millis) {
    final String more = state.get();
    info.accept(String.format("%s: still running after %d s%s", step,
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start), more.isEmpty() ? "" : " (" + more + ")"));
    clock.schedule(() -> tick(2 * millis), millis, TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    clock.shutdownNow();
  }

  /** Waits until a line being said when closed is said, after which none is (accessible for testing). */
  boolean awaitStopped() throws InterruptedException {
    return clock.awaitTermination(10, TimeUnit.SECONDS);
  }
}
