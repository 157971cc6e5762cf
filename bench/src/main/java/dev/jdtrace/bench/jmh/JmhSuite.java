package dev.jdtrace.bench.jmh;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/** Runs the planning and merge benchmarks, each in one forked JVM, and returns their figures. */
public final class JmhSuite {

  /**
   * One benchmark result.
   *
   * @param benchmark {@code planning} or {@code merge}
   * @param param the size or workload
   * @param blocks blocks per operation (planned, or block entries decoded)
   * @param millisPerOp mean time per operation
   * @param opsError the 99.9% confidence half-width of the operations per second
   * @param blocksPerSecond blocks per second
   * @param phaseMillis milliseconds per operation of each planning phase, by name (empty for the others)
   */
  public record Figure(String benchmark, String param, long blocks, double millisPerOp, double opsError,
      double blocksPerSecond, java.util.Map<String, Double> phaseMillis) {

    /** A figure without phases. */
    public Figure(final String benchmark, final String param, final long blocks, final double millisPerOp,
        final double opsError, final double blocksPerSecond) {
      this(benchmark, param, blocks, millisPerOp, opsError, blocksPerSecond, java.util.Map.of());
    }
  }

  /** The planning phases {@link RealPlanningBenchmark} times, in order. */
  public static final List<String> PHASES = List.of("cfgs", "structure", "witnesses", "groups", "distribution");

  private JmhSuite() {
  }

  /**
   * Runs both benchmarks.
   *
   * @param root the repository root (for the merge benchmark's workload)
   * @param planningSizes target block counts of the planning benchmark
   * @param mergeWorkloads the merge benchmark's workloads ({@code Driver size include})
   */
  public static List<Figure> run(final Path root, final List<Integer> planningSizes,
      final List<String> mergeWorkloads, final boolean quick) throws RunnerException {
    final List<Figure> out = new ArrayList<>();
    for (final RunResult r : run(options(quick).include(PlanningBenchmark.class.getName())
        .param("blocks", planningSizes.stream().map(String::valueOf).toArray(String[]::new)))) {
      out.add(figure("planning", r.getParams().getParam("blocks"), r));
    }
    for (final RunResult r : run(options(quick).include(RealPlanningBenchmark.class.getName())
        .param("root", root.toAbsolutePath().toString()))) {
      final Figure f = figure("real planning", r.getParams().getParam("jar").replace(".jar", ""), r);
      final java.util.Map<String, Double> phases = new java.util.LinkedHashMap<>();
      for (final String phase : PHASES) {
        final Result<?> nanos = r.getSecondaryResults().get(phase + "Nanos");
        phases.put(phase, nanos == null ? Double.NaN : nanos.getScore() / r.getPrimaryResult().getScore() / 1e6);
      }
      out.add(new Figure(f.benchmark(), f.param(), f.blocks(), f.millisPerOp(), f.opsError(), f.blocksPerSecond(),
          phases));
    }
    for (final RunResult r : run(options(quick).include(MergeBenchmark.class.getName())
        .param("root", root.toAbsolutePath().toString())
        .param("workload", mergeWorkloads.toArray(String[]::new)))) {
      out.add(figure("merge", r.getParams().getParam("workload").split(" ")[0] + " "
          + r.getParams().getParam("workload").split(" ")[1], r));
    }
    return out;
  }

  private static ChainedOptionsBuilder options(final boolean quick) {
    return new OptionsBuilder().forks(1).jvmArgsAppend("-Xmx2g")
        .warmupIterations(quick ? 2 : 4).warmupTime(TimeValue.seconds(2))
        .measurementIterations(quick ? 3 : 6).measurementTime(TimeValue.seconds(2))
        .shouldFailOnError(true).verbosity(VerboseMode.SILENT);
  }

  private static Collection<RunResult> run(final ChainedOptionsBuilder options) throws RunnerException {
    return new Runner(options.build()).run();
  }

  private static Figure figure(final String benchmark, final String param, final RunResult r) {
    final Result<?> ops = r.getPrimaryResult();
    final Result<?> blocks = r.getSecondaryResults().get("blocks");
    final double opsPerSecond = ops.getScore();
    final double blocksPerSecond = blocks == null ? Double.NaN : blocks.getScore();
    return new Figure(benchmark, param, Math.round(blocksPerSecond / opsPerSecond), 1000.0 / opsPerSecond,
        ops.getScoreError(), blocksPerSecond);
  }
}
