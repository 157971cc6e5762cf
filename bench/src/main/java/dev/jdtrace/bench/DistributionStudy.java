package dev.jdtrace.bench;

import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.tracer.RunRequest;
import dev.jdtrace.tracer.Tracer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The seed's Figs. 13 and 14 on one workload: for each strategy and 1 to {@value #MAX_WORKERS} workers
 * ({@code --sessions w --parallel w}), the cost of collection (the wall time of {@code jdtrace run}) and the cost
 * of distribution (loading the classes, planning and splitting into sessions, timed in this JVM once warm).
 */
final class DistributionStudy {
  static final List<String> STRATEGIES = List.of("fine", "function", "optimized");
  static final int MAX_WORKERS = 5;

  /**
   * One cell of the study.
   *
   * @param strategy the strategy
   * @param workers workers (and sessions asked for)
   * @param planMillis median planning and splitting time
   * @param collection the measured runs
   */
  record Cell(String strategy, int workers, double planMillis, Row collection) {
    /** Cost of distribution over cost of collection. */
    double ratio() {
      return planMillis / collection.medianWall();
    }
  }

  private DistributionStudy() {
  }

  /**
   * Times the planning of each cell and pairs it with its measured row (from {@link Workloads#workersStudy}).
   *
   * @param repeats timed planning runs after one warm-up
   */
  static List<Cell> cells(final Workload w, final List<Row> rows, final int repeats) throws IOException {
    final List<Cell> cells = new ArrayList<>();
    for (final Row row : rows) {
      final Config c = row.config();
      final String strategy = c.option("--strategy");
      if (strategy == null) {
        continue;
      }
      final int workers = Integer.parseInt(c.option("--sessions"));
      final RunRequest request = new RunRequest(w.includes(), List.of(), ProfileKind.OPTIMAL, null, null,
          dev.jdtrace.collect.StandardInput.none(), w.javaCommand(),
          workers, Integer.MAX_VALUE, Strategy.of(strategy), workers);
      Tracer.plan(request, line -> { });
      final List<Long> nanos = new ArrayList<>();
      for (int i = 0; i < repeats; i++) {
        final long t0 = System.nanoTime();
        Tracer.plan(request, line -> { });
        nanos.add(System.nanoTime() - t0);
      }
      cells.add(new Cell(strategy, workers, Row.median(nanos.stream().sorted().toList()) / 1e6, row));
    }
    return cells;
  }
}
