package dev.jdtrace.bench;

import dev.jdtrace.distribute.Distributor;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.icfg.DecisionUnits;
import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.tracer.TracedProgram;
import java.util.ArrayList;
import java.util.List;

/**
 * Breakpoint caps that split a workload's optimal plan (static weights) into more sessions. A cap is a
 * fraction of the witnesses (half, a quarter, ... for about 2, 4, ... sessions), but at least the least cap the
 * distributor accepts with the function strategy (the largest pair of a choice's candidates with what they
 * need: units over a cap are split by Theorem 2). Equal caps are given once.
 */
final class Caps {
  private Caps() {
  }

  /** At most one cap per divisor: the witnesses / divisor (rounded up), or the least cap allowed. */
  static List<Integer> of(final Workload w, final List<Integer> divisors) {
    final TracedProgram traced = TracedProgram.load(w.javaCommand(), w.includes(), List.of(), line -> { });
    final IcfgPlanner.Result planned =
        IcfgPlanner.plan(traced.structure(), ProfileKind.OPTIMAL, Weights.staticEstimate());
    final DecisionUnits groups = DecisionUnits.of(planned.model());
    final int total = planned.witnesses().cardinality();
    final int low = new Distributor(traced.program(), groups, Strategy.FUNCTION).minimumCap();
    final List<Integer> caps = new ArrayList<>();
    for (final int d : divisors) {
      final int cap = Math.max(low, (total + d - 1) / d);
      if (!caps.contains(cap)) {
        caps.add(cap);
      }
    }
    return caps;
  }
}
