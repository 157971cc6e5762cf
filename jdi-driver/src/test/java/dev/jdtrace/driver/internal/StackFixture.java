package dev.jdtrace.driver.internal;

/** A traced method that waits in an untraced call, as a server thread at rest does: {@link StartStackTest}'s stack. */
final class StackFixture {
  private StackFixture() {
  }

  static void serve() {
    Thread.yield();
  }
}
