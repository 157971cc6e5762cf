package dev.jdtrace.trace;

/** Receives a trace as it is read or produced: the dictionary, then each thread's blocks in order. */
public interface TraceVisitor {

  /** The dictionary, always first. */
  void dictionary(TraceDictionary dictionary);

  /** A new thread begins; its blocks follow until the next thread or the end. */
  void thread(String name);

  /** The next block entered by the current thread. */
  void block(int block);

  /**
   * A {@code --within} window of the current thread begins: its blocks follow, from the window method's entry,
   * called by code outside the window; whatever stack the blocks before it left is gone. Before each window's
   * first block; never in a trace without windows.
   */
  default void window() {
  }

  /** The trace is complete. */
  void end();
}
