package dev.jdtrace.analysis;

/** How {@code show} and {@code diff} mark up their text: ANSI colours for a terminal, or plain. Immutable. */
public record Style(boolean ansi) {
  /** Plain text. */
  public static final Style PLAIN = new Style(false);

  /** A method or frame name: bold. */
  public String method(final String s) {
    return wrap("1", s);
  }

  /** A source place or other secondary text: cyan. */
  public String place(final String s) {
    return wrap("36", s);
  }

  /** Ordinals and counts of context: dim. */
  public String dim(final String s) {
    return wrap("2", s);
  }

  /** A loop count: yellow. */
  public String count(final String s) {
    return wrap("33", s);
  }

  /** The first side of a difference: red. */
  public String left(final String s) {
    return wrap("31", s);
  }

  /** The second side of a difference: green. */
  public String right(final String s) {
    return wrap("32", s);
  }

  private String wrap(final String code, final String s) {
    return ansi ? "\u001b[" + code + "m" + s + "\u001b[0m" : s;
  }
}
