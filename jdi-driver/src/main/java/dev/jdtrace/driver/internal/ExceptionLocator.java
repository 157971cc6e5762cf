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
    final Location catchLocation = event.catchLocation();
    final int catchBlock = catchLocation == null ? ExceptionRecord.UNCAUGHT
        : Math.max(installer.blockAt(catchLocation), ExceptionRecord.UNTRACED);
    final List<StackFrame> frames;
    try {
      frames = event.thread().frames();
    } catch (final IncompatibleThreadStateException | com.sun.jdi.InternalException e) {
      // The VM would not show the stack (it happens while it shuts down): the decoder refuses to place
      // such an exception rather than guess, unless it cannot concern traced code.
      final int throwBlock = installer.blockAt(event.location());
      return throwBlock < 0 && catchBlock < 0 ? null
          : new ExceptionRecord(throwBlock, false, catchBlock, ExceptionRecord.UNKNOWN_FRAMES);
    }
    int traced = 0;
    int innermost = -1;
    boolean caught = false;
    for (final StackFrame frame : frames) {
      final Location at = frame.location();
      if (innermost < 0) {
        innermost = installer.blockAt(at);
      }
      if (catchLocation != null && at.method().equals(catchLocation.method()) && catches(at, catchBlock)) {
        caught = true;
        break;
      }
      if (installer.methodIndex(at.method()) >= 0) {
        traced++;
      }
    }
    if (innermost < 0 || (traced == 0 && catchBlock < 0 && caught)) {
      return null; // Thrown and caught in untraced code without unwinding a traced frame.
    }
    final boolean inCall = installer.blockAt(event.location()) < 0;
    return new ExceptionRecord(innermost, inCall, catchBlock, traced);
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
