package dev.jdtrace.plan;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Refuses a program that would load a JDWP agent of its own: jdtrace inserts one, and a JVM loads one only
 * ("Cannot load this JVM TI agent twice"), or the two fight over a port. Checked before anything runs.
 */
final class JdwpAgents {
  private JdwpAgents() {
  }

  /**
   * Throws when the JVM options or a variable the JVM reads load a JDWP agent.
   *
   * @param options the command's JVM options (those of {@code JDK_JAVA_OPTIONS} first, then its own)
   * @param fromEnvironment how many of the options come from {@code JDK_JAVA_OPTIONS}
   * @throws IllegalArgumentException with a one-line message naming the agent and where it is
   */
  static void refuse(final List<String> options, final int fromEnvironment, final Map<String, String> env) {
    for (int i = 0; i < options.size(); i++) {
      if (isJdwp(options.get(i))) {
        throw refusal(options.get(i), i < fromEnvironment ? "JDK_JAVA_OPTIONS" : "the java command");
      }
    }
    for (final String name : List.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS")) {
      final Optional<String> value = TargetEnvironment.get(env, name);
      if (value.isPresent()) {
        for (final String option : LauncherArgs.envOptions(name, value.get())) {
          if (isJdwp(option)) {
            throw refusal(option, name);
          }
        }
      }
    }
  }

  /** Whether a JVM option loads the JDWP agent. */
  static boolean isJdwp(final String option) {
    return option.equals("-agentlib:jdwp") || option.startsWith("-agentlib:jdwp=") || option.startsWith("-Xrunjdwp")
        || option.startsWith("-agentpath:") && agentFile(option).contains("jdwp");
  }

  /** The library file name of {@code -agentpath:/path/libjdwp.so=options}. */
  private static String agentFile(final String option) {
    final String path = option.substring("-agentpath:".length());
    final int eq = path.indexOf('=');
    final String file = eq < 0 ? path : path.substring(0, eq);
    return file.substring(file.lastIndexOf('/') + 1);
  }

  private static IllegalArgumentException refusal(final String option, final String where) {
    return new IllegalArgumentException(where + " already loads a JDWP agent (" + option + "): jdtrace adds its "
        + "own and a JVM takes only one; remove it " + (where.startsWith("the ") ? "from the command" : "from " + where)
        + " to trace the program");
  }
}
