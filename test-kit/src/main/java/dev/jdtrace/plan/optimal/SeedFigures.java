package dev.jdtrace.plan.optimal;

/**
 * Graphs standing in for the seed paper's figures. The paper's figure drawings were not available when these
 * were written (only its cover page could be retrieved), so each graph is built to have the properties the
 * text and DESIGN.md state, and each test says which. Node {@code k} is the paper-style block {@code b<k>}.
 */
public final class SeedFigures {

  private SeedFigures() {
  }

  /**
   * Fig. 4 stand-in: 4 diamonds and 6 directed cycles (without the exit-to-entry edge), counted by brute force
   * in {@code SeedFig4Test}.
   *
   * <pre>
   * b0: if (c) b1;                     diamond 1 (special: b0 -> b2 direct)
   * b2: while (c) {                    outer loop
   *   b3: if (c) b4 else b5;           diamond 2
   *   b6: while (c) b7;                inner loop: cycle b6 b7
   *   b8: if (c) b9 else b10;          diamond 3
   *   b11: do {} while (c);            self-loop b11
   * }                                  outer cycles: 2 x 2 through b4|b5 and b9|b10
   * b12: if (c) b13 else b14;          diamond 4
   * b15; exit b16
   * </pre>
   */
  static FlowGraph fig4() {
    return FlowGraphs.of(17, 0, 16,
        0, 1, 0, 2, 1, 2,
        2, 3, 2, 12,
        3, 4, 3, 5, 4, 6, 5, 6,
        6, 7, 7, 6, 6, 8,
        8, 9, 8, 10, 9, 11, 10, 11,
        11, 11, 11, 2,
        12, 13, 12, 14, 13, 15, 14, 15, 15, 16);
  }

  /**
   * Fig. 10 stand-in: a special diamond, a fork {@code b0} with a direct edge to its join {@code b2} and a path
   * {@code b0 -> b1 -> b2}; exit {@code b3}. With observed counts the direct edge is the lightest, so plain
   * Ball-Larus makes it the chord.
   */
  static FlowGraph fig10() {
    return FlowGraphs.of(4, 0, 3, 0, 1, 0, 2, 1, 2, 2, 3);
  }

  /** Counts for {@link #fig10()}: b0->b1 9, b0->b2 1, b1->b2 9, b2->b3 10 (balanced). */
  static EdgeWeights fig10Counts() {
    return EdgeWeights.fromCounts(fig10(), new long[] {9, 1, 9, 10});
  }

  /**
   * Seed Fig. 1 stand-in (the figure itself was not available): a loop whose body is an if/else,
   * {@code b1; do { if (b2) b3 else b4; } while (b5); exit b6}. Node 0 is unused so that node k is b_k. Its
   * profile {b3, b4} is realizable: every iteration hits exactly one arm.
   */
  public static FlowGraph fig1() {
    return FlowGraphs.of(7, 1, 6, 1, 2, 2, 3, 2, 4, 3, 5, 4, 5, 5, 2, 5, 6);
  }

  /**
   * Seed Fig. 2 stand-in: nested loops, {@code b1; while (b2) { while (b3) b4; b5; } exit b6}. Node 0 is unused.
   * Its profile {b4, b5} (inner body, outer latch) is realizable.
   */
  public static FlowGraph fig2() {
    return FlowGraphs.of(7, 1, 6, 1, 2, 2, 3, 2, 6, 3, 4, 4, 3, 3, 5, 5, 2);
  }
}
