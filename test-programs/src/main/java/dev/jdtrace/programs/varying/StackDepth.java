package dev.jdtrace.programs.varying;

/**
 * Recurses until the stack overflows and catches the error: how deep it got differs from run to run (the
 * JIT and the debugger change frame sizes). It prints nothing that tells.
 */
public final class StackDepth {
  private static int deepest;

  private StackDepth() {
  }

  static void down(final int depth) {
    deepest = depth;
    down(depth + 1);
  }

  public static void main(final String[] args) {
    try {
      down(0);
    } catch (final StackOverflowError e) {
      System.out.println("overflowed " + (deepest > 0 ? "deep" : "at once"));
    }
  }
}
