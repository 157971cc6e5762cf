package dev.jdtrace.collect;

import java.util.List;

/**
 * A running JVM has loaded no class that the include patterns trace: when it is read, so there is nothing to
 * read over JDI, or by the end of a session, so the session traced nothing.
 */
public final class NoTracedClassLoadedException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final transient Endpoint target;
  private final List<String> includes;
  private final int session;

  /**
   * Creates the exception for a JVM read before any session.
   *
   * @param target the JVM read
   * @param includes the include patterns none of its loaded classes matches
   */
  public NoTracedClassLoadedException(final Endpoint target, final List<String> includes) {
    this(target, includes, -1);
  }

  /**
   * Creates the exception.
   *
   * @param target the JVM read
   * @param includes the include patterns none of its loaded classes matches
   * @param session the session by whose end no such class was loaded, or -1 when the JVM was read before any
   */
  public NoTracedClassLoadedException(final Endpoint target, final List<String> includes, final int session) {
    super("no class matching " + String.join(" ", includes) + (session < 0 ? " is loaded in " + target
        : " was loaded in " + target + " by the end of session " + session));
    this.target = target;
    this.includes = List.copyOf(includes);
    this.session = session;
  }

  /** The JVM read. */
  public Endpoint target() {
    return target;
  }

  /** The include patterns. */
  public List<String> includes() {
    return includes;
  }

  /** The session by whose end no traced class was loaded, or -1 when the JVM was read before any. */
  public int session() {
    return session;
  }
}
