package dev.jdtrace.plan;

/**
 * A name pattern where {@code *} matches any run of characters and everything else matches itself, so an
 * exact name matches only itself and {@code org.jsoup.*} every name under {@code org.jsoup}. Class patterns
 * ({@link ClassFilter}) are the special case with at most one {@code *}, at the end; thread and method
 * patterns may put it anywhere.
 *
 * @param text the pattern as given
 */
public record NamePattern(String text) {

  /** Whether the whole of {@code name} matches. */
  public boolean matches(final String name) {
    return matches(text, name);
  }

  /** Whether the whole of {@code name} matches {@code pattern}. */
  public static boolean matches(final String pattern, final String name) {
    final int star = pattern.indexOf('*');
    if (star < 0) {
      return pattern.equals(name);
    }
    if (star == pattern.length() - 1) {
      return name.startsWith(pattern.substring(0, star));
    }
    final String[] parts = pattern.split("\\*", -1);
    final String last = parts[parts.length - 1];
    if (!name.startsWith(parts[0]) || name.length() - last.length() < parts[0].length() || !name.endsWith(last)) {
      return false;
    }
    // The leftmost place of each middle part leaves the most room for the rest.
    int at = parts[0].length();
    final int end = name.length() - last.length();
    for (int i = 1; i < parts.length - 1; i++) {
      final int found = name.indexOf(parts[i], at);
      if (found < 0 || found + parts[i].length() > end) {
        return false;
      }
      at = found + parts[i].length();
    }
    return true;
  }

  @Override
  public String toString() {
    return text;
  }
}
