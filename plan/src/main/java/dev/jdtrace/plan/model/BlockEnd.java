package dev.jdtrace.plan.model;

/** How a basic block ends, which decides where control can go next. */
public enum BlockEnd {
  /** Falls into the next block because the next instruction is a leader. */
  FALLTHROUGH,
  /** Unconditional jump ({@code goto}, {@code goto_w}). */
  GOTO,
  /** Two-way conditional branch ({@code if*}). */
  BRANCH,
  /** {@code tableswitch} or {@code lookupswitch}. */
  SWITCH,
  /** Any {@code invoke*}: a call ends its block. */
  INVOKE,
  /** Any {@code *return}. */
  RETURN,
  /** {@code athrow}. */
  THROW,
  /** {@code jsr}, {@code jsr_w} or {@code ret} (only in old class files). */
  SUBROUTINE
}
