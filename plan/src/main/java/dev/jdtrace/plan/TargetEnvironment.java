package dev.jdtrace.plan;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The environment variables that the java launcher or every JVM reads, as the traced program gets them.
 * jdtrace's launchers keep the user's values away from jdtrace's own JVM (a JDWP agent there would take the
 * port meant for the program, and every option would apply to jdtrace): they move each to
 * {@code JDTRACE_TARGET_<name>}, and jdtrace hands it back to every program it starts.
 */
public final class TargetEnvironment {
  /** The variables kept from jdtrace's JVM: read by every JVM, by the java launcher, by HotSpot. */
  public static final List<String> VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

  /** The prefix under which the launchers keep a variable. */
  static final String KEPT = "JDTRACE_TARGET_";

  private TargetEnvironment() {
  }

  /** The value a variable has in the traced program: the one kept by the launcher, else jdtrace's own. */
  public static Optional<String> get(final Map<String, String> env, final String name) {
    final String kept = env.get(KEPT + name);
    return Optional.ofNullable(kept != null ? kept : env.get(name));
  }

  /**
   * Keeps the variables from the environment of a jdtrace JVM about to start, as the launchers do: each
   * moves to {@code JDTRACE_TARGET_<name>}.
   */
  public static void keep(final Map<String, String> env) {
    for (final String name : VARIABLES) {
      final String value = env.remove(name);
      if (value != null) {
        env.put(KEPT + name, value);
      }
    }
  }

  /** Gives a program's environment (a copy of jdtrace's) the values the launcher kept from jdtrace's JVM. */
  public static void restore(final Map<String, String> env) {
    for (final String name : VARIABLES) {
      final String kept = env.remove(KEPT + name);
      if (kept != null) {
        env.put(name, kept);
      }
    }
  }
}
