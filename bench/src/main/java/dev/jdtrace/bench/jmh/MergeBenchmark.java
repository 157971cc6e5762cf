package dev.jdtrace.bench.jmh;

import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.distribute.Plan;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.reconstruct.Reconstruction;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.trace.TraceWriter;
import dev.jdtrace.tracer.RunRequest;
import dev.jdtrace.tracer.TracePlan;
import dev.jdtrace.tracer.Tracer;
import dev.jdtrace.tracer.io.OutputTarget;
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
 * it. The setup plans a library driver as {@code jdtrace plan --sessions N} does and collects every session as
 * {@code jdtrace collect} does (real JDI runs), through the {@link Tracer} facade; one operation decodes all parts into a trace written to a stream
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
    final List<String> java = List.of(JavaCommand.currentJava(), "-cp",
        r.resolve("test-programs/target/classes") + ":" + r.resolve("test-programs/target/lib") + "/*",
        "dev.jdtrace.programs.libs." + w[0], w[1]);
    work = Files.createTempDirectory("jdtrace-merge-bench-");
    // What jdtrace plan --sessions N --include ... does with its defaults.
    final TracePlan planned = Tracer.plan(new RunRequest(List.of(w[2], "dev.jdtrace.programs.libs.*"), List.of(),
        ProfileKind.OPTIMAL, null, null, StandardInput.none(), java, sessions, Integer.MAX_VALUE,
        Strategy.OPTIMIZED, Runtime.getRuntime().availableProcessors()), line -> { });
    for (final Plan.SessionPlan s : planned.plan().sessions()) {
      final Path part = work.resolve("part-" + s.index());
      final SessionResult result = Tracer.collect(planned, s.index(), StandardInput.none(),
          OutputTarget.check(part, "PART"), System.out, System.err, line -> { });
      if (!Files.exists(part)) {
        throw new IllegalStateException("session " + s.index() + " wrote no part: " + result);
      }
      streams.add(SessionStreams.read(part));
    }
    plan = planned.plan();
    models = planned.models();
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
}
