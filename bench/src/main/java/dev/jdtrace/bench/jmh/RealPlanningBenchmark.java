package dev.jdtrace.bench.jmh;

import dev.jdtrace.bench.planning.PlanningPhases;
import java.nio.file.Path;
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

/**
 * Planning speed on real code: one operation plans every class of a library jar (as {@code jdtrace run
 * --all-classes} would), from reading the class files to the split into one session
 * ({@link PlanningPhases}). Besides plans per second it reports blocks per second and each phase's
 * nanoseconds per second of benchmark time (divide by the operations per second for the time per plan).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RealPlanningBenchmark {
  /** The repository root holding test-programs/target/lib. */
  @Param({"."})
  public String root;

  /** A jar of test-programs/target/lib: all of commons-math3 (≈71k blocks) and all of Guava (≈71k blocks). */
  @Param({"commons-math3-3.6.1.jar", "guava-33.4.0-jre.jar"})
  public String jar;

  private Path path;

  /** Blocks planned, and each phase's time, in this iteration. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Phases {
    /** Blocks planned. */
    public long blocks;
    /** Nanoseconds reading class files into CFGs. */
    public long cfgsNanos;
    /** Nanoseconds on the structure: hierarchy, call targets, callbacks. */
    public long structureNanos;
    /** Nanoseconds choosing witnesses: weights, per-method profiles, conflict repair. */
    public long witnessesNanos;
    /** Nanoseconds on the decision units. */
    public long groupsNanos;
    /** Nanoseconds distributing into sessions. */
    public long distributionNanos;

    /** Counters start at zero in every iteration. */
    @Setup(Level.Iteration)
    public void reset() {
      blocks = 0;
      cfgsNanos = 0;
      structureNanos = 0;
      witnessesNanos = 0;
      groupsNanos = 0;
      distributionNanos = 0;
    }
  }

  /** Finds the jar once per trial. */
  @Setup(Level.Trial)
  public void locate() {
    path = Path.of(root).toAbsolutePath().resolve("test-programs/target/lib").resolve(jar);
  }

  /** One plan of the whole jar. */
  @Benchmark
  public PlanningPhases.Times plan(final Phases phases) {
    final PlanningPhases.Times t = PlanningPhases.plan(List.of(path), "*");
    phases.blocks += t.blocks();
    phases.cfgsNanos += t.cfgs();
    phases.structureNanos += t.structure();
    phases.witnessesNanos += t.witnessing();
    phases.groupsNanos += t.groups();
    phases.distributionNanos += t.distribution();
    return t;
  }
}
