package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary;

/**
 * Receives the calls and returns that {@link CallTracker} reconstructs from one thread's block sequence.
 * Ordinals count the thread's block entries from 0; depths count frames from 0 (a root frame). Every
 * {@code enter} is matched by an {@code exit} before {@code threadEnd}. Every method does nothing unless
 * overridden, so a listener names only what it uses.
 */
public interface CallListener {

  /** The trace's dictionary, before any thread. */
  default void dictionary(final TraceDictionary dictionary) {
  }

  /** A thread begins; its events follow until {@link #threadEnd}. */
  default void threadStart(final String name) {
  }

  /** A frame of {@code method} is pushed; its first block has {@code ordinal}. */
  default void enter(final int method, final long ordinal, final int depth) {
  }

  /** The frame of {@code method} at {@code depth} is popped; {@code ordinal} is the block entry after it. */
  default void exit(final int method, final long ordinal, final int depth) {
  }

  /** The thread enters {@code block} in the frame at {@code depth} (after any enter or exit it causes). */
  default void block(final int block, final long ordinal, final int depth) {
  }

  /** The thread ends after {@code blocks} block entries; all its frames have been exited. */
  default void threadEnd(final long blocks) {
  }

  /** The trace is complete. */
  default void end() {
  }
}
