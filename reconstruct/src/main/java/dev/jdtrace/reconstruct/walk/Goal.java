package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.driver.stream.ExceptionRecord;

/**
 * What the walk must reach next: the stream's head. A witness hit, the end of the thread, or the throw
 * point of an exception: a traced block, or the untraced code a traced block called.
 *
 * @param witness the witness block, or -1
 * @param throwBlock the traced block of the throw or of the call that led to it, or -1
 * @param kind which of the four goals
 */
record Goal(Kind kind, int witness, int throwBlock) {
  enum Kind { WITNESS, END, THROW_TRACED, THROW_UNTRACED }

  static Goal witness(final int block) {
    return new Goal(Kind.WITNESS, block, -1);
  }

  static final Goal END = new Goal(Kind.END, -1, -1);

  static Goal of(final ExceptionRecord e) {
    return new Goal(e.inCall() ? Kind.THROW_UNTRACED : Kind.THROW_TRACED, -1, e.throwBlock());
  }
}
