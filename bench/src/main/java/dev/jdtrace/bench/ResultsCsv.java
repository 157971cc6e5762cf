package dev.jdtrace.bench;

import dev.jdtrace.bench.jmh.JmhSuite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The suite's figures as CSV: one file for the runs, one for the workers study, one for JMH. */
final class ResultsCsv {
  static final String HEADER = "group,workload,config,runs,sessions,breakpoints_per_session,breakpoints,hits,steps,"
      + "block_entries,blocks,wall_median_ms,wall_min_ms,wall_max_ms,peak_kb,predicted_ms,"
      + "ratio_line_stepping,ratio_all_blocks,check,session_wall_ms,session_predicted_ms,hits_x_breakpoints";

  private ResultsCsv() {
  }

  /** The runs, one line per workload and configuration. */
  static List<String> rows(final List<Row> rows, final Ratios ratios) {
    final List<String> out = new ArrayList<>(List.of(HEADER));
    for (final Row r : rows) {
      final JdtraceStats s = r.stats();
      out.add(String.join(",", r.workload().group(), quote(r.workload().name()), quote(r.config().name()),
          Integer.toString(r.runs()),
          s == null ? "" : Integer.toString(s.sessions()),
          s == null ? "" : s.sessionBreakpoints().stream().map(String::valueOf).collect(Collectors.joining(";")),
          s == null ? "" : Long.toString(s.breakpoints()),
          s == null ? "" : Long.toString(s.hits()),
          r.steps() < 0 ? "" : Long.toString(r.steps()),
          s == null ? "" : Long.toString(s.blockEntries()),
          s == null ? "" : Integer.toString(s.blocks()),
          Long.toString(r.medianWall()), Long.toString(r.minWall()), Long.toString(r.maxWall()),
          Long.toString(r.peakKb()),
          s == null || s.predictedMillis() < 0 ? "" : Long.toString(s.predictedMillis()),
          number(ratios.toLineStepping(r)), number(ratios.toAllBlocks(r)), quote(r.check()),
          s == null ? "" : s.sessionWallMillis().stream().map(String::valueOf).collect(Collectors.joining(";")),
          s == null ? "" : s.sessionPredictedMillis().stream().map(String::valueOf).collect(Collectors.joining(";")),
          s == null || s.hitsTimesBreakpoints() < 0 ? "" : Long.toString(s.hitsTimesBreakpoints())));
    }
    return out;
  }

  static List<String> workers(final List<DistributionStudy.Cell> cells) {
    final List<String> out = new ArrayList<>(List.of("strategy,workers,sessions,plan_ms,collection_median_ms,"
        + "collection_min_ms,collection_max_ms,ratio,check"));
    for (final DistributionStudy.Cell c : cells) {
      final Row r = c.collection();
      out.add(String.join(",", c.strategy(), Integer.toString(c.workers()),
          r.stats() == null ? "" : Integer.toString(r.stats().sessions()), number(c.planMillis()),
          Long.toString(r.medianWall()), Long.toString(r.minWall()), Long.toString(r.maxWall()), number(c.ratio()),
          quote(r.check())));
    }
    return out;
  }

  static List<String> jmh(final List<JmhSuite.Figure> figures) {
    final List<String> out = new ArrayList<>(List.of("benchmark,param,blocks_per_op,ms_per_op,ops_error,blocks_per_s"));
    for (final JmhSuite.Figure f : figures) {
      out.add(String.join(",", f.benchmark(), quote(f.param()), Long.toString(f.blocks()), number(f.millisPerOp()),
          number(f.opsError()), number(f.blocksPerSecond())));
    }
    return out;
  }

  static void write(final Path file, final List<String> lines) throws IOException {
    Files.write(file, lines);
  }

  static String number(final double x) {
    return Double.isNaN(x) ? "" : String.format(Locale.ROOT, "%.4f", x);
  }

  static String quote(final String s) {
    return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
  }
}
