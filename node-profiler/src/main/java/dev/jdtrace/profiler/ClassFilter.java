package dev.jdtrace.profiler;

import java.util.List;

/**
 * Include and exclude patterns in JDI class-filter style (DESIGN §4): an exact binary class name, or a
 * prefix ending in {@code *} that covers every class under it, nested ones included.
 *
 * @param includes patterns a traced class must match (at least one)
 * @param excludes patterns a traced class must not match
 */
public record ClassFilter(List<String> includes, List<String> excludes) {

  public ClassFilter {
    includes = List.copyOf(includes);
    excludes = List.copyOf(excludes);
  }

  /** Whether a binary class name (dots) is traced. */
  public boolean matches(final String className) {
    return includes.stream().anyMatch(p -> matches(p, className))
        && excludes.stream().noneMatch(p -> matches(p, className));
  }

  /** Whether one pattern matches a binary class name. */
  public static boolean matches(final String pattern, final String className) {
    if (pattern.endsWith("*")) {
      return className.startsWith(pattern.substring(0, pattern.length() - 1));
    }
    return className.equals(pattern);
  }

  /** Whether a class belongs to the JDK, which is never traced by default. */
  public static boolean isJdkClass(final String className) {
    return className.startsWith("java.") || className.startsWith("javax.") || className.startsWith("jdk.")
        || className.startsWith("sun.") || className.startsWith("com.sun.");
  }
}
