package dev.jdtrace.collect.internal;

/**
 * A traced method that waits in an untraced call, as a server thread at rest does: {@link ThreadStandingTest}'s
 * stack.
 */
final class StackFixture {
  private StackFixture() {
  }

  static void serve() {
    Thread.yield();
  }
}
