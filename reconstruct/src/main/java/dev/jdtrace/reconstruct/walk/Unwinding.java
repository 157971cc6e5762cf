package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.trace.stream.ExceptionRecord;
import java.util.List;

/**
 * Exceptions in the walk: when the exception at every stream's head is thrown where the walk stands, and
 * how it unwinds the stack, to the handler that caught it, to untraced code, or out of the thread. It also
 * remembers the one case that binds the next step: a class initialiser that ended by an exception, after
 * which the block that started it must throw.
 */
final class Unwinding {
  private final WalkState walk;
  /** A class initialiser the top frame's block started ended by an exception: that block throws next. */
  private boolean failedInit;

  Unwinding(final WalkState walk) {
    this.walk = walk;
  }

  /** Whether the last exception unwound out of a class initialiser into the traced block that started it. */
  boolean failedInit() {
    return failedInit;
  }

  /**
   * Whether the walk, with {@code top} on its stack, stands where {@code e} was thrown: at its block, and with
   * a stack it can unwind as the record says. The stack tells a recursive method's frames apart: the innermost
   * frame can stand at the throw's block (its pure call returned) before it returns to the frame that threw.
   */
  boolean atThrowPoint(final ExceptionRecord e, final WalkFrame top) {
    final boolean here;
    if (!e.inCall()) {
      here = !top.isUntraced() && top.block == e.throwBlock();
    } else if (top.isUntraced()) {
      here = top.site == e.throwBlock();
    } else {
      here = top.block == e.throwBlock() && walk.structure.targets(top.block) != null
          && walk.structure.targets(top.block).isPure();
    }
    return here && unwindsFromHere(e);
  }

  /**
   * Whether unwinding {@code e} from the walk's stack ends as its record says: the traced frames it names are
   * there, and below them the frame that caught it (untraced code, or the block whose class initialiser the last
   * of them was; the handler's method; none traced for an uncaught one). An unknown frame count claims nothing:
   * {@link #unwind} refuses it.
   */
  private boolean unwindsFromHere(final ExceptionRecord e) {
    if (e.unwound() == ExceptionRecord.UNKNOWN_FRAMES) {
      return true;
    }
    final List<WalkFrame> stack = walk.stack();
    int i = stack.size() - 1;
    int popped = 0;
    WalkFrame last = null;
    while (popped < e.unwound()) {
      if (i <= 0) {
        return false;
      }
      final WalkFrame f = stack.get(i--);
      if (!f.isUntraced()) {
        popped++;
        last = f;
      }
    }
    if (e.catchBlock() == ExceptionRecord.UNCAUGHT) {
      return stack.subList(1, i + 1).stream().allMatch(WalkFrame::isUntraced);
    }
    if (e.catchBlock() == ExceptionRecord.UNTRACED) {
      return stack.get(i).isUntraced() || (last != null && last.kind == WalkFrame.Kind.INTERRUPT);
    }
    while (i > 0 && stack.get(i).isUntraced()) {
      i--;
    }
    return !stack.get(i).isUntraced() && stack.get(i).method == walk.program.methodOf(e.catchBlock());
  }

  /**
   * Pops the exception from every stream and the frames it unwound, and enters the handler that caught it. The walk
   * stands where {@link #atThrowPoint} placed the throw, so its stack unwinds as the record says.
   */
  void unwind(final ExceptionRecord e) {
    failedInit = false;
    final int s = walk.heads.popException(e);
    if (s >= 0) {
      throw walk.fail("diverged: session " + s + " did not see the exception the others saw here");
    }
    if (e.unwound() == ExceptionRecord.UNKNOWN_FRAMES) {
      throw walk.fail("cannot place an exception: the VM did not show its stack when it was thrown");
    }
    int popped = 0;
    while (popped < e.unwound()) {
      if (!walk.pop().isUntraced()) {
        popped++;
      }
    }
    if (e.catchBlock() == ExceptionRecord.UNCAUGHT) {
      // The thread's untraced bottom frame still runs: the JVM hands the exception to the uncaught-exception
      // handler, which can call traced code (the exception's getMessage or toString, a traced handler).
      while (walk.depth() > 1) {
        walk.pop();
      }
      return;
    }
    if (e.catchBlock() == ExceptionRecord.UNTRACED) {
      // The JVM itself takes an exception that ends a class initialiser, in the frame that started it: that
      // frame is traced when a traced block's instruction started the initialiser, and that block throws next.
      failedInit = !walk.top().isUntraced();
      return;
    }
    while (walk.top().isUntraced() && walk.depth() > 1) {
      walk.pop();
    }
    walk.enter(e.catchBlock());
  }
}
