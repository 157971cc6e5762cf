package dev.jdtrace.reconstruct.walk;

/**
 * One frame of the walk's call stack: a traced method at its current block, a class initialiser that
 * interrupted the frame below, or untraced code entered from a call site (the thread's bottom frame is
 * untraced code with no call site). The walk's own, so named apart from the frames a stream records
 * ({@link dev.jdtrace.trace.stream.EndRecord.Frame}): untraced code is one frame here, however deep it ran.
 */
final class WalkFrame {
  enum Kind { TRACED, INTERRUPT, UNTRACED }

  final Kind kind;
  final int method;
  /** For UNTRACED: the block whose call entered untraced code, or -1 at the bottom of the thread. */
  final int site;
  /**
   * For UNTRACED: an untraced class initialiser that {@link #site} started in its middle; when it returns, that
   * block goes on (rather than its return site).
   */
  final boolean initialiser;
  /**
   * For UNTRACED: the bottom of a {@code --within} window, code outside the window that called its method; once
   * that call returned or an exception left it, the window is over and nothing follows.
   */
  boolean sealed;
  /** For TRACED and INTERRUPT: the block being executed. */
  int block;
  /** For TRACED and INTERRUPT: the untraced initialisers the current block may start have had their turn. */
  boolean untracedInitDone;

  private WalkFrame(final Kind kind, final int method, final int site, final boolean initialiser) {
    this.kind = kind;
    this.method = method;
    this.site = site;
    this.initialiser = initialiser;
  }

  static WalkFrame traced(final int method, final boolean interrupt) {
    return new WalkFrame(interrupt ? Kind.INTERRUPT : Kind.TRACED, method, -1, false);
  }

  static WalkFrame untraced(final int site) {
    return new WalkFrame(Kind.UNTRACED, -1, site, false);
  }

  /** The bottom of a {@code --within} window. */
  static WalkFrame sealed() {
    final WalkFrame f = new WalkFrame(Kind.UNTRACED, -1, -1, false);
    f.sealed = true;
    return f;
  }

  /** Untraced class initialisers the block {@code site} started before its end. */
  static WalkFrame initialiser(final int site) {
    return new WalkFrame(Kind.UNTRACED, -1, site, true);
  }

  boolean isUntraced() {
    return kind == Kind.UNTRACED;
  }
}
