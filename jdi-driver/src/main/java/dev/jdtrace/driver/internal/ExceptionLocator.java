package dev.jdtrace.driver.internal;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.ExceptionEvent;
import dev.jdtrace.driver.stream.ExceptionRecord;
import dev.jdtrace.profiler.model.Block;
import java.util.List;

/**
 * Describes an exception for the decoder while its thread is suspended at the throw: the traced throw
 * and catch blocks, and how many traced frames it unwinds. The frame count is what lets the decoder pop
 * exactly the right frames when the catch is in untraced code or in a recursive method.
 */
final class ExceptionLocator {
  private final BreakpointInstaller installer;

  ExceptionLocator(final BreakpointInstaller installer) {
    this.installer = installer;
  }

  /** The record, or {@code null} when the exception never touches traced code. */
  ExceptionRecord locate(final ExceptionEvent event) {
    final int throwBlock = installer.blockAt(event.location());
    final Location catchLocation = event.catchLocation();
    final int catchBlock = catchLocation == null ? ExceptionRecord.UNCAUGHT
        : Math.max(installer.blockAt(catchLocation), ExceptionRecord.UNTRACED);
    final int unwound = unwoundTracedFrames(event.thread(), catchLocation, catchBlock);
    if (throwBlock < 0 && catchBlock < 0 && unwound == 0 && catchLocation != null) {
      return null;
    }
    return new ExceptionRecord(throwBlock, catchBlock, unwound);
  }

  private int unwoundTracedFrames(final ThreadReference thread, final Location catchLocation, final int catchBlock) {
    final List<StackFrame> frames;
    try {
      frames = thread.frames();
    } catch (final IncompatibleThreadStateException e) {
      throw new IllegalStateException("exception event on a running thread", e);
    }
    int traced = 0;
    for (final StackFrame frame : frames) {
      final Location at = frame.location();
      if (catchLocation != null && at.method().equals(catchLocation.method()) && catches(at, catchBlock)) {
        return traced;
      }
      if (installer.methodIndex(at.method()) >= 0) {
        traced++;
      }
    }
    return traced;
  }

  /** Whether the frame's current block is covered by the traced handler (always true when untraced). */
  private boolean catches(final Location at, final int catchBlock) {
    if (catchBlock < 0) {
      return true;
    }
    final int block = installer.blockAt(at);
    if (block < 0) {
      return true;
    }
    final int base = block - installer.program().block(block).index();
    final Block b = installer.program().block(block);
    return b.handlers().contains(catchBlock - base);
  }
}
