package dev.jdtrace.bench;

import dev.jdtrace.bench.jmh.JmhSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** docs/benchmarks.md: the machine, the targets, a table per workload, the workers study, JMH and the plots. */
final class Report {
  /** Entries from which a library workload counts for the targets. */
  static final long TARGET_ENTRIES = 100_000;

  /**
   * What the report shows.
   *
   * @param mode {@code quick} or {@code full}, with the repetition rule
   * @param command the command that wrote it
   * @param machine the machine
   * @param loadAfter load average at the end
   * @param minutes the suite's duration
   * @param rows every workload's rows
   * @param workersWorkload the workers study's workload name
   * @param cells the workers study
   * @param jmh JMH figures (empty when skipped)
   * @param plots plot file names, relative to the report's folder
   */
  record Inputs(String mode, String command, Machine machine, String loadAfter, double minutes, List<Row> rows,
      String workersWorkload, List<DistributionStudy.Cell> cells, List<JmhSuite.Figure> jmh, List<String> plots) {
  }

  private final Inputs in;
  private final Ratios ratios;
  private final List<String> out = new ArrayList<>();

  private Report(final Inputs in) {
    this.in = in;
    this.ratios = new Ratios(in.rows());
  }

  static List<String> write(final Inputs in) {
    final Report r = new Report(in);
    r.header();
    r.targets();
    r.limits();
    r.perEvent();
    r.shortTraces();
    r.untuned();
    r.workloads();
    r.workersStudy();
    r.jmh();
    r.plots();
    return r.out;
  }

  private void header() {
    final Machine m = in.machine();
    line("# Benchmarks");
    line("");
    line("Written by `" + in.command() + "` (" + in.mode() + ", %.1f min). Regenerate with `bench/run.sh`;"
        .formatted(in.minutes()) + " the CSV files and plots are in `bench/` next to this file.");
    line("");
    line("| machine | |");
    line("|---|---|");
    line("| CPU | " + m.cpu() + " |");
    line("| cores | " + m.cores() + " |");
    line("| memory | " + m.memoryMb() / 1024 + " GB |");
    line("| JVM | " + m.jvm() + " |");
    line("| OS | " + m.os() + " |");
    line("| load average (1, 5, 15 min) at start / end | " + m.load() + " / " + in.loadAfter() + " |");
    line("");
    line("How it is measured:");
    line("");
    line("- **wall** is the whole child process, JVM start to exit: `jdtrace run` (planning, every session, "
        + "decoding, trace writing), the line-stepping tracer, or the program alone (*no debugger*). Median of the "
        + "runs, with min and max; a configuration is repeated only while its first run is short (see the mode).");
    line("- **peak MB** is the resident high-water mark (`VmHWM` in `/proc/PID/status`, sampled every 20 ms) of the "
        + "debugger side alone: the `jdtrace` JVM or the line stepper's JVM, never the traced JVMs. For *no "
        + "debugger* it is the program itself.");
    line("- **check**: every jdtrace trace's `export --format blocks` text (its SHA-256, computed in memory) is "
        + "compared with the all-blocks trace of the same workload: `exact`, or `MISMATCH`. A failed run shows "
        + "`FAILED` with its last error line.");
    line("- **line-stepping** is the baseline in `bench/src/main/java/dev/jdtrace/bench/stepping`: `STEP_LINE` + "
        + "`STEP_INTO` on every thread, JDK classes excluded (`java.*`, `javax.*`, `jdk.*`, `sun.*`, `com.sun.*`), "
        + "the thread suspended at each step and resumed; it records (thread, class, method, line) per step. Its "
        + "hits column shows steps.");
    line("- **predicted** is the cost model's `predictedMillis` from `--stats` (the sessions' wall time on the "
        + "workers; `runPredictedMillis` is the whole run's), or n/a when the CLI has none.");
    line("- **jdtrace run (default)** passes no `--profile`, `--weights`, `--sessions` or `--cap`.");
    line("");
  }

