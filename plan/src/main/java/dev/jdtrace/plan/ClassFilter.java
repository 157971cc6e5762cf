package dev.jdtrace.plan;

import java.util.List;

/**
 * Include and exclude patterns in JDI class-filter style (DESIGN §4): an exact binary class name, or a
 * prefix ending in {@code *} that covers every class under it, nested ones included. The patterns also go
 * to JDI's class filters, which read a {@code *} elsewhere differently, so no other pattern is accepted.
 *
 * @param includes patterns a traced class must match (at least one)
 * @param excludes patterns a traced class must not match
 * @throws InvalidClassPatternException when a pattern has a {@code *} other than at its end
 */
public record ClassFilter(List<String> includes, List<String> excludes) {

  public ClassFilter {
    includes = List.copyOf(includes);
    excludes = List.copyOf(excludes);
    includes.forEach(ClassFilter::pattern);
    excludes.forEach(ClassFilter::pattern);
  }

  /** Whether a binary class name (dots) is traced. */
  public boolean matches(final String className) {
    return includes.stream().anyMatch(p -> matches(p, className))
        && excludes.stream().noneMatch(p -> matches(p, className));
  }

  /** Whether one pattern matches a binary class name. */
  public static boolean matches(final String pattern, final String className) {
    return NamePattern.matches(pattern, className);
  }

  /**
   * A class pattern: an exact binary class name, or a prefix ending in {@code *}.
   *
   * @throws InvalidClassPatternException when {@code text} has a {@code *} other than at its end
   */
  public static NamePattern pattern(final String text) {
    final int star = text.indexOf('*');
    if (star >= 0 && star != text.length() - 1) {
      throw new InvalidClassPatternException(text);
    }
    return new NamePattern(text);
  }

  /** Whether a class belongs to the JDK, which is never traced by default. */
  public static boolean isJdkClass(final String className) {
    return className.startsWith("java.") || className.startsWith("javax.") || className.startsWith("jdk.")
        || className.startsWith("sun.") || className.startsWith("com.sun.");
  }
}
