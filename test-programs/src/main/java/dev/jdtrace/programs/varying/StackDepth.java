package dev.jdtrace.programs.varying;

/**
 * Recurses until the stack overflows and catches the error: how deep it got differs from run to run (the
 * JIT and the debugger change frame sizes). It prints nothing that tells.
 */
public final class StackDepth {
  private static int deepest;

  private StackDepth() {
  }

  /** Goes down until {@code floor}, which no run reaches before the stack overflows. */
  static int down(final int depth, final int floor) {
    deepest = depth;
    if (depth == floor) {
      return depth;
    }
    return down(depth + 1, floor) + 1;
  }

  public static void main(final String[] args) {
    try {
      down(0, Integer.MAX_VALUE);
    } catch (final StackOverflowError e) {
      System.out.println("overflowed " + (deepest > 0 ? "deep" : "at once"));
    }
  }
}