  private void targets() {
    line("## Targets");
    line("");
    line("On the real-library workloads with at least " + TARGET_ENTRIES + " block entries:");
    line("");
    line("| workload | target | measured | met? |");
    line("|---|---|---|---|");
    for (final Workload w : workloads("library")) {
      final Row ab = ratios.find(w, Config.ALL_BLOCKS);
      if (ab == null || ab.stats() == null || ab.stats().blockEntries() < TARGET_ENTRIES) {
        continue;
      }
      final Row def = ratios.find(w, Config.DEFAULT);
      final Row weighted = ratios.find(w, Config.DEFAULT_WEIGHTS);
      final Row ls = ratios.find(w, Config.LINE_STEPPING);
      final String name = w.name() + " (" + ab.stats().blockEntries() + " entries)";
      // The targets of issue #14: sessions that pay, against the line stepper and against one session.
      target(name, "`jdtrace run` ≤ 0.25 × line-stepping wall", def == null ? Double.NaN : Ratios.ratio(def, ls),
          0.25, "×");
      target(name, "`jdtrace run --weights` ≤ 0.1 × line-stepping wall",
          weighted == null ? Double.NaN : Ratios.ratio(weighted, ls), 0.1, "×");
      final Row one = ratios.find(w, Config.OPTIMAL_STATIC);
      final Row four = ratios.find(w, Config.sessions(4));
      if (one != null && four != null) {
        target(name, "hits with 4 sessions ≤ 1.3 × hits with 1", !one.ok() || !four.ok() ? Double.NaN
            : (double) four.stats().hits() / one.stats().hits(), 1.3, "×");
      }
    }
    for (final JmhSuite.Figure f : in.jmh()) {
      if (f.benchmark().equals("planning") && f.param().equals("30000")) {
        target("planning, " + f.blocks() + " generated blocks", "< 1 s", f.millisPerOp() / 1000, 1.0, "s");
      }
    }
    for (final JmhSuite.Figure f : in.jmh()) {
      if (f.benchmark().equals("real planning")) {
        final String measured = String.format(Locale.ROOT, "%.0f blocks/s (%.0f ms for %d blocks: %s)",
            f.blocksPerSecond(), f.millisPerOp(), f.blocks(), f.phaseMillis().entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "%s %.0f", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", ")));
        final boolean met = f.blocksPerSecond() >= 100_000;
        line("| whole planner, all of " + f.param() + " | ≥ 100,000 blocks/s | " + measured + " | " + (met ? "yes"
            : String.format(Locale.ROOT, "**no**, %.2f× too slow", 100_000 / f.blocksPerSecond())) + " |");
      }
    }
    for (final JmhSuite.Figure f : in.jmh()) {
      if (f.benchmark().equals("merge")) {
        final String measured = String.format(Locale.ROOT, "%.2f M blocks/s", f.blocksPerSecond() / 1e6);
        final boolean met = f.blocksPerSecond() >= 5e6;
        line("| merge, " + f.param() + " | ≥ 5 M blocks/s | " + measured + " | " + (met ? "yes"
            : String.format(Locale.ROOT, "**no**, %.2f× too slow", 5e6 / f.blocksPerSecond())) + " |");
      }
    }
    if (in.jmh().isEmpty()) {
      line("| planning, merge | < 1 s for 30,000 blocks; ≥ 5 M blocks/s | not run (`--no-jmh`) | |");
    }
    line("");
  }

  /**
   * Why the wall-time targets are missed, in this run's own figures: a run's cost over a baseline's is, to first
   * order, its share of the events times its cost per event relative to the baseline's.
   */
  private void limits() {
    final List<String> text = new ArrayList<>();
    for (final Workload w : workloads("library")) {
      final Row ab = ratios.find(w, Config.ALL_BLOCKS);
      final Row def = ratios.find(w, Config.DEFAULT);
      final Row ls = ratios.find(w, Config.LINE_STEPPING);
      final Row none = ratios.find(w, Config.NO_DEBUGGER);
      if (ab == null || ab.stats() == null || ab.stats().blockEntries() < TARGET_ENTRIES || def == null
          || !def.ok() || !ab.ok() || ls == null || !ls.ok() || none == null || !none.ok() || ls.steps() <= 0) {
        continue;
      }
      final long base = none.medianWall();
      final double perHit = (def.medianWall() - base) * 1000.0 / def.stats().hits();
      final double perHitAll = (ab.medianWall() - base) * 1000.0 / ab.stats().hits();
      final double perStep = (ls.medianWall() - base) * 1000.0 / ls.steps();
      text.add(String.format(Locale.ROOT, "- **%s**: the default run took %d hits, %.1f%% of all-blocks' %d, "
              + "with %s breakpoints per session against %s, and paid %.0f µs per hit against all-blocks' %.0f µs "
              + "(%.2f×): %.3f × %.2f ≈ %.3f of all-blocks' wall; 1/40 would need both far lower. Against the "
              + "line stepper's %d steps at %.0f µs each it made %.2f× the events at %.2f× the cost per event. "
              + "The program alone runs %.2f s; every jdtrace run also starts the JVM of jdtrace, loads and plans "
              + "the classes and decodes.",
          w.name(), def.stats().hits(), 100.0 * def.stats().hits() / ab.stats().hits(), ab.stats().hits(),
          breakpoints(def), breakpoints(ab), perHit, perHitAll, perHit / perHitAll,
          (double) def.stats().hits() / ab.stats().hits(), perHit / perHitAll,
          (double) def.stats().hits() / ab.stats().hits() * perHit / perHitAll, ls.steps(), perStep,
          (double) def.stats().hits() / ls.steps(), perHit / perStep, base / 1000.0));
    }
    if (text.isEmpty()) {
      return;
    }
    line("What limits the wall-time ratios, from the figures below (cost per event = (run wall − program wall) / "
        + "events). A hit costs ≈ 10 µs plus a term that grows with the breakpoints set in the session, because "
        + "the JDWP agent walks its handlers on every event (DESIGN §3); a line step suspends and resumes the "
        + "thread but has no such term.");
    line("");
    text.forEach(this::line);
    line("");
  }

  /** One "lower is better" target. */
  private void target(final String what, final String target, final double measured, final double bound,
      final String unit) {
    if (Double.isNaN(measured)) {
      line("| " + what + " | " + target + " | n/a (a run failed or mismatched) | **no** |");
      return;
    }
    final String m = switch (unit) {
      case "%" -> String.format(Locale.ROOT, "%.1f%%", measured * 100);
      case "s" -> String.format(Locale.ROOT, "%.3f s", measured);
      default -> String.format(Locale.ROOT, "%.3f×", measured);
    };
    final String met = measured <= bound ? "yes"
        : String.format(Locale.ROOT, "**no**, %.2f× over", measured / bound);
    line("| " + what + " | " + target + " | " + m + " | " + met + " |");
  }

  /**
   * What limits the ratios: each event's cost. The cost of a run over the program's own time, per hit (jdtrace)
   * or per step (the line stepper), next to the breakpoints set.
   */
  private void perEvent() {
    final List<String> table = new ArrayList<>();
    for (final Workload w : workloads("library")) {
      final Row none = ratios.find(w, Config.NO_DEBUGGER);
      if (none == null || !none.ok()) {
        continue;
      }
      for (final Config c : List.of(Config.LINE_STEPPING, Config.ALL_BLOCKS, Config.CONDITION_TARGETS,
          Config.OPTIMAL_STATIC, Config.OPTIMAL_TRACE, Config.DEFAULT)) {
        final Row r = ratios.find(w, c);
        if (r == null || !r.ok()) {
          continue;
        }
        final long events = r.stats() == null ? r.steps() : r.stats().hits();
        final double us = events <= 0 ? Double.NaN : (r.medianWall() - none.medianWall()) * 1000.0 / events;
        table.add("| " + w.name() + " | " + c.name() + " | " + breakpoints(r) + " | " + events + " | "
            + String.format(Locale.ROOT, "%.0f", us) + " |");
      }
    }
    if (table.isEmpty()) {
      return;
    }
    line("## What each event costs");
    line("");
    line("Run wall minus the program's own wall (*no debugger*), divided by the events the debugger received "
        + "(jdtrace's planning, JVM starts and decoding are in it too). jdtrace's cost per hit grows with the "
        + "breakpoints set in the session (DESIGN §3); the line stepper's cost per step does not, but it stops at "
        + "every line.");
    line("");
    line("| workload | config | breakpoints / session | events | µs per event |");
    line("|---|---|---|---|---|");
    table.forEach(this::line);
    line("");
  }

  /**
   * Short traces through large libraries: the default run against the line-stepping tracer, where its time
   * goes, the prediction's error, and whether a second run of the same build planned anything.
   */
  private void shortTraces() {
    if (workloads("short").isEmpty()) {
      return;
    }
    line("## Short traces through large libraries");
    line("");
    line("Each library is wholly included (`all classes planned` shows its size) and a small driver runs a short "
        + "path through it. `jdtrace run (default)` plans only the traced classes a first run of the program "
        + "loads; `jdtrace run (again)` runs the same build a second time, with the plan cache the first left. "
        + "Every run but `again` starts with an empty plan cache. Targets: default ≤ 1.0× line-stepping "
        + "(moonshot ≤ 0.5×), planning ≤ 10% of the run, and the second run plans nothing.");
    line("");
    line("| workload | config | blocks planned | block entries | wall s | × line-stepping | first run s | "
        + "planning s | sessions s | decoding s | planning share | hits expected / measured | plan |");
    line("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (final Workload w : workloads("short")) {
      for (final Row r : in.rows()) {
        final JdtraceStats s = r.stats();
        if (!r.workload().name().equals(w.name()) || s == null) {
          continue;
        }
        final JdtraceStats.Phases p = s.phases();
        line(String.format(Locale.ROOT, "| %s | %s | %d | %d | %.2f | %s | %s | %s | %s | %s | %s | %s | %s |",
            w.name(), r.config().name(), s.blocks(), s.blockEntries(), r.medianWall() / 1000.0,
            times(ratios.toLineStepping(r)), seconds(p.firstPass()), seconds(p.planning()), seconds(p.sessions()),
            seconds(p.decoding()), p.planning() < 0 ? "?"
                : String.format(Locale.ROOT, "%.0f%%", 100.0 * p.planning() / Math.max(1, s.wallMillis())),
            s.expectedHits() < 0 ? "?" : String.format(Locale.ROOT, "%.0f / %d (×%.2f)", s.expectedHits(), s.hits(),
                s.expectedHits() / Math.max(1, s.hits())),
            p.planReused() ? "reused" : "planned"));
      }
    }
    line("");
    for (final Workload w : workloads("short")) {
      final Row def = ratios.find(w, Config.DEFAULT);
      final Row again = ratios.find(w, Config.DEFAULT_AGAIN);
      if (def == null || def.stats() == null) {
        continue;
      }
      final double toStepping = ratios.toLineStepping(def);
      final JdtraceStats.Phases p = def.stats().phases();
      line("- " + w.name() + ": default run " + times(toStepping) + " the line-stepping tracer ("
          + (toStepping <= 0.5 ? "moonshot met" : toStepping <= 1.0 ? "target met" : "target not met")
          + "); planning " + String.format(Locale.ROOT, "%.0f%%", 100.0 * p.planning()
          / Math.max(1, def.stats().wallMillis())) + " of the run ("
          + (p.planning() <= 0.1 * def.stats().wallMillis() ? "met" : "not met") + ")"
          + (again == null || again.stats() == null ? "" : "; second run "
          + (again.stats().phases().planReused() ? "reused the plan, nothing planned (met)"
          : "planned again (not met)")) + ".");
    }
    line("");
  }

  /**
   * Libraries nobody here tuned for: what the default run costs against the line-stepping tracer, and the
   * breakpoint load that decides it (the largest session's breakpoints, Σ hits × breakpoints).
   */
  private void untuned() {
    if (workloads("untuned").isEmpty()) {
      return;
    }
    line("## Libraries nobody here tuned for");
    line("");
    line("javaparser (visitors: megamorphic double dispatch), snakeyaml (beans built and read by reflection: an "
        + "open world) and commons-compress (bzip2's long loops), each driven by a small program in "
        + "`dev.jdtrace.programs.libs` at a short and a long size. Every run but `again` starts with an empty plan "
        + "cache. Targets (issue 31): short traces ≤ 1.0× line-stepping on the first trace and ≤ 0.6× again, long "
        + "traces ≤ 0.25×; the hottest session's breakpoints ≤ 5% of the plan's.");
    line("");
    line("| workload | config | block entries | sessions | breakpoints (largest session / all) | hits | "
        + "Σ hits × breakpoints | wall s | × line-stepping |");
    line("|---|---|---|---|---|---|---|---|---|");
    for (final Workload w : workloads("untuned")) {
      for (final Row r : in.rows()) {
        final JdtraceStats s = r.stats();
        if (!r.workload().name().equals(w.name()) || s == null) {
          continue;
        }
        line(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d / %d | %d | %d | %.2f | %s |", w.name(),
            r.config().name(), s.blockEntries(), s.sessions(),
            s.sessionBreakpoints().stream().mapToInt(Integer::intValue).max().orElse(0), s.breakpoints(), s.hits(),
            s.hitsTimesBreakpoints(), r.medianWall() / 1000.0, times(ratios.toLineStepping(r))));
      }
    }
    line("");
  }

  private static String seconds(final long millis) {
    return millis < 0 ? "?" : String.format(Locale.ROOT, "%.2f", millis / 1000.0);
  }

  private void workloads() {
    for (final String group : List.of("library", "program", "scale")) {
      if (workloads(group).isEmpty()) {
        continue;
      }
      line("## " + switch (group) {
        case "library" -> "Real libraries";
        case "program" -> "Test programs";
        default -> "Scaling workload";
      });
      line("");
      if (group.equals("scale")) {
        line("A generated program (`dev.jdtrace.bench.scale.ScaleProgram`): `Scale uU cC` has U unit classes of "
            + "the same shape and makes C calls, the i-th into unit i mod U: U sets the blocks loaded, C the trace "
            + "length.");
        line("");
      }
      for (final Workload w : workloads(group)) {
        final Row ab = ratios.find(w, Config.ALL_BLOCKS);
        line("### " + w.name() + (ab == null || ab.stats() == null ? ""
            : " — " + ab.stats().blocks() + " blocks, " + ab.stats().blockEntries() + " block entries"));
        line("");
        line("| config | sessions | breakpoints / session | hits | Σ hits × breakpoints | wall s: median (min–max) "
            + "| runs | peak MB | predicted s | × line-stepping | × all-blocks | check |");
        line("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (final Row r : in.rows()) {
          if (r.workload().name().equals(w.name())) {
            line(row(r));
          }
        }
        line("");
      }
    }
  }

  private String row(final Row r) {
    final JdtraceStats s = r.stats();
    final String hits = s != null ? Long.toString(s.hits()) : r.steps() >= 0 ? r.steps() + " steps" : "-";
    final String predicted = s == null ? "-" : s.predictedMillis() < 0 ? "n/a"
        : String.format(Locale.ROOT, "%.2f", s.predictedMillis() / 1000.0);
    final String cost = s == null || s.hitsTimesBreakpoints() < 0 ? "-" : Long.toString(s.hitsTimesBreakpoints());
    return "| " + r.config().name() + " | " + (s == null ? "-" : s.sessions()) + " | " + breakpoints(r) + " | "
        + hits + " | " + cost + " | " + String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", r.medianWall() / 1000.0,
        r.minWall() / 1000.0, r.maxWall() / 1000.0) + " | " + r.runs() + " | "
        + (r.peakKb() < 0 ? "?" : Long.toString(Math.round(r.peakKb() / 1024.0))) + " | " + predicted + " | "
        + times(ratios.toLineStepping(r)) + " | " + times(ratios.toAllBlocks(r)) + " | "
        + r.check().replace("|", "/") + " |";
  }

  private static String sessions(final int n) {
    return n + (n == 1 ? " session" : " sessions");
  }

  private static String breakpoints(final Row r) {
    final JdtraceStats s = r.stats();
    if (s == null) {
      return "-";
    }
    final List<Integer> bp = s.sessionBreakpoints();
    if (bp.size() <= 4) {
      return bp.stream().map(String::valueOf).collect(Collectors.joining(" / "));
    }
    return bp.stream().mapToInt(Integer::intValue).min().orElse(0) + "–"
        + bp.stream().mapToInt(Integer::intValue).max().orElse(0);
  }

  private void workersStudy() {
    if (in.cells().isEmpty()) {
      return;
    }
    line("## Cost of distribution and collection per strategy (seed Figs. 13 and 14)");
    line("");
    line(in.workersWorkload() + ", `--strategy S --sessions W --parallel W` for W = 1 to "
        + DistributionStudy.MAX_WORKERS + " workers on this machine's " + in.machine().cores() + " cores. "
        + "Cost of distribution: loading the classes, planning and splitting (`TraceRun.plan`, in the suite's JVM "
        + "once warm, median of the timed runs); cost of collection: the `jdtrace run` wall time. Each cell: "
        + "distribution ms / collection s = ratio.");
    line("");
    final StringBuilder head = new StringBuilder("| strategy |");
    final StringBuilder rule = new StringBuilder("|---|");
    for (int w = 1; w <= DistributionStudy.MAX_WORKERS; w++) {
      head.append(' ').append(w).append(w == 1 ? " worker |" : " workers |");
      rule.append("---|");
    }
    line(head.toString());
    line(rule.toString());
    for (final String strategy : DistributionStudy.STRATEGIES) {
      final StringBuilder row = new StringBuilder("| " + strategy + " |");
      for (int w = 1; w <= DistributionStudy.MAX_WORKERS; w++) {
        final int workers = w;
        row.append(' ').append(in.cells().stream()
            .filter(c -> c.strategy().equals(strategy) && c.workers() == workers).findFirst()
            .map(c -> c.collection().ok() ? String.format(Locale.ROOT, "%.0f ms / %.2f s = %.1f%% (%s)",
                c.planMillis(), c.collection().medianWall() / 1000.0, 100 * c.ratio(),
                sessions(c.collection().stats().sessions())) : c.collection().check().replace("|", "/"))
            .orElse("-")).append(" |");
      }
      line(row.toString());
    }
    line("");
    line("![Cost of collection against workers](bench/workers.png)");
    line("");
  }

  private void jmh() {
    if (in.jmh().isEmpty()) {
      return;
    }
    line("## Planning and merge speed (JMH)");
    line("");
    line("`PlanningBenchmark`: a whole-program plan (call resolution, callbacks, optimal profile with static weights "
        + "and its repair, decision units, split into one session) of the generated programs of reconstruct's "
        + "`IcfgPlannerBench`. `MergeBenchmark`: the decoding walk over real session streams of a library driver "
        + "(collected once in the setup) plus trace writing to a discarding stream. One fork, throughput mode.");
    line("");
    line("| benchmark | input | blocks per op | ms per op | M blocks/s |");
    line("|---|---|---|---|---|");
    for (final JmhSuite.Figure f : in.jmh()) {
      line(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %.2f |", f.benchmark(), f.param(), f.blocks(),
          f.millisPerOp(), f.blocksPerSecond() / 1e6));
    }
    line("");
  }

  private void plots() {
    line("## Plots");
    line("");
    for (final String p : in.plots()) {
      line("![" + p.replace(".png", "") + "](bench/" + p + ")");
      line("");
    }
  }

  private List<Workload> workloads(final String group) {
    return in.rows().stream().map(Row::workload).filter(w -> w.group().equals(group))
        .collect(Collectors.toMap(Workload::name, w -> w, (a, b) -> a, java.util.LinkedHashMap::new)).values()
        .stream().toList();
  }

  private static String times(final double x) {
    return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.2f", x);
  }

  private void line(final String s) {
    out.add(s);
  }
}
