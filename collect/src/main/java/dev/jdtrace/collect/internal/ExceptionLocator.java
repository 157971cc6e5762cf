package dev.jdtrace.collect.internal;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.ExceptionEvent;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.trace.stream.ExceptionRecord;
import java.util.List;

/**
 * Describes an exception for the decoder while its thread is suspended at the throw: the traced throw
 * and catch blocks, and how many traced frames it unwinds. The frame count is what lets the decoder pop
 * exactly the right frames when the catch is in untraced code or in a recursive method.
 *
 * <p>The JVM predicts the catch by scanning the Java frames for a handler, blind to where code it runs
 * itself takes the exception first: the end of a class initialiser, and reflection's native accessors.
 * The record stops there, as caught by untraced code; what the JVM throws next is another event.
 */
final class ExceptionLocator {
  private final BreakpointInstaller installer;

  ExceptionLocator(final BreakpointInstaller installer) {
    this.installer = installer;
  }

  /** The record, or {@code null} when the exception never touches traced code. */
  ExceptionRecord locate(final ExceptionEvent event) {
    return locate(event, 0).record();
  }

  /**
   * An exception in a {@code --within} window, and whether it leaves the window.
   *
   * @param record the record ({@code null} when it touches no traced code); when the exception leaves the window,
   *     it counts the window's traced frames only and says it is caught outside traced code, since what runs
   *     below the window is not recorded
   * @param leaves whether it unwinds the window's frame
   */
  record Located(ExceptionRecord record, boolean leaves) {
  }

  /**
   * Locates an exception thrown by a thread inside a window whose frame has frame count {@code windowDepth} (0:
   * no window, the whole run is recorded).
   */
  Located locate(final ExceptionEvent event, final int windowDepth) {
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
      return new Located(throwBlock < 0 && catchBlock < 0 ? null
          : new ExceptionRecord(throwBlock, false, catchBlock, ExceptionRecord.UNKNOWN_FRAMES), false);
    }
    // The index of the window's frame among the frames, top first; the first frame the exception leaves alone.
    final int window = windowDepth > 0 ? frames.size() - windowDepth : Integer.MAX_VALUE;
    int kept = frames.size();
    int traced = 0;
    int innermost = -1;
    boolean caught = false;
    int catching = catchBlock;
    for (int i = 0; i < frames.size(); i++) {
      final Location at = frames.get(i).location();
      if (i > 0 && wraps(at)) {
        // The JVM predicts the catch as if no native frame stood between: reflection's native code takes
        // the exception here and throws an InvocationTargetException of its own (a new event).
        caught = true;
        catching = ExceptionRecord.UNTRACED;
        kept = i;
        break;
      }
      if (innermost < 0) {
        innermost = installer.blockAt(at);
      }
      if (catchLocation != null && at.method().equals(catchLocation.method()) && catches(at, catchBlock)) {
        caught = true;
        kept = i;
        break;
      }
      if (installer.methodIndex(at.method()) >= 0) {
        traced++;
      }
      if (at.method().name().equals("<clinit>")) {
        // No exception leaves a class initialiser: the JVM takes it there and throws again (an
        // ExceptionInInitializerError, or the same Error) where the initialisation started, a new event.
        // Its catch prediction looked past this frame and is wrong.
        caught = true;
        catching = ExceptionRecord.UNTRACED;
        kept = i + 1;
        break;
      }
    }
    final boolean leaves = kept > window;
    if (leaves) {
      // What catches it lies below the window, unrecorded: for the window, code outside it took the exception.
      traced = 0;
      for (int i = 0; i <= window; i++) {
        if (installer.methodIndex(frames.get(i).location().method()) >= 0) {
          traced++;
        }
      }
      catching = ExceptionRecord.UNTRACED;
    } else if (innermost < 0 || (traced == 0 && catching < 0 && caught)) {
      return new Located(null, false); // Thrown and caught in untraced code without unwinding a traced frame.
    }
    final boolean inCall = installer.blockAt(event.location()) < 0;
    return new Located(new ExceptionRecord(innermost, inCall, catching, traced), leaves);
  }

  /**
   * Whether a frame below the throw is native code that takes every exception its Java callee throws and
   * wraps it: reflection's native accessors (JDK 17 uses them for a method's first calls). Other native
   * code may pass an exception on unseen by the JVM's events, so its frames are looked through as before.
   */
  static boolean wraps(final Location at) {
    final com.sun.jdi.Method m = at.method();
    if (!m.isNative()) {
      return false;
    }
    final String owner = m.declaringType().name();
    return (owner.startsWith("jdk.internal.reflect.Native") || owner.startsWith("sun.reflect.Native"))
        && (m.name().equals("invoke0") || m.name().equals("newInstance0"));
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
