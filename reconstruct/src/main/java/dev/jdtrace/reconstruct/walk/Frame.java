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
  /**
   * For EXTERNAL: an untraced class initialiser that {@link #site} started in its middle; when it returns, that
   * block goes on (rather than its return site).
   */
  final boolean initialiser;
  /**
   * For EXTERNAL: the bottom of a {@code --within} window, code outside the window that called its method; once
   * that call returned or an exception left it, the window is over and nothing follows.
   */
  boolean sealed;
  /** For TRACED and INTERRUPT: the block being executed. */
  int block;
  /** For TRACED and INTERRUPT: the untraced initialisers the current block may start have had their turn. */
  boolean untracedInitDone;

  private Frame(final Kind kind, final int method, final int site, final boolean initialiser) {
    this.kind = kind;
    this.method = method;
    this.site = site;
    this.initialiser = initialiser;
  }

  static Frame traced(final int method, final boolean interrupt) {
    return new Frame(interrupt ? Kind.INTERRUPT : Kind.TRACED, method, -1, false);
  }

  static Frame external(final int site) {
    return new Frame(Kind.EXTERNAL, -1, site, false);
  }

  /** The bottom of a {@code --within} window. */
  static Frame sealed() {
    final Frame f = new Frame(Kind.EXTERNAL, -1, -1, false);
    f.sealed = true;
    return f;
  }

  /** Untraced class initialisers the block {@code site} started before its end. */
  static Frame initialiser(final int site) {
    return new Frame(Kind.EXTERNAL, -1, site, true);
  }

  boolean isExternal() {
    return kind == Kind.EXTERNAL;
  }
}
