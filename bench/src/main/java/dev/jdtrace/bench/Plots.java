package dev.jdtrace.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/** The suite's PNG plots, drawn with XChart. Each method writes one file and returns its name (null if empty). */
final class Plots {
  private final Path dir;

  Plots(final Path dir) {
    this.dir = dir;
    System.setProperty("java.awt.headless", "true");
  }

  /** Wall time against the number of sessions, one line per library workload. */
  String sessions(final List<Row> rows) throws IOException {
    final XYChart chart = xy("Wall time against sessions (optimal profile, static weights)", "sessions",
        "wall time (s)");
    final Map<String, List<Row>> byWorkload = byWorkload(rows, r -> r.workload().group().equals("library")
        && r.ok() && (r.config().equals(Config.OPTIMAL_STATIC) || r.config().name().startsWith("sessions ")));
    byWorkload.forEach((name, list) -> {
      list.sort(Comparator.comparingInt(r -> r.stats().sessions()));
      series(chart, name, list, r -> r.stats().sessions(), r -> r.medianWall() / 1000.0);
    });
    wholeNumbers(chart, byWorkload.values().stream().flatMap(List::stream)
        .mapToInt(r -> r.stats().sessions()).max().orElse(1));
    return save(chart, "sessions");
  }

  /** The seed's Fig. 14: cost of collection against workers, one line per strategy. */
  String workers(final List<DistributionStudy.Cell> cells, final String workload) throws IOException {
    final XYChart chart = xy("Cost of collection against workers (" + workload + ")", "workers",
        "collection wall time (s)");
    for (final String strategy : DistributionStudy.STRATEGIES) {
      final List<DistributionStudy.Cell> line = cells.stream()
          .filter(c -> c.strategy().equals(strategy) && c.collection().ok()).toList();
      if (!line.isEmpty()) {
        chart.addSeries(strategy, line.stream().mapToDouble(DistributionStudy.Cell::workers).toArray(),
            line.stream().mapToDouble(c -> c.collection().medianWall() / 1000.0).toArray());
      }
    }
    wholeNumbers(chart, DistributionStudy.MAX_WORKERS);
    return save(chart, "workers");
  }

  /** Hits per profile kind, per program and library workload, on a log scale. */
  String hits(final List<Row> rows) throws IOException {
    final CategoryChart chart = new CategoryChartBuilder().width(1200).height(560)
        .title("Hits per profile kind").xAxisTitle("workload").yAxisTitle("hits (log scale)").build();
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setYAxisMin(1.0);
    chart.getStyler().setXAxisLabelRotation(45);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    final List<String> names = rows.stream().filter(r -> !r.workload().group().equals("scale"))
        .map(r -> r.workload().name()).distinct().toList();
    if (names.isEmpty()) {
      return null;
    }
    for (final Config c : List.of(Config.ALL_BLOCKS, Config.CONDITION_TARGETS, Config.OPTIMAL_STATIC,
        Config.OPTIMAL_TRACE)) {
      final List<Number> hits = new ArrayList<>();
      for (final String name : names) {
        hits.add(rows.stream().filter(r -> r.workload().name().equals(name) && r.config().equals(c) && r.ok())
            .findFirst().map(r -> (Number) Math.max(1, r.stats().hits())).orElse(1));
      }
      chart.addSeries(c.name(), names, hits);
    }
    return save(chart, "hits");
  }

  /** Scaling: wall time against a figure of the all-blocks run (block entries, or blocks loaded). */
  String scale(final List<Row> rows, final String file, final String title, final String xTitle,
      final ToDoubleFunction<JdtraceStats> x, final java.util.function.Predicate<String> inSeries)
      throws IOException {
    final XYChart chart = xy(title, xTitle, "wall time (s)");
    final Map<String, JdtraceStats> truth = new LinkedHashMap<>();
    for (final Row r : rows) {
      if (r.workload().group().equals("scale") && r.config().equals(Config.ALL_BLOCKS) && r.stats() != null) {
        truth.put(r.workload().name(), r.stats());
      }
    }
    final List<Row> series = rows.stream().filter(r -> truth.containsKey(r.workload().name())
        && inSeries.test(r.workload().name())).toList();
    for (final Config c : List.of(Config.NO_DEBUGGER, Config.LINE_STEPPING, Config.ALL_BLOCKS, Config.DEFAULT)) {
      final List<Row> line = new ArrayList<>(series.stream().filter(r -> r.config().equals(c) && r.ok()).toList());
      line.sort(Comparator.comparingDouble(r -> x.applyAsDouble(truth.get(r.workload().name()))));
      if (line.size() > 1) {
        series(chart, c.name(), line, r -> x.applyAsDouble(truth.get(r.workload().name())),
            r -> r.medianWall() / 1000.0);
      }
    }
    return save(chart, file);
  }

  private static Map<String, List<Row>> byWorkload(final List<Row> rows, final java.util.function.Predicate<Row> p) {
    final Map<String, List<Row>> out = new LinkedHashMap<>();
    rows.stream().filter(p).forEach(r -> out.computeIfAbsent(r.workload().name(), k -> new ArrayList<>()).add(r));
    return out;
  }

  private static void series(final XYChart chart, final String name, final List<Row> rows,
      final ToDoubleFunction<Row> x, final ToDoubleFunction<Row> y) {
    chart.addSeries(name, rows.stream().mapToDouble(x).toArray(), rows.stream().mapToDouble(y).toArray());
  }

  /** Ticks one unit apart on an x axis of counts from 1 to {@code max}: XChart would otherwise tick fractions. */
  private static void wholeNumbers(final XYChart chart, final int max) {
    chart.getStyler().setXAxisTickMarkSpacingHint(Math.max(40, (chart.getWidth() - 120) / Math.max(1, max)));
    chart.getStyler().setXAxisDecimalPattern("0");
  }

  private static XYChart xy(final String title, final String x, final String y) {
    final XYChart chart = new XYChartBuilder().width(900).height(520).title(title).xAxisTitle(x).yAxisTitle(y)
        .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    return chart;
  }

  /** Writes the chart, or nothing (null) when it has no series: the report then leaves it out. */
  private String save(final Chart<?, ?> chart, final String name) throws IOException {
    if (chart.getSeriesMap().isEmpty()) {
      return null;
    }
    BitmapEncoder.saveBitmap(chart, dir.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
    return name + ".png";
  }
}
