package dev.jdtrace.tracer;

import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.distribute.Plan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/** Runs a plan's sessions on a pool of workers, heaviest first. */
final class Sessions {
  private Sessions() {
  }

  /** Where session k's stream goes. */
  static Path part(final Path work, final int session) {
    return work.resolve("session-" + session + ".part");
  }

  /**
   * Runs every session, at most {@code parallel} at once, the ones predicted longest first; results in
   * session order.
   */
  static List<SessionResult> runAll(final Plan plan, final List<Double> predictedMillis, final Path work,
      final int parallel,
      final BiFunction<Plan.SessionPlan, Path, SessionResult> session, final Consumer<String> progress) {
    final ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parallel));
    try {
      final List<Plan.SessionPlan> order = new ArrayList<>(plan.sessions());
      // Longest first, so that no long session starts last while the other workers idle.
      order.sort((a, b) -> Double.compare(predictedMillis.get(b.index()), predictedMillis.get(a.index())));
      final List<Future<SessionResult>> futures = new ArrayList<>();
      final int total = plan.sessions().size();
      final AtomicInteger done = new AtomicInteger();
      for (final Plan.SessionPlan s : order) {
        futures.add(pool.submit(() -> {
          final SessionResult r = session.apply(s, part(work, s.index()));
          if (total > 1) {
            final int finished = done.incrementAndGet();
            // Sessions are numbered from 0, as collect --session and JDTRACE_SESSION number them.
            final String line = String.format("session %d done (%d of %d): %s, %s, %.1f s", s.index(), finished,
                total, Plural.of(r.breakpoints(), "breakpoint"), Plural.of(r.hits(), "hit"), r.wallMillis() / 1000.0);
            if (progress instanceof SessionProgress bar) {
              bar.step(finished, total, line);
            } else {
              progress.accept(line);
            }
          }
          return r;
        }));
      }
      final SessionResult[] results = new SessionResult[total];
      try (Ticker ticker = Ticker.start(total > 1 ? "sessions" : "the session", () -> total > 1 ? done.get() + " of "
          + total + " done" : "", progress)) {
        for (final Future<SessionResult> f : futures) {
          final SessionResult r = f.get();
          results[r.session()] = r;
        }
      }
      return List.of(results);
    } catch (final ExecutionException e) {
      throw failure(e);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while tracing");
    } finally {
      pool.shutdownNow();
    }
  }

  /** What a worker's session threw: its own exception when unchecked, so its one-line message survives. */
  static RuntimeException failure(final ExecutionException e) {
    return e.getCause() instanceof RuntimeException r ? r
        : new TargetException("a session failed: " + e.getCause(), e.getCause());
  }
}
