package dev.jdtrace.cli.pipeline;

import dev.jdtrace.profiler.model.MethodCfg;
import dev.jdtrace.profiler.model.Program;
import java.util.Set;

/**
 * Expected hits when no trace weighs the plan, for predicting a session's cost (not for choosing
 * witnesses). The Ball-Larus estimate runs each loop body ten times per entry of its loop, so nested loops
 * multiply (100, 1,000, … hits per method run), and every method of every traced class counts once: that
 * is how the static prediction came out 10⁴ times the measured hits on a real library. Here a block is
 * expected at most {@value #CAP} times per run of its method, and only methods the first run saw run
 * count (each once), when it is known which did.
 */
final class StaticHits {
  /** The most hits expected of one block per run of its method: one loop of ten, nesting not multiplied. */
  static final double CAP = 10;

  private StaticHits() {
  }

  /** The block weights capped at {@link #CAP}, zero in methods the first run did not see run. */
  static double[] of(final double[] blockWeights, final TracedProgram traced) {
    final Program p = traced.program();
    final Set<String> ran = traced.ran();
    final double[] out = new double[blockWeights.length];
    for (int m = 0; m < p.methods().size(); m++) {
      final MethodCfg method = p.methods().get(m);
      if (ran != null && !ran.contains(method.id().className() + "." + method.id().nameAndDescriptor())) {
        continue;
      }
      final int base = p.blockId(m, 0);
      for (int b = 0; b < method.blocks().size(); b++) {
        out[base + b] = Math.min(blockWeights[base + b], CAP);
      }
    }
    return out;
  }
}
