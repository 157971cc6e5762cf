package dev.jdtrace.bench.jmh;

import dev.jdtrace.cli.Main;
import dev.jdtrace.tracer.TracedProgram;
import dev.jdtrace.distributor.Plan;
import dev.jdtrace.distributor.PlanFile;
import dev.jdtrace.profiler.icfg.IcfgModel;
import dev.jdtrace.reconstruct.Reconstruction;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.trace.TraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Merge speed: the decoding walk over real session streams plus trace writing, as {@code jdtrace merge} does
 * it. The setup plans a library driver with {@code jdtrace plan --sessions N} and collects every session with
 * {@code jdtrace collect} (real JDI runs); one operation decodes all parts into a trace written to a stream
 * that discards the bytes (the encoding is measured, the disk is not).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MergeBenchmark {
  /** The repository root holding test-programs/target. */
  @Param({"."})
  public String root;

  /** Driver main class (simple name), its size argument and its include pattern, separated by spaces. */
  @Param({"CsvDriver 40 org.apache.commons.csv.*"})
  public String workload;

  /** Sessions of the plan. */
  @Param({"1"})
  public int sessions;

  private Path work;
  private List<IcfgModel> models;
  private Plan plan;
  private final List<SessionStreams> streams = new ArrayList<>();

  /** Block entries decoded per second, next to the merges per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Decoded {
    /** Block entries written in this iteration. */
    public long blocks;

    /** Counters start at zero in every iteration. */
    @Setup(Level.Iteration)
    public void reset() {
      blocks = 0;
    }
  }

  /** Plans and collects the parts once per trial. */
  @Setup(Level.Trial)
  public void collect() throws IOException {
    final String[] w = workload.split(" ");
    final Path r = Path.of(root).toAbsolutePath();
    final List<String> java = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        r.resolve("test-programs/target/classes") + ":" + r.resolve("test-programs/target/lib") + "/*",
        "dev.jdtrace.programs.libs." + w[0], w[1]);
    work = Files.createTempDirectory("jdtrace-merge-bench-");
    final Path planFile = work.resolve("plan.json");
    final List<String> planArgs = new ArrayList<>(List.of("plan", "--sessions", Integer.toString(sessions),
        "--include", w[2], "--include", "dev.jdtrace.programs.libs.*", "-o", planFile.toString(), "--"));
    planArgs.addAll(java);
    cli(planArgs);
    final PlanFile file = PlanFile.read(planFile);
    final List<Path> parts = new ArrayList<>();
    for (int k = 0; k < file.sessions().size(); k++) {
      final Path part = work.resolve("part-" + k);
      final List<String> collectArgs = new ArrayList<>(List.of("collect", "--plan", planFile.toString(),
          "--session", Integer.toString(k), "-o", part.toString(), "--"));
      collectArgs.addAll(java);
      cli(collectArgs);
      parts.add(part);
    }
    final TracedProgram traced = TracedProgram.load(file.javaCommand(), file.includes(), file.excludes(),
        file.classSet(), file.entries(), l -> { });
    plan = file.toPlan(traced.program(), traced.launch());
    models = traced.models(file.witnessSets());
    for (final Path part : parts) {
      streams.add(SessionStreams.read(part));
    }
  }

  /** Removes the plan and the parts. */
  @TearDown(Level.Trial)
  public void delete() throws IOException {
    try (var files = Files.walk(work)) {
      for (final Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** One merge. */
  @Benchmark
  public long merge(final Decoded counter) {
    try (TraceWriter writer = new TraceWriter(OutputStream.nullOutputStream())) {
      final long entries = Reconstruction.reconstruct(models, plan, streams, writer);
      counter.blocks += entries;
      return entries;
    }
  }

  private static void cli(final List<String> args) {
    final int code = Main.commandLine().execute(args.toArray(String[]::new));
    if (code != 0) {
      throw new IllegalStateException("jdtrace " + String.join(" ", args) + " exited with " + code);
    }
  }
}
