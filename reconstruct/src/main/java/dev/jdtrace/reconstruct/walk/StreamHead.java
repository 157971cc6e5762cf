package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;

/**
 * What one session's stream of the thread shows next, which the walk must reach before any other witness of
 * that session: a witness hit, the end of the thread, the point of an exception's throw, or the place where the
 * thread stood when the VM died (a halt). A point is a traced block, or the untraced code a traced block called.
 *
 * @param kind which of the six heads
 * @param witness the witness block, or -1
 * @param pointBlock the traced block of the throw or halt, or of the call that led to it, or -1
 */
record StreamHead(Kind kind, int witness, int pointBlock) {
  enum Kind { WITNESS, END, THROW_TRACED, THROW_UNTRACED, HALT_TRACED, HALT_UNTRACED }

  static StreamHead witness(final int block) {
    return new StreamHead(Kind.WITNESS, block, -1);
  }

  static final StreamHead END = new StreamHead(Kind.END, -1, -1);

  static StreamHead of(final ExceptionRecord e) {
    return new StreamHead(e.inCall() ? Kind.THROW_UNTRACED : Kind.THROW_TRACED, -1, e.throwBlock());
  }

  /** The innermost traced frame of the thread's stack at VM death: the walk must get there. */
  static StreamHead of(final EndRecord end) {
    return new StreamHead(end.top().inCall() ? Kind.HALT_UNTRACED : Kind.HALT_TRACED, -1, end.top().block());
  }

  /** Whether the head is a point in the path (a throw or a halt) rather than a witness or the end. */
  boolean isPoint() {
    return pointBlock >= 0;
  }

  /** Whether the point lies in untraced code called from {@link #pointBlock}. */
  boolean inUntraced() {
    return kind == Kind.THROW_UNTRACED || kind == Kind.HALT_UNTRACED;
  }
}
