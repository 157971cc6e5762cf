package dev.jdtrace.bench.jmh;

import dev.jdtrace.distribute.Distributor;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.icfg.DecisionUnits;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.walk.GeneratedProgram;
import java.util.BitSet;
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
 * Planning speed: a whole-program plan of a generated program of about {@code blocks} blocks, the program of
 * reconstruct's {@code IcfgPlannerBench} ({@link GeneratedProgram}, from test-kit: classes of static and instance methods with
 * loops, switches, try/catch, recursion, virtual dispatch, callbacks and class initialisers). One operation is
 * what {@code jdtrace run} does after loading the classes: call resolution and callbacks, the optimal profile
 * with static weights and its conflict repair, the decision units, and the split into one session.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PlanningBenchmark {
  /** Target number of blocks. */
  @Param({"30000"})
  public int blocks;

  private Program program;

  /** Blocks planned per second, next to the plans per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Planned {
    /** Blocks of the plans made in this iteration. */
    public long blocks;

    /** Counters start at zero in every iteration. */
    @Setup(Level.Iteration)
    public void reset() {
      blocks = 0;
    }
  }

  /** Generates the program once per trial. */
  @Setup(Level.Trial)
  public void generate() {
    program = generate(blocks);
  }

  /** The generated program for a target size; the same on every call (fixed seed 7, as IcfgPlannerBench). */
  public static Program generate(final int target) {
    return GeneratedProgram.programOfSize(target, 7);
  }

  /** One plan. */
  @Benchmark
  public List<BitSet> plan(final Planned counter) {
    final IcfgModel.Structure structure =
        IcfgModel.Structure.of(program, List.of());
    final IcfgPlanner.Result planned = IcfgPlanner.plan(structure, ProfileKind.OPTIMAL, Weights.staticEstimate());
    final DecisionUnits groups = DecisionUnits.of(planned.model());
    final List<BitSet> split = new Distributor(program, groups, Strategy.FUNCTION)
        .split(1, Integer.MAX_VALUE, planned.blockWeights());
    counter.blocks += program.blockCount();
    return split;
  }
}
