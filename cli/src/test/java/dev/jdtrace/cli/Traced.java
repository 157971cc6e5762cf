package dev.jdtrace.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Traces of the bundled test programs, recorded once per test run by the real tool, in-process. */
final class Traced {
  static final String STDIN = GroundTruthTest.STDIN;
  private static final Map<String, Path> TRACES = new HashMap<>();
  private static Path dir;

  private Traced() {
  }

  /**
   * The trace {@code run} writes with its default options of a program (a fully qualified main class) run
   * with {@link #STDIN}; the exactness tests check such traces against the ground truth.
   */
  static synchronized Path trace(final String program) {
    return TRACES.computeIfAbsent(program, p -> record(p, STDIN, p.substring(p.lastIndexOf('.') + 1)));
  }

  /** A fresh trace of a program with the given standard input. */
  static synchronized Path record(final String program, final String stdin, final String name) {
    try {
      if (dir == null) {
        dir = Files.createTempDirectory("jdtrace-traced");
        dir.toFile().deleteOnExit();
      }
      final Path input = Files.writeString(dir.resolve(name + ".stdin"), stdin);
      final Path trace = dir.resolve(name + ".trace");
      final Cli.Outcome run = Cli.execute("run", "--stdin", input.toString(), "-o", trace.toString(), "--", Cli.JAVA,
          "-cp", Cli.PROGRAMS, program);
      if (run.exitCode() != 0) {
        throw new IllegalStateException("tracing " + program + " failed: " + run.err());
      }
      trace.toFile().deleteOnExit();
      input.toFile().deleteOnExit();
      return trace;
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
