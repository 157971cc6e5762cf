package dev.jdtrace.reconstruct.walk;

/**
 * One frame of the decoder's call stack: a traced method at its current block, a class initialiser that
 * interrupted the frame below, or untraced code entered from a call site (the thread's bottom frame is
 * untraced code with no call site).
 */
final class Frame {
  enum Kind { TRACED, INTERRUPT, EXTERNAL }

  final Kind kind;
  final int method;
  /** For EXTERNAL: the block whose call entered untraced code, or -1 at the bottom of the thread. */
  final int site;
  /** For TRACED and INTERRUPT: the block being executed. */
  int block;

  private Frame(final Kind kind, final int method, final int site) {
    this.kind = kind;
    this.method = method;
    this.site = site;
  }

  static Frame traced(final int method, final boolean interrupt) {
    return new Frame(interrupt ? Kind.INTERRUPT : Kind.TRACED, method, -1);
  }

  static Frame external(final int site) {
    return new Frame(Kind.EXTERNAL, -1, site);
  }

  boolean isExternal() {
    return kind == Kind.EXTERNAL;
  }
}
