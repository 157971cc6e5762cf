package dev.jdtrace.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The jdtrace command as its own process, for what only a process shows: its real standard output. */
final class Jdtrace {
  private Jdtrace() {
  }

  /** Starts {@code jdtrace args...}; standard output is a pipe the test reads, standard error goes to a file. */
  static Process start(final Path stderr, final String... args) throws IOException {
    final List<String> command = new ArrayList<>(List.of(Cli.JAVA, "-cp", System.getProperty("java.class.path"),
        "dev.jdtrace.cli.Main"));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectError(stderr.toFile()).start();
  }
}
