package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.trace.stream.EndRecord;
import java.util.List;
import java.util.Objects;

/**
 * Whether the walk stands where the VM's death left the thread ({@link EndRecord}): a thread whose stack held
 * traced frames when the VM died (System.exit or halt at any depth, a daemon thread cut off) ends there, and
 * those frames never return. Every session must have seen the same end.
 */
final class ThreadEnd {
  private final WalkState walk;

  ThreadEnd(final WalkState walk) {
    this.walk = walk;
  }

  /**
   * Whether every session's stream is spent and ends where the walk stands: the same traced frames, each
   * at the same block, with untraced code in the same places. Only the first time the walk stands there
   * counts: standing there again would need a cycle without a witness.
   */
  boolean haltsHere() {
    if (!walk.heads.spent()) {
      return false;
    }
    final EndRecord end = walk.heads.end(0);
    for (int s = 1; s < walk.heads.sessions(); s++) {
      if (!Objects.equals(walk.heads.end(s), end)) {
        throw walk.fail("diverged: session " + s + " saw the thread end " + endOf(walk.heads.end(s)) + ", session 0 "
            + endOf(end));
      }
    }
    return end != null && standsAt(end);
  }

  private String endOf(final EndRecord end) {
    return end == null ? "by returning" : "at " + walk.places.where(end.top().block())
        + (end.top().inCall() ? " (in a call)" : "") + " with " + end.frames().size() + " traced frame(s)";
  }

  /** Whether the walk's stack is the recorded one, frame by frame from the top. */
  private boolean standsAt(final EndRecord end) {
    final List<EndRecord.Frame> frames = end.frames();
    final List<WalkFrame> stack = walk.stack();
    int f = 0;
    boolean untracedAbove = false;
    for (int i = stack.size() - 1; i >= 1; i--) {
      final WalkFrame frame = stack.get(i);
      if (frame.isUntraced()) {
        untracedAbove = true;
        continue;
      }
      if (f == frames.size() || frame.block != frames.get(f).block()) {
        return false;
      }
      // A call that runs no traced code at all leaves no untraced frame on the walk's stack: standing in
      // its block covers both before the call and inside it.
      final boolean pure = f == 0 && !untracedAbove && walk.structure.targets(frame.block) != null
          && walk.structure.targets(frame.block).isPure();
      if (!pure && untracedAbove != frames.get(f).inCall()) {
        return false;
      }
      f++;
      untracedAbove = false;
    }
    return f == frames.size();
  }
}
