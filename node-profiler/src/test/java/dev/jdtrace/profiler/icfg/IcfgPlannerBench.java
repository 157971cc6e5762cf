package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.MethodCfg;
import dev.jdtrace.profiler.model.Program;
import dev.jdtrace.profiler.optimal.ConditionTargetProfile;
import dev.jdtrace.profiler.optimal.EdgeWeights;
import dev.jdtrace.profiler.optimal.FlowGraph;
import dev.jdtrace.profiler.optimal.NodeProfile;
import dev.jdtrace.profiler.optimal.OptimalNodeProfile;
import java.util.BitSet;
import java.util.List;
import java.util.Random;

/**
 * Whole-program planning time on a generated program of about 30,000 blocks: many classes of static and
 * instance methods (structured CFGs with loops, switches, try/catch, athrow), forward and recursive calls,
 * virtual dispatch, calls into untraced code, callbacks and class initialisers ({@link GeneratedProgram}).
 * For each profile it prints the time of {@code Structure.of} (call resolution and callbacks) and of
 * {@link IcfgPlanner#plan}, the witnesses, repairs and rounds; then the same plan split into its phases
 * (per-method profiles, then per repair round: the ICFG model with its FIRST sets, and the conflict search
 * with its FOLLOW sets). Measures, asserts nothing (DESIGN §5). Run with
 * {@code java -cp <node-profiler test classpath> dev.jdtrace.profiler.icfg.IcfgPlannerBench [blocks] [seed] [runs]}.
 */
public final class IcfgPlannerBench {

  private IcfgPlannerBench() {
  }

  /** Entry point. */
  public static void main(final String[] args) {
    final int target = args.length > 0 ? Integer.parseInt(args[0]) : 30_000;
    final long seed = args.length > 1 ? Long.parseLong(args[1]) : 7;
    final int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    // About 150 blocks per class: 1-8 static methods of up to 30 blocks, up to 3 instance methods.
    final int classes = Math.max(1, target / 150);
    final long g0 = System.nanoTime();
    final GeneratedProgram g = GeneratedProgram.generate(GeneratedProgram.random(new Random(seed)),
        new GeneratedProgram.Options(classes, 8, 30, 3, true, true, true, true));
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
        final CallResolver resolver = new CallResolver(new Hierarchy(p), false);
        final IcfgModel.Structure s = IcfgModel.Structure.of(p, resolver, Callbacks.of(p, resolver, List.of(), false));
        final long t1 = System.nanoTime();
        final IcfgPlanner.Result r = IcfgPlanner.plan(s, kind, Weights.staticEstimate());
        final long t2 = System.nanoTime();
        System.out.printf("%-4d %-18s %10d %9d %10d %9d %8d %7d %12.1f%n", run, kind, ms(t1 - t0), ms(t2 - t1),
            ms(t2 - t0), r.witnesses().cardinality(), r.repairs(), r.rounds(), r.expectedHits());
      }
    }
    final CallResolver resolver = new CallResolver(new Hierarchy(p), false);
    final IcfgModel.Structure s = IcfgModel.Structure.of(p, resolver, Callbacks.of(p, resolver, List.of(), false));
    for (final ProfileKind kind : List.of(ProfileKind.OPTIMAL, ProfileKind.CONDITION_TARGETS)) {
      phases(s, kind);
    }
  }

  /**
   * The steps of {@link IcfgPlanner#plan}, timed one by one. Mirrors its code (same package); the witness count
   * is printed to check that it follows the same steps.
   */
  private static void phases(final IcfgModel.Structure structure, final ProfileKind kind) {
    final Program p = structure.program();
    final long t0 = System.nanoTime();
    final BitSet witnesses = new BitSet(p.blockCount());
    final double[] blockWeight = new double[p.blockCount()];
    long weightsNs = 0;
    for (int m = 0; m < p.methods().size(); m++) {
      final MethodCfg method = p.methods().get(m);
      final int base = p.blockId(m, 0);
      final long w0 = System.nanoTime();
      final FlowGraph graph = MethodGraphs.of(method);
      final EdgeWeights w = Weights.staticEstimate().of(m, graph);
      weightsNs += System.nanoTime() - w0;
      for (int b = 0; b < method.blocks().size(); b++) {
        blockWeight[base + b] = w.node(b);
      }
      final boolean repeatable = !method.id().name().equals("<clinit>");
      final NodeProfile profile = kind == ProfileKind.OPTIMAL ? new OptimalNodeProfile(w, repeatable).getProfile()
          : new ConditionTargetProfile(w, repeatable).getProfile();
      for (final int node : profile.witnesses()) {
        if (node < method.blocks().size()) {
          witnesses.set(base + node);
        }
      }
      if (method.id().name().equals("<clinit>")) {
        witnesses.set(base);
      }
    }
    final long t1 = System.nanoTime();
    System.out.printf("%nphases of %s: per-method profiles %d ms (of which graphs and weights %d ms), "
        + "%d witnesses%n", kind, ms(t1 - t0), ms(weightsNs), witnesses.cardinality());
    System.out.printf("  %-6s %14s %10s %14s %10s %9s%n", "round", "model+FIRST ms", "FOLLOW ms", "conflicts ms",
        "conflicts", "witnesses");
    long modelNs = 0;
    long followNs = 0;
    long conflictNs = 0;
    int round = 0;
    while (true) {
      final long a = System.nanoTime();
      final IcfgModel model = new IcfgModel(structure, witnesses);
      final long b = System.nanoTime();
      new FollowSets(model); // timed alone: Conflicts.find builds its own
      final long f = System.nanoTime();
      final List<Conflicts.Conflict> conflicts = Conflicts.find(model, blockWeight);
      final long c = System.nanoTime();
      modelNs += b - a;
      followNs += f - b;
      conflictNs += c - f;
      System.out.printf("  %-6d %14d %10d %14d %10d %9d%n", round, ms(b - a), ms(f - b), ms(c - f), conflicts.size(),
          witnesses.cardinality());
      if (conflicts.isEmpty() || round > 1000) {
        break;
      }
      for (final Conflicts.Conflict x : conflicts) {
        witnesses.set(x.repair());
      }
      round++;
    }
    System.out.printf("  total: profiles %d ms, models+FIRST %d ms, FOLLOW alone %d ms, conflicts (FOLLOW + checks) %d ms%n",
        ms(t1 - t0), ms(modelNs), ms(followNs), ms(conflictNs));
  }

  private static long ms(final long ns) {
    return ns / 1_000_000;
  }
}
