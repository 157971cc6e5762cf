package dev.jdtrace.tracer;

import java.util.List;

/** The include patterns leave nothing to trace: no class file matches them, or the program loaded none that does. */
public final class NoMatchingClassException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final List<String> includes;
  private final int unloaded;

  /**
   * Creates the exception.
   *
   * @param includes the include patterns
   * @param unloaded how many classes on the class path match them although the program loaded none, 0 when no
   *     class there matches
   */
  public NoMatchingClassException(final List<String> includes, final int unloaded) {
    super(unloaded == 0 ? "no class on the class path matches " + String.join(" ", includes)
        : "the program loaded none of the " + Plural.of(unloaded, "class") + " matching " + String.join(" ", includes));
    this.includes = List.copyOf(includes);
    this.unloaded = unloaded;
  }

  /** The include patterns. */
  public List<String> includes() {
    return includes;
  }

  /** How many classes match the patterns although the program loaded none of them; 0 when none matches. */
  public int unloaded() {
    return unloaded;
  }
}
