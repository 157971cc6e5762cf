package dev.jdtrace.driver;

import java.util.List;

/** A running JVM has loaded no class that the include patterns trace, so there is nothing to read over JDI. */
public final class NoTracedClassLoadedException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final transient Endpoint target;
  private final List<String> includes;

  /**
   * Creates the exception.
   *
   * @param target the JVM read
   * @param includes the include patterns none of its loaded classes matches
   */
  public NoTracedClassLoadedException(final Endpoint target, final List<String> includes) {
    super("no class matching " + String.join(" ", includes) + " is loaded in " + target);
    this.target = target;
    this.includes = List.copyOf(includes);
  }

  /** The JVM read. */
  public Endpoint target() {
    return target;
  }

  /** The include patterns. */
  public List<String> includes() {
    return includes;
  }
}
