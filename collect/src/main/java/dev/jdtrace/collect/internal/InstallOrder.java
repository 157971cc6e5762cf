package dev.jdtrace.collect.internal;

import dev.jdtrace.plan.icfg.MethodGraphs;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.optimal.EdgeWeights;
import java.util.ArrayDeque;
import java.util.BitSet;

/**
 * What the installer knows about how often a method's blocks run: the static estimate (loops ×10) orders
 * its requests hottest first, and in a class initialiser, which runs at most once per VM, a block on no
 * cycle of the CFG (exception edges included) runs at most once, so its request can go after its hit.
 */
final class InstallOrder {
  private final MethodCfg method;
  private final EdgeWeights weights;
  private final boolean initialiser;

  InstallOrder(final MethodCfg method) {
    this.method = method;
    this.weights = Weights.staticEstimate().of(-1, MethodGraphs.of(method));
    this.initialiser = method.id().name().equals("<clinit>");
  }

  /** The block's estimated entries per run of the method. */
  double weight(final int block) {
    return weights.node(block);
  }

  /** Whether the block can run at most once in the VM's life. */
  boolean once(final int block) {
    return initialiser && !onCycle(block);
  }

  private boolean onCycle(final int start) {
    final BitSet seen = new BitSet();
    final ArrayDeque<Integer> work = new ArrayDeque<>();
    work.push(start);
    while (!work.isEmpty()) {
      final Block b = method.blocks().get(work.pop());
      for (final int next : b.successors()) {
        if (next == start) {
          return true;
        }
        if (!seen.get(next)) {
          seen.set(next);
          work.push(next);
        }
      }
      for (final int next : b.handlers()) {
        if (next == start) {
          return true;
        }
        if (!seen.get(next)) {
          seen.set(next);
          work.push(next);
        }
      }
    }
    return false;
  }
}
