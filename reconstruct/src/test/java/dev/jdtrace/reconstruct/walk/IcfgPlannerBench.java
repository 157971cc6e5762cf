package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.plan.model.Program;
import java.util.List;

/**
 * Whole-program planning time on a generated program of about 30,000 blocks: many classes of static and
 * instance methods (structured CFGs with loops, switches, try/catch, athrow), forward and recursive calls,
 * virtual dispatch, calls into untraced code, callbacks and class initialisers ({@link GeneratedProgram}).
 * For each profile it prints the time of {@code Structure.of} (call resolution and callbacks) and of
 * {@link IcfgPlanner#plan}, the witnesses, repairs and rounds; then the same plan split into its phases
 * (per-method profiles, then per repair round: the ICFG model with its FIRST sets, and the conflict search
 * with its FOLLOW sets). Measures, asserts nothing (DESIGN §5). Run with
 * {@code java -cp <reconstruct test classpath> dev.jdtrace.reconstruct.walk.IcfgPlannerBench [blocks] [seed] [runs]}.
 */
public final class IcfgPlannerBench {

  private IcfgPlannerBench() {
  }

  /** Entry point. */
  public static void main(final String[] args) {
    final int target = args.length > 0 ? Integer.parseInt(args[0]) : 30_000;
    final long seed = args.length > 1 ? Long.parseLong(args[1]) : 7;
    final int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    final long g0 = System.nanoTime();
    final GeneratedProgram g = GeneratedProgram.ofSize(target, seed);
    final Program p = g.program;
    final long g1 = System.nanoTime();
    int calls = 0;
    for (int b = 0; b < p.blockCount(); b++) {
      calls += p.block(b).call() != null ? 1 : 0;
    }
    System.out.printf("program: %d blocks, %d methods, %d classes, %d call blocks, %d callbacks (generated in %d ms)%n",
        p.blockCount(), p.methods().size(), p.classes().size(), calls, g.callbacks.cardinality(), ms(g1 - g0));
    System.out.printf("%-4s %-18s %10s %9s %10s %9s %8s %7s %12s%n", "run", "profile", "structure", "plan ms",
        "total ms", "witnesses", "repairs", "rounds", "exp. hits");
    for (int run = 1; run <= runs; run++) {
      for (final ProfileKind kind : ProfileKind.values()) {
        final long t0 = System.nanoTime();
        final IcfgModel.Structure s = IcfgModel.Structure.of(p, List.of());
        final long t1 = System.nanoTime();
        final IcfgPlanner.Result r = IcfgPlanner.plan(s, kind, Weights.staticEstimate());
        final long t2 = System.nanoTime();
        System.out.printf("%-4d %-18s %10d %9d %10d %9d %8d %7d %12.1f%n", run, kind, ms(t1 - t0), ms(t2 - t1),
            ms(t2 - t0), r.witnesses().cardinality(), r.repairs(), r.rounds(), r.expectedHits());
      }
    }
  }

  private static long ms(final long nanos) {
    return nanos / 1_000_000;
  }
}
