package dev.jdtrace.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;

/** Progress and notices: one {@code jdtrace: } line each on the command's error writer, flushed at once. */
final class Info {
  private Info() {
  }

  static Consumer<String> to(final PrintWriter err) {
    return line -> {
      err.println("jdtrace: " + line);
      err.flush();
    };
  }
}
