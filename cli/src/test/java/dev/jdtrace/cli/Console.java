package dev.jdtrace.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the jdtrace command in-process and captures its standard output and error. */
final class Console {
  private Console() {
  }

  /** Exit code, stdout and stderr of one invocation. */
  record Result(int exitCode, String out, String err) {
  }

  static Result execute(final String... args) {
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    final int code = Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute(args);
    return new Result(code, out.toString(), err.toString());
  }
}
