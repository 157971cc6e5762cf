package dev.jdtrace.reconstruct.trace;

/** Receives a trace as it is read or produced: the dictionary, then each thread's blocks in order. */
public interface TraceVisitor {

  /** The dictionary, always first. */
  void dictionary(TraceDictionary dictionary);

  /** A new thread begins; its blocks follow until the next thread or the end. */
  void thread(String name);

  /** The next block entered by the current thread. */
  void block(int block);

  /** The trace is complete. */
  void end();
}
