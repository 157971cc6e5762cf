package dev.jdtrace.bench;

import dev.jdtrace.bench.jmh.JmhSuite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The benchmark suite: every workload under every configuration, the workers study, JMH; then CSV, plots and
 * docs/benchmarks.md. Run it with {@code bench/run.sh [options]}.
 */
@Command(name = "bench/run.sh", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Measures collection cost against the baselines and writes docs/benchmarks.md, "
        + "docs/bench/*.csv and docs/bench/*.png.")
public final class Suite implements Callable<Integer> {
  @Option(names = "--quick", description = "Few workloads, small sizes, one run each: a few minutes.")
  boolean quick;

  @Option(names = "--reps", paramLabel = "N", description = "Runs per configuration (default: 3, quick: 1).")
  Integer reps;

  @Option(names = "--repeat-below", paramLabel = "S", defaultValue = "10",
      description = "Repeat a configuration only when its first run took less than S seconds "
          + "(default: ${DEFAULT-VALUE}).")
  double repeatBelow;

  @Option(names = "--only", paramLabel = "REGEX", description = "Only the workloads whose name matches.")
  Pattern only;

  @Option(names = "--configs", paramLabel = "REGEX",
      description = "Only the configurations whose name matches (all-blocks, the ground truth, always runs).")
  Pattern configs;

  @Option(names = "--no-jmh", description = "Skip the planning and merge benchmarks.")
  boolean noJmh;

  @Option(names = "--no-workers", description = "Skip the workers study (seed Figs. 13 and 14).")
  boolean noWorkers;

  @Option(names = "--root", paramLabel = "DIR", defaultValue = ".", description = "The repository root.")
  Path root;

  @Option(names = "--report", paramLabel = "FILE", description = "Markdown report (default: ROOT/docs/benchmarks.md).")
  Path report;

  public static void main(final String[] args) {
    System.exit(new CommandLine(new Suite()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    final long start = System.nanoTime();
    final Path rootDir = root.toAbsolutePath().normalize();
    final Path md = report != null ? report : rootDir.resolve("docs/benchmarks.md");
    final Path assets = md.toAbsolutePath().getParent().resolve("bench");
    Files.createDirectories(assets);
    final int runs = reps != null ? reps : quick ? 1 : 3;
    final Machine machine = Machine.describe();
    final Path work = Files.createTempDirectory("jdtrace-bench-");
    try {
      final Workloads catalog = new Workloads(rootDir, work, quick);
      final Runner runner = new Runner(work, rootDir);
      final List<Workload> workloads = new ArrayList<>();
      workloads.addAll(catalog.shortTraces());
      workloads.addAll(catalog.libraries());
      workloads.addAll(catalog.untuned());
      workloads.addAll(catalog.programs());
      workloads.addAll(catalog.scale());
      final List<Row> rows = new ArrayList<>();
      for (final Workload w : workloads) {
        if (only == null || only.matcher(w.name()).find()) {
          for (final Config c : w.configs()) {
            if (configs == null || c.equals(Config.ALL_BLOCKS) || configs.matcher(c.name()).find()) {
              rows.add(measure(runner, w, c, runs));
            }
          }
          Files.deleteIfExists(runner.allBlocksTrace(w));
        }
      }
      final Workload study = catalog.workersStudy();
      final List<DistributionStudy.Cell> cells = new ArrayList<>();
      if (!noWorkers && (only == null || only.matcher(study.name()).find())) {
        final List<Row> studyRows = new ArrayList<>();
        for (final Config c : study.configs()) {
          if (!c.equals(Config.ALL_BLOCKS) || !runner.hasTruth(study)) {
            studyRows.add(measure(runner, study, c, runs));
          }
        }
        Files.deleteIfExists(runner.allBlocksTrace(study));
        cells.addAll(DistributionStudy.cells(study, studyRows, quick ? 1 : 3));
      }
      final List<JmhSuite.Figure> jmh = new ArrayList<>();
      if (!noJmh) {
        log("JMH: planning and merge benchmarks");
        jmh.addAll(JmhSuite.run(rootDir, quick ? List.of(30_000) : List.of(10_000, 30_000, 60_000),
            List.of(Workloads.STRATEGY_STUDY_DRIVER + " 40 org.apache.commons.csv.*"), quick));
        jmh.forEach(f -> log(String.format(Locale.ROOT, "JMH %-8s %-14s %8d blocks %9.1f ms/op %7.2f M blocks/s",
            f.benchmark(), f.param(), f.blocks(), f.millisPerOp(), f.blocksPerSecond() / 1e6)));
      }
      final Plots plots = new Plots(assets);
      final List<String> pngs = new ArrayList<>();
      pngs.add(plots.sessions(rows));
      if (!cells.isEmpty()) {
        plots.workers(cells, study.name());
      }
      pngs.add(plots.hits(rows));
      pngs.add(plots.scale(rows, "scale-length", "Wall time against trace length (" + catalog.fixedUnits()
          + " units)", "block entries", JdtraceStats::blockEntries,
          n -> n.startsWith(Workloads.scaleName(catalog.fixedUnits(), 0).replace(" c0", " c"))));
      pngs.add(plots.scale(rows, "scale-blocks", "Wall time against blocks loaded (" + catalog.fixedCalls()
          + " calls)", "blocks", JdtraceStats::blocks, n -> n.endsWith(" c" + catalog.fixedCalls())));
      pngs.removeIf(java.util.Objects::isNull);
      final Ratios ratios = new Ratios(rows);
      ResultsCsv.write(assets.resolve("results.csv"), ResultsCsv.rows(rows, ratios));
      ResultsCsv.write(assets.resolve("workers.csv"), ResultsCsv.workers(cells));
      ResultsCsv.write(assets.resolve("jmh.csv"), ResultsCsv.jmh(jmh));
      final double minutes = (System.nanoTime() - start) / 60e9;
      final String mode = (quick ? "quick mode" : "full suite") + ", " + runs + " run(s) per configuration, "
          + "repeated only below " + repeatBelow + " s";
      Files.write(md, Report.write(new Report.Inputs(mode, "bench/run.sh" + (quick ? " --quick" : ""), machine,
          Machine.loadNow(), minutes, rows, study.name(), cells, jmh, pngs)));
      log(String.format(Locale.ROOT, "wrote %s, %s/*.csv, %s/*.png in %.1f min", md, assets, assets, minutes));
      return rows.stream().allMatch(Row::ok) ? 0 : 1;
    } finally {
      try (var files = Files.walk(work)) {
        for (final Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /** Runs a configuration once, then again up to {@code runs} times while its first run stayed short. */
  private Row measure(final Runner runner, final Workload w, final Config c, final int runs)
      throws IOException, InterruptedException {
    final List<Sample> samples = new ArrayList<>();
    samples.add(runner.run(w, c));
    while (samples.size() < runs && samples.get(0).wallMillis() < repeatBelow * 1000 && !samples.get(0).failed()) {
      samples.add(runner.run(w, c));
    }
    final Row row = new Row(w, c, samples);
    final JdtraceStats s = row.stats();
    log(String.format(Locale.ROOT, "%-22s %-26s %7.2f s (%d run%s)  %s%s", w.name(), c.name(),
        row.medianWall() / 1000.0, row.runs(), row.runs() == 1 ? "" : "s", row.check(), s == null ? ""
            : String.format(Locale.ROOT, "  sessions %d, breakpoints %s, hits %d, hits x breakpoints %d",
                s.sessions(), s.sessionBreakpoints(), s.hits(), s.hitsTimesBreakpoints())));
    return row;
  }

  private static void log(final String line) {
    System.err.println("bench: " + line);
  }
}
