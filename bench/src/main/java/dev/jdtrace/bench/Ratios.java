package dev.jdtrace.bench;

import java.util.List;

/** A row's median wall time over the line-stepping tracer's and over all-blocks' on the same workload. */
final class Ratios {
  private final List<Row> rows;

  Ratios(final List<Row> rows) {
    this.rows = List.copyOf(rows);
  }

  /** The row of a configuration on a workload, if it ran. */
  Row find(final Workload w, final Config c) {
    return rows.stream().filter(r -> r.workload().name().equals(w.name()) && r.config().equals(c)).findFirst()
        .orElse(null);
  }

  double toLineStepping(final Row r) {
    return ratio(r, find(r.workload(), Config.LINE_STEPPING));
  }

  double toAllBlocks(final Row r) {
    return ratio(r, find(r.workload(), Config.ALL_BLOCKS));
  }

  /** NaN when either side failed or is missing. */
  static double ratio(final Row r, final Row base) {
    if (base == null || !base.ok() || !r.ok() || base.medianWall() == 0) {
      return Double.NaN;
    }
    return (double) r.medianWall() / base.medianWall();
  }
}
