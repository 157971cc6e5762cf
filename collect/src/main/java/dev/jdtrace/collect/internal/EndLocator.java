package dev.jdtrace.collect.internal;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.trace.stream.EndRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads where a thread stands in traced code while the VM is held at its death: its traced frames, top
 * first, each at the block of its current instruction, and whether untraced code lies above it. This is
 * the witness of how a path ended when its frames never return ({@code System.exit} at depth, a daemon
 * thread cut off), so a stack the VM will not show ends the session rather than leaving the end to a guess.
 */
final class EndLocator {
  private final BreakpointInstaller installer;

  EndLocator(final BreakpointInstaller installer) {
    this.installer = installer;
  }

  /**
   * The thread's end record, or {@code null} when no traced frame is on its stack.
   *
   * @throws TargetException when the VM does not show the thread's stack
   */
  EndRecord locate(final ThreadReference thread) {
    return locate(thread, 0);
  }

  /**
   * The end record of a thread inside a {@code --within} window: only the frames of the window count, from the
   * top down to the window's frame, whose frame count is {@code windowDepth} (0: every frame counts).
   */
  EndRecord locate(final ThreadReference thread, final int windowDepth) {
    final List<StackFrame> stack;
    try {
      stack = thread.frames();
    } catch (final IncompatibleThreadStateException | ObjectCollectedException | com.sun.jdi.InternalException e) {
      throw new TargetException("cannot read the stack of thread '" + thread.name()
          + "' when the target ended, so where its path ended is unknown: no trace (" + e + ")", e);
    }
    final List<EndRecord.Frame> frames = new ArrayList<>();
    boolean untracedAbove = false;
    final int count = windowDepth > 0 ? stack.size() - windowDepth + 1 : stack.size();
    for (final StackFrame frame : stack.subList(0, Math.max(0, count))) {
      final Location at = frame.location();
      final int block = at.codeIndex() < 0 ? -1 : installer.blockAt(at);
      if (block < 0) {
        untracedAbove = true;
      } else {
        frames.add(new EndRecord.Frame(block, untracedAbove));
        untracedAbove = false;
      }
    }
    return frames.isEmpty() ? null : new EndRecord(frames);
  }
}
