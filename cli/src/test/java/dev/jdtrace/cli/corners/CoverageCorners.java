package dev.jdtrace.cli.corners;

/**
 * Corners of the coverage formats, traced and run under JaCoCo by {@code CoverageFormatsTest}: a branch in
 * a block that first starts a class initialiser with branches of its own; a block that starts two class
 * initialisers one after the other; a class initialiser that throws inside a block ending in a return;
 * {@code assert}, whose {@code $assertionsDisabled} code JaCoCo filters.
 */
public final class CoverageCorners {
  private CoverageCorners() {
  }

  /** Initialised at its first use, with a loop. */
  static final class Lazy {
    static final int VALUE;

    static {
      int v = 0;
      for (int i = 0; i < 3; i++) {
        v += i;
      }
      VALUE = v;
    }
  }

  /** Its initialisation fails. */
  static final class Broken {
    static final int VALUE = Integer.parseInt("not a number");
  }

  /** Initialised at its first use. */
  static final class First {
    static final int VALUE = Integer.parseInt("1");
  }

  /** Initialised right after {@link First}, by the same block. */
  static final class Second {
    static final int VALUE = Integer.parseInt("2");
  }

  static int twoInits(final int x) {
    final int sum = First.VALUE + Second.VALUE;
    if (sum > x) {
      return sum;
    }
    return x;
  }

  static int branchAfterInit(final int x) {
    if (Lazy.VALUE > x) {
      return 1;
    }
    return 2;
  }

  static int failedInit() {
    try {
      return Broken.VALUE + 1;
    } catch (final ExceptionInInitializerError e) {
      return -1;
    }
  }

  static int asserted(final int x) {
    assert x >= 0 : "negative";
    return x + 1;
  }

  public static void main(final String[] args) {
    System.out.println(branchAfterInit(1) + " " + branchAfterInit(5) + " " + twoInits(1) + " " + failedInit() + " "
        + asserted(2));
  }
}
