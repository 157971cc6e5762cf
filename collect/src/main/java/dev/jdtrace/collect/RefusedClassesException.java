package dev.jdtrace.collect;

import java.util.List;

/**
 * Traced classes read over JDI have code that only an exception handler reaches: JDI does not show exception
 * tables, so their control flow cannot be known from the running JVM alone.
 */
public final class RefusedClassesException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  /** Refused classes named in the message; the others are counted. */
  private static final int SHOWN = 5;

  private final transient Endpoint target;
  private final List<String> refused;
  private final int loaded;

  /**
   * Creates the exception.
   *
   * @param target the JVM read
   * @param refused the refused classes, in name order
   * @param loaded how many traced classes are loaded
   */
  public RefusedClassesException(final Endpoint target, final List<String> refused, final int loaded) {
    super(describe(target, refused, loaded));
    this.target = target;
    this.refused = List.copyOf(refused);
    this.loaded = loaded;
  }

  /** The JVM read. */
  public Endpoint target() {
    return target;
  }

  /** The refused classes, in name order. */
  public List<String> refused() {
    return refused;
  }

  /** How many traced classes are loaded. */
  public int loaded() {
    return loaded;
  }

  /** One line: how many classes, why, and which (the first few). */
  private static String describe(final Endpoint target, final List<String> refused, final int loaded) {
    final int shown = Math.min(refused.size(), SHOWN);
    return (loaded == 1 ? "the 1 traced class" : refused.size() + " of the " + loaded + " traced classes")
        + " loaded in " + target + (refused.size() == 1 ? " is" : " are") + " refused: they have code that only an exception handler reaches (try/catch, try-with-resources, "
        + "synchronized), and JDI does not show exception tables (" + String.join(", ", refused.subList(0, shown))
        + (refused.size() > shown ? " and " + (refused.size() - shown) + " more" : "") + ")";
  }
}
