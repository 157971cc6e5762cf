package dev.jdtrace.reconstruct.walk;

/**
 * Receives the traced frames the decoding walk pushes and pops as it decodes one thread: the walk's own
 * calls and returns, which the ICFG gives it, so that views reconstructing them from the block path alone
 * can be checked against them. Ordinals count the thread's block entries from 0.
 */
public interface WalkCalls {
  /** Observes nothing. */
  WalkCalls NONE = new WalkCalls() {
    @Override
    public void enter(final int method, final long ordinal) {
    }

    @Override
    public void exit(final int method, final long ordinal) {
    }
  };

  /**
   * A frame of {@code method} is pushed; its first block has {@code ordinal} (0 for the frames a thread
   * that was inside traced code at an attach started in).
   */
  void enter(int method, long ordinal);

  /** The top frame, of {@code method}, is popped; {@code ordinal} is that of the block entry after it. */
  void exit(int method, long ordinal);
}
