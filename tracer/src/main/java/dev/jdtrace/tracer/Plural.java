package dev.jdtrace.tracer;

/** A count and its noun as a user reads it: "1 hit", "2 hits", "1 traced class", "3 traced classes". */
public final class Plural {
  private Plural() {
  }

  /** The count with the noun, plural by an {@code s} (or {@code es} after s, x, z, ch, sh). */
  public static String of(final long n, final String noun) {
    if (n == 1) {
      return "1 " + noun;
    }
    final boolean es = noun.endsWith("s") || noun.endsWith("x") || noun.endsWith("z") || noun.endsWith("ch")
        || noun.endsWith("sh");
    final boolean ies = noun.endsWith("y") && !noun.matches(".*[aeiou]y");
    return n + " " + (ies ? noun.substring(0, noun.length() - 1) + "ies" : noun + (es ? "es" : "s"));
  }
}
