package dev.jdtrace.cli;

import dev.jdtrace.programs.Sample;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;

/** Runs the jdtrace command in-process and captures what it says. */
final class Cli {
  /** The classpath entry of the bundled test programs. */
  static final String PROGRAMS = programs();
  /** The java executable running the tests. */
  static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

  private Cli() {
  }

  /** Exit code and stderr of one invocation. */
  record Outcome(int exitCode, String err) {
  }

  static Outcome execute(final String... args) {
    final StringWriter err = new StringWriter();
    final int code = Main.commandLine().setErr(new PrintWriter(err, true)).execute(args);
    return new Outcome(code, err.toString());
  }

  private static String programs() {
    try {
      return Path.of(Sample.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (final URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
