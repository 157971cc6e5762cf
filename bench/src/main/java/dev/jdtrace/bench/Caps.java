package dev.jdtrace.bench;

import dev.jdtrace.cli.pipeline.TracedProgram;
import dev.jdtrace.distributor.Distributor;
import dev.jdtrace.distributor.Strategy;
import dev.jdtrace.profiler.icfg.DecisionGroups;
import dev.jdtrace.profiler.icfg.IcfgPlanner;
import dev.jdtrace.profiler.icfg.ProfileKind;
import dev.jdtrace.profiler.icfg.Weights;
import java.util.ArrayList;
import java.util.List;

/**
 * Breakpoint caps that split a workload's optimal plan (static weights) into more sessions. Every session holds
 * the witnesses that decide callbacks, and a decision group is never split (a cap below both is refused), so a
 * cap is that shared part plus a fraction of the rest (half, a quarter, ... for about 2, 4, ... sessions), but
 * at least the least cap the distributor accepts with the default strategy. Equal caps are given once.
 */
final class Caps {
  private Caps() {
  }

  /** At most one cap per divisor: shared witnesses + the others / divisor (rounded up), or the least cap allowed. */
  static List<Integer> of(final Workload w, final List<Integer> divisors) {
    final TracedProgram traced = TracedProgram.load(w.javaCommand(), w.includes(), List.of(), line -> { });
    final IcfgPlanner.Result planned =
        IcfgPlanner.plan(traced.structure(), ProfileKind.OPTIMAL, Weights.staticEstimate());
    final DecisionGroups groups = DecisionGroups.of(planned.model());
    final int shared = groups.shared().cardinality();
    final int total = planned.witnesses().cardinality();
    final int rest = total - shared;
    final int low = new Distributor(traced.program(), groups.shared(), groups.groups(), Strategy.FUNCTION)
        .minimumCap();
    final List<Integer> caps = new ArrayList<>();
    for (final int d : divisors) {
      final int cap = Math.max(low, shared + (rest + d - 1) / d);
      if (!caps.contains(cap)) {
        caps.add(cap);
      }
    }
    return caps;
  }
}
