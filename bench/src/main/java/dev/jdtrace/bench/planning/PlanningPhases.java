package dev.jdtrace.bench.planning;

import dev.jdtrace.distribute.Distributor;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.icfg.DecisionUnits;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;

/**
 * The whole planner on real class files, phase by phase, as {@code jdtrace run --all-classes} plans: the
 * CFGs (reading the class files), the structure (class hierarchy, call targets, callbacks), the witnesses
 * (weights, per-method profiles and the conflict repair across calls), the decision units, and the
 * distribution (here into one session). Usage: {@code PlanningPhases JAR [PATTERN] [ROUNDS]}.
 */
public final class PlanningPhases {
  /**
   * One plan's time per phase, in nanoseconds.
   *
   * @param blocks blocks planned
   * @param witnesses witnesses chosen
   */
  public record Times(int blocks, int witnesses, int rounds, long cfgs, long structure, long witnessing, long groups,
      long distribution) {

    /** All phases. */
    public long total() {
      return cfgs + structure + witnessing + groups + distribution;
    }
  }

  private PlanningPhases() {
  }

  private static final java.lang.management.ThreadMXBean THREADS =
      java.lang.management.ManagementFactory.getThreadMXBean();

  /** CPU time of this thread when the system property {@code cpu} is set (steadier on a busy machine). */
  private static long now() {
    return Boolean.getBoolean("cpu") ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
  }

  /** Plans every class of the classpath that the pattern matches, timing each phase. */
  public static Times plan(final List<Path> classpath, final String pattern) {
    final long t0 = now();
    final Program program = ProgramLoader.load(classpath, new ClassFilter(List.of(pattern), List.of()));
    final long t1 = now();
    final IcfgModel.Structure structure =
        IcfgModel.Structure.of(program, classpath);
    final long t2 = now();
    final IcfgPlanner.Result planned = IcfgPlanner.plan(structure, ProfileKind.OPTIMAL, Weights.staticEstimate());
    final long t3 = now();
    final DecisionUnits groups = DecisionUnits.of(planned.model());
    final long t4 = now();
    final List<BitSet> split = new Distributor(program, groups, Strategy.FUNCTION)
        .split(1, Integer.MAX_VALUE, planned.blockWeights());
    final long t5 = now();
    return new Times(program.blockCount(), split.get(0).cardinality(), planned.rounds(), t1 - t0, t2 - t1, t3 - t2, t4 - t3,
        t5 - t4);
  }

  public static void main(final String[] args) {
    final Path jar = Path.of(args[0]);
    final String pattern = args.length > 1 ? args[1] : "*";
    final int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    for (int i = 0; i < rounds; i++) {
      final Times t = plan(List.of(jar), pattern);
      System.out.printf("%d blocks, %d witnesses, %d repair rounds: %.0f ms (cfgs %.0f, structure %.0f, witnesses %.0f, groups %.0f, "
              + "distribution %.0f), %.0f blocks/s%n", t.blocks(), t.witnesses(), t.rounds(), t.total() / 1e6, t.cfgs() / 1e6,
          t.structure() / 1e6, t.witnessing() / 1e6, t.groups() / 1e6, t.distribution() / 1e6,
          t.blocks() / (t.total() / 1e9));
    }
  }
}
