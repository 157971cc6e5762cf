package dev.jdtrace.cli.export;

import dev.jdtrace.reconstruct.trace.TraceDictionary;

/**
 * Receives the calls and returns that {@link CallTracker} reconstructs from one thread's block sequence.
 * Ordinals count the thread's block entries from 0; depths count frames from 0 (a root frame). Every
 * {@code enter} is matched by an {@code exit} before {@code threadEnd}.
 */
public interface CallListener {

  /** The trace's dictionary, before any thread. */
  default void dictionary(final TraceDictionary dictionary) {
  }

  /** A thread begins; its events follow until {@link #threadEnd}. */
  default void threadStart(final String name) {
  }

  /** A frame of {@code method} is pushed; its first block has {@code ordinal}. */
  void enter(int method, long ordinal, int depth);

  /** The frame of {@code method} at {@code depth} is popped; {@code ordinal} is the block entry after it. */
  void exit(int method, long ordinal, int depth);

  /** The thread enters {@code block} in the frame at {@code depth} (after any enter or exit it causes). */
  void block(int block, long ordinal, int depth);

  /** The thread ends after {@code blocks} block entries; all its frames have been exited. */
  default void threadEnd(final long blocks) {
  }

  /** The trace is complete. */
  default void end() {
  }
}
