package dev.jdtrace.analysis;

import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * A name pattern where {@code *} matches any run of characters and everything else matches itself, so
 * an exact name matches only itself and {@code org.jsoup.*} every name under {@code org.jsoup}
 * (DESIGN §4's class-pattern syntax is a special case). Immutable.
 */
public final class Glob {
  private final String text;
  private final Pattern pattern;

  public Glob(final String text) {
    this.text = text;
    final StringJoiner regex = new StringJoiner(".*");
    for (final String part : text.split("\\*", -1)) {
      regex.add(Pattern.quote(part));
    }
    pattern = Pattern.compile(regex.toString(), Pattern.DOTALL);
  }

  /** Whether the whole of {@code name} matches. */
  public boolean matches(final String name) {
    return pattern.matcher(name).matches();
  }

  @Override
  public String toString() {
    return text;
  }
}
