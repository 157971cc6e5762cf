package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Planning time on a 30,000-node graph made of many method-sized pieces (random structured programs of up to
 * 80 blocks, chained exit to entry), and, for comparison, on the same pieces planned one by one as the tool
 * does per method. Prints a table; measures, asserts nothing (DESIGN §5). Run with
 * {@code java -cp <test classpath> dev.jdtrace.plan.optimal.OptimalNodeProfileBench [nodes] [seed]}.
 */
public final class OptimalNodeProfileBench {

  private OptimalNodeProfileBench() {
  }

  /** Entry point. */
  public static void main(final String[] args) {
    final int target = args.length > 0 ? Integer.parseInt(args[0]) : 30_000;
    final Random random = new Random(args.length > 1 ? Long.parseLong(args[1]) : 33);
    final List<FlowGraph> pieces = new ArrayList<>();
    int total = 0;
    while (total < target) {
      final List<Integer> recipe = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        recipe.add(random.nextInt(41));
      }
      final FlowGraph piece = StructuredGraphs.build(recipe, 80, 6);
      pieces.add(piece);
      total += piece.size();
    }
    final FlowGraph whole = chain(pieces);
    System.out.printf("graph: %d nodes, %d edges, %d pieces%n", whole.size(), whole.edges().size(), pieces.size());
    System.out.printf("%-5s %-9s %10s %10s %10s %9s %9s %8s %12s %12s%n", "run", "graph", "weights ms",
        "plan ms", "check ms", "witnesses", "repairs", "targets", "cost", "target cost");
    for (int run = 1; run <= 5; run++) {
      measure(run, "whole", List.of(whole));
      measure(run, "pieces", pieces);
    }
  }

  private static void measure(final int run, final String label, final List<FlowGraph> graphs) {
    long weightsNs = 0;
    long planNs = 0;
    long checkNs = 0;
    int witnesses = 0;
    int repairs = 0;
    int targets = 0;
    double cost = 0;
    double targetCost = 0;
    for (final FlowGraph g : graphs) {
      final long t0 = System.nanoTime();
      final EdgeWeights w = new BallLarusWeights(g).getWeights();
      final long t1 = System.nanoTime();
      final OptimalNodeProfile planner = new OptimalNodeProfile(w, true);
      final NodeProfile p = planner.getProfile();
      final long t2 = System.nanoTime();
      final boolean ok = new NodeProfileRealizability(g, true, p.toBitSet()).getResult().isRealizable();
      final long t3 = System.nanoTime();
      if (!ok) {
        throw new IllegalStateException("planner produced an unrealizable profile");
      }
      weightsNs += t1 - t0;
      planNs += t2 - t1;
      checkNs += t3 - t2;
      witnesses += p.size();
      repairs += planner.getRepairs();
      cost += p.cost();
      final NodeProfile ct = new ConditionTargetProfile(w, true).getProfile();
      targets += ct.size();
      targetCost += ct.cost();
    }
    System.out.printf("%-5d %-9s %10.1f %10.1f %10.1f %9d %9d %8d %12.1f %12.1f%n", run, label, weightsNs / 1e6,
        planNs / 1e6, checkNs / 1e6, witnesses, repairs, targets, cost, targetCost);
  }

  /** One graph: each piece's exit gets an edge to the next piece's entry; the last exit is the exit. */
  private static FlowGraph chain(final List<FlowGraph> pieces) {
    final List<FlowEdge> edges = new ArrayList<>();
    int offset = 0;
    int previousExit = -1;
    int entry = -1;
    for (final FlowGraph p : pieces) {
      for (final FlowEdge e : p.edges()) {
        edges.add(new FlowEdge(e.from() + offset, e.to() + offset));
      }
      if (previousExit >= 0) {
        edges.add(new FlowEdge(previousExit, p.entry() + offset));
      } else {
        entry = p.entry() + offset;
      }
      previousExit = p.exit() + offset;
      offset += p.size();
    }
    return FlowGraph.of(offset, entry, previousExit, edges);
  }
}
