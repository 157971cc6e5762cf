package dev.jdtrace.tracer;

import dev.jdtrace.collect.FirstRun;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.util.Map;

/**
 * Expected hits when no trace weighs the plan, for predicting a session's cost (not for choosing
 * witnesses). The Ball-Larus estimate runs each loop body ten times per entry of its loop, so nested loops
 * multiply (100, 1,000, … hits per method run), and every method of every traced class counts once: that
 * is how the static prediction came out 10⁴ times the measured hits on a real library. Here a block is
 * expected at most {@value #CAP} times per run of its method, and, when the first run saw which methods
 * ran and about how often ({@code FirstRun.Loaded#ran}), each method runs that often and the others never: once,
 * as counted by the JVM's profile, or, run again and not profiled, {@value #AGAIN_RUNS} times (on a javaparser
 * parse such methods ran 40 times on average, 12 the median; the JVM profiles a method from about 200 runs). A
 * method seen once is expected once: it is the common case of set-up code.
 */
final class StaticHits {
  /** The most hits expected of one block per run of its method: one loop of ten, nesting not multiplied. */
  static final double CAP = 10;
  /** Runs expected of a method that ran again and that the JVM did not profile: between 2 and about 200. */
  static final double AGAIN_RUNS = 20;

  private StaticHits() {
  }

  /**
   * The estimate hedged for distribution: each witness in a method that ran is expected at least the
   * mean of those witnesses. The estimate is off by 3 to 10 times per session on libraries nobody tuned for
   * (commons-compress: a session expected at 24k hits took 172k), and a witness wrongly thought cold lands in
   * a session of many breakpoints; the floor makes a session's breakpoints count for its hits too, so the
   * split balances them where the estimate cannot tell.
   */
  static double[] hedged(final double[] hits, final java.util.BitSet witnesses) {
    double sum = 0;
    int ran = 0;
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      if (hits[w] > 0) {
        sum += hits[w];
        ran++;
      }
    }
    final double floor = ran == 0 ? 0 : sum / ran;
    final double[] out = hits.clone();
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      if (out[w] > 0) {
        out[w] = Math.max(out[w], floor);
      }
    }
    return out;
  }

  /** The block weights capped at {@link #CAP}, times the runs expected of their method. */
  static double[] of(final double[] blockWeights, final TracedProgram traced) {
    final Program p = traced.program();
    final Map<String, Integer> ran = traced.ran();
    final double[] out = new double[blockWeights.length];
    for (int m = 0; m < p.methods().size(); m++) {
      final MethodCfg method = p.methods().get(m);
      final int seen = ran == null ? 1
          : ran.getOrDefault(method.id().className() + "." + method.id().nameAndDescriptor(), 0);
      final double runs = seen == FirstRun.AGAIN ? AGAIN_RUNS : seen;
      final int base = p.blockId(m, 0);
      for (int b = 0; b < method.blocks().size(); b++) {
        out[base + b] = runs * Math.min(blockWeights[base + b], CAP);
      }
    }
    return out;
  }
}
