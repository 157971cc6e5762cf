package dev.jdtrace.trace.stream;

import java.util.List;

/**
 * Where a thread stood when the VM died (by {@code System.exit}, {@code Runtime.halt}, the end of the last
 * non-daemon thread, or a signal that runs the shutdown): the thread's traced frames, top first. The
 * decoder walks the thread's path to exactly this stack and stops there: these frames never return.
 * A thread with no traced frame on its stack gets no record; its path ended by returning.
 *
 * @param frames the traced frames, top first; never empty
 */
public record EndRecord(List<Frame> frames) {

  /**
   * One traced frame.
   *
   * @param block global id of the traced block holding the frame's current instruction
   * @param inCall whether the frame is inside a call to untraced code made by {@code block}: for the top
   *     frame, the thread stood in untraced code (such as {@code System.exit} or {@code Thread.join}); for
   *     a lower frame, untraced code lies between it and the traced frame above (a callback)
   */
  public record Frame(int block, boolean inCall) {
  }

  public EndRecord {
    frames = List.copyOf(frames);
    if (frames.isEmpty()) {
      throw new IllegalArgumentException("an end record holds at least one traced frame");
    }
  }

  /** The innermost traced frame. */
  public Frame top() {
    return frames.get(0);
  }
}
