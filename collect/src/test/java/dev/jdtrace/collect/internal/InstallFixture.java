package dev.jdtrace.collect.internal;

/** A class to set witness breakpoints in: a loop, a branch, and a class initialiser that runs once. */
final class InstallFixture {
  static int total;

  static {
    total = Integer.getInteger("jdtrace.fixture", 1);
    if (total < 0) {
      total = 0;
    }
  }

  private InstallFixture() {
  }

  static int sum(final int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
      s += i;
    }
    return s;
  }

  static int pick(final boolean b) {
    return b ? 1 : 2;
  }
}
