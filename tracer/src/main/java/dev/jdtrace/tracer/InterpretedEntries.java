package dev.jdtrace.tracer;

import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.plan.model.Program;
import java.util.BitSet;

/**
 * The block entries a session's breakpoints keep interpreted: a method that holds a breakpoint is not compiled
 * (DESIGN §3), so every entry of every block of it runs in the interpreter, witness or not. Counted from the
 * expected entries of each block ({@link StaticHits#of}, or a trace's counts), summed per method.
 */
final class InterpretedEntries implements Prediction.Interpreted {
  private final Program program;
  private final double[] perMethod;

  /** @param blockEntries expected entries of each block of the program */
  InterpretedEntries(final Program program, final double[] blockEntries) {
    this.program = program;
    this.perMethod = new double[program.methods().size()];
    for (int b = 0; b < blockEntries.length; b++) {
      perMethod[program.methodOf(b)] += blockEntries[b];
    }
  }

  @Override
  public double entries(final BitSet breakpoints) {
    final BitSet methods = new BitSet();
    for (int b = breakpoints.nextSetBit(0); b >= 0; b = breakpoints.nextSetBit(b + 1)) {
      methods.set(program.methodOf(b));
    }
    double entries = 0;
    for (int m = methods.nextSetBit(0); m >= 0; m = methods.nextSetBit(m + 1)) {
      entries += perMethod[m];
    }
    return entries;
  }
}
