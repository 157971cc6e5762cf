package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.driver.stream.EndRecord;
import dev.jdtrace.driver.stream.ExceptionRecord;

/**
 * What the walk must reach next: the stream's head. A witness hit, the end of the thread, the throw
 * point of an exception, or the place where the thread stood when the VM died (a halt): a traced block,
 * or the untraced code a traced block called.
 *
 * @param witness the witness block, or -1
 * @param throwBlock the traced block of the throw or halt, or of the call that led to it, or -1
 * @param kind which of the six goals
 */
record Goal(Kind kind, int witness, int throwBlock) {
  enum Kind { WITNESS, END, THROW_TRACED, THROW_UNTRACED, HALT_TRACED, HALT_UNTRACED }

  static Goal witness(final int block) {
    return new Goal(Kind.WITNESS, block, -1);
  }

  static final Goal END = new Goal(Kind.END, -1, -1);

  static Goal of(final ExceptionRecord e) {
    return new Goal(e.inCall() ? Kind.THROW_UNTRACED : Kind.THROW_TRACED, -1, e.throwBlock());
  }

  /** The innermost traced frame of the thread's stack at VM death: the walk must get there. */
  static Goal of(final EndRecord end) {
    return new Goal(end.top().inCall() ? Kind.HALT_UNTRACED : Kind.HALT_TRACED, -1, end.top().block());
  }

  /** Whether the goal is a point in the path (a throw or a halt) rather than a witness or the end. */
  boolean isPoint() {
    return throwBlock >= 0;
  }

  /** Whether the point lies in untraced code called from {@link #throwBlock}. */
  boolean inUntraced() {
    return kind == Kind.THROW_UNTRACED || kind == Kind.HALT_UNTRACED;
  }
}
