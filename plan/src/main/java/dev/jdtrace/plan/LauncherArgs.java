package dev.jdtrace.plan;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The arguments the java launcher acts on, read from a java command without changing it: the options of
 * {@code JDK_JAVA_OPTIONS} first, then the command's, with each {@code @argfile} before the main class replaced
 * by its arguments ({@link ArgFile}), {@code @@x} read as {@code @x}, and none expanded after
 * {@code --disable-@files}. The command itself still runs exactly as given.
 *
 * @param args the executable, then the options of {@code JDK_JAVA_OPTIONS}, then the command's arguments
 *     with their argfiles expanded up to the main class
 * @param fromEnvironment how many arguments after the executable come from {@code JDK_JAVA_OPTIONS}
 */
record LauncherArgs(List<String> args, int fromEnvironment) {
  LauncherArgs {
    args = List.copyOf(args);
  }

  /** The options that take the next argument as their value (the launcher's "white-space options"). */
  static final List<String> WITH_VALUE = List.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
      "--upgrade-module-path", "--add-modules", "--enable-native-access", "--limit-modules", "--add-exports",
      "--add-opens", "--add-reads", "--patch-module", "-m", "--module", "--describe-module", "-d", "--source");

  /**
   * The arguments the launcher acts on in a command.
   *
   * @param jdkJavaOptions the value of {@code JDK_JAVA_OPTIONS} the program will see, if set
   * @throws IllegalArgumentException with a one-line message when an argfile cannot be read
   */
  static LauncherArgs of(final List<String> command, final Optional<String> jdkJavaOptions) {
    final Expansion expansion = new Expansion();
    final List<String> args = new ArrayList<>(List.of(command.get(0)));
    jdkJavaOptions.ifPresent(options -> {
      for (final String option : envOptions("JDK_JAVA_OPTIONS", options)) {
        args.addAll(expansion.preprocess(option));
      }
    });
    final int fromEnvironment = args.size() - 1;
    for (final String arg : command.subList(1, command.size())) {
      args.addAll(expansion.preprocess(arg));
    }
    return new LauncherArgs(args, fromEnvironment);
  }

  /**
   * Options from an environment variable, split as the launcher splits {@code JDK_JAVA_OPTIONS} and the JVM
   * {@code JAVA_TOOL_OPTIONS}: at white space, quotes grouping (no escapes).
   */
  static List<String> envOptions(final String name, final String value) {
    final List<String> options = new ArrayList<>();
    int i = 0;
    while (i < value.length()) {
      while (i < value.length() && Character.isWhitespace(value.charAt(i))) {
        i++;
      }
      if (i == value.length()) {
        break;
      }
      final StringBuilder option = new StringBuilder();
      while (i < value.length() && !Character.isWhitespace(value.charAt(i))) {
        final char c = value.charAt(i++);
        if (c == '"' || c == '\'') {
          final int close = value.indexOf(c, i);
          if (close < 0) {
            throw new IllegalArgumentException(name + " has an unmatched quote, which java refuses too: fix the "
                + "variable");
          }
          option.append(value, i, close);
          i = close + 1;
        } else {
          option.append(c);
        }
      }
      options.add(option.toString());
    }
    return options;
  }

  /** The launcher's state while it expands: whether the main class has been seen, and expansion is on. */
  private static final class Expansion {
    private boolean mainSeen;
    private boolean stopped;
    private boolean expectingValue;

    /** The arguments one argument of the command stands for. */
    List<String> preprocess(final String arg) {
      if (mainSeen) {
        return List.of(arg);
      }
      if (stopped || !arg.startsWith("@") || arg.equals("@")) {
        check(arg);
        return List.of(arg);
      }
      if (arg.startsWith("@@")) {
        check(arg.substring(1));
        return List.of(arg.substring(1));
      }
      final List<String> args = read(Path.of(arg.substring(1)));
      args.forEach(this::check);
      return args;
    }

    /** Notes where the main class is: the first argument that is neither an option nor an option's value. */
    private void check(final String arg) {
      if (arg.startsWith("-")) {
        expectingValue = WITH_VALUE.contains(arg) && !List.of("-m", "--module").contains(arg);
        if (arg.equals("--disable-@files")) {
          stopped = true;
        } else if (arg.startsWith("--module=") || arg.equals("-m") || arg.equals("--module")) {
          // The module's main class is the next argument (or this one): nothing after it is expanded.
          mainSeen = arg.startsWith("--module=");
        }
      } else {
        mainSeen |= !expectingValue;
        expectingValue = false;
      }
    }

    private static List<String> read(final Path file) {
      try {
        return ArgFile.split(new String(Files.readAllBytes(file), nativeCharset()));
      } catch (final IOException e) {
        throw new IllegalArgumentException("cannot read the argument file @" + file + " of the java command ("
            + e.getClass().getSimpleName() + "): check its path", e);
      }
    }
  }

  /** The charset the launcher hands arguments to the JVM in. */
  private static Charset nativeCharset() {
    final String name = System.getProperty("sun.jnu.encoding");
    return name != null && Charset.isSupported(name) ? Charset.forName(name) : Charset.defaultCharset();
  }
}
