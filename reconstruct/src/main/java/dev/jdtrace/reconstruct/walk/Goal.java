package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.driver.stream.ExceptionRecord;

/**
 * What the walk must reach next: the stream's head. A witness hit, the end of the thread, or the throw
 * point of an exception (a traced block, or untraced code).
 *
 * @param witness the witness block, or -1
 * @param throwBlock the traced block of a throw, or -1
 * @param kind which of the four goals
 */
record Goal(Kind kind, int witness, int throwBlock) {
  enum Kind { WITNESS, END, THROW_TRACED, THROW_UNTRACED }

  static Goal witness(final int block) {
    return new Goal(Kind.WITNESS, block, -1);
  }

  static final Goal END = new Goal(Kind.END, -1, -1);

  static Goal of(final ExceptionRecord e) {
    return e.throwBlock() >= 0 ? new Goal(Kind.THROW_TRACED, -1, e.throwBlock())
        : new Goal(Kind.THROW_UNTRACED, -1, -1);
  }
}
