package dev.jdtrace.profiler;

import dev.jdtrace.profiler.model.Program;
import java.util.BitSet;

/** Witness sets chosen over a whole program. */
public final class Profiles {
  private Profiles() {
  }

  /** Every block is a witness: the stream is the path itself, the ground truth. */
  public static BitSet allBlocks(final Program program) {
    final BitSet all = new BitSet(program.blockCount());
    all.set(0, program.blockCount());
    return all;
  }
}
