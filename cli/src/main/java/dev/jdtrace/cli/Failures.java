package dev.jdtrace.cli;

import dev.jdtrace.tracer.io.OutputFailure;
import dev.jdtrace.tracer.Interruption;
import dev.jdtrace.driver.TargetException;
import dev.jdtrace.reconstruct.ReconstructionException;
import java.io.IOException;
import java.io.UncheckedIOException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns failures into one line on stderr and an exit code: 2 bad input, 3 divergence or ambiguity,
 * 4 target could not be started or traced, or an output could not be written (a full disk, a closed pipe),
 * 1 anything unexpected (with its stack trace under
 * {@code JDTRACE_DEBUG=1}).
 */
final class Failures implements IExecutionExceptionHandler {
  static final int BAD_INPUT = 2;
  static final int DIVERGED = 3;
  static final int TARGET = 4;

  @Override
  public int handleExecutionException(final Exception e, final CommandLine cmd, final ParseResult parsed) {
    if (Interruption.happened()) {
      // Ctrl-C or SIGTERM killed the sessions: the interruption has said so in its one line.
      return exitCode(e);
    }
    cmd.getErr().println("jdtrace: " + Wording.of(e));
    if (exitCode(e) == CommandLine.ExitCode.SOFTWARE || System.getenv("JDTRACE_DEBUG") != null
        || Verbosity.of(cmd.getCommandSpec()).verbose) {
      e.printStackTrace(cmd.getErr());
    }
    cmd.getErr().flush();
    return exitCode(e);
  }

  static int exitCode(final Throwable e) {
    if (e instanceof CommandLine.ParameterException) {
      return CommandLine.ExitCode.USAGE;
    }
    if (e instanceof ReconstructionException) {
      return DIVERGED;
    }
    if (e instanceof TargetException || e instanceof OutputFailure) {
      return TARGET;
    }
    if (e instanceof IllegalArgumentException || e instanceof UncheckedIOException || e instanceof IOException) {
      return BAD_INPUT;
    }
    return CommandLine.ExitCode.SOFTWARE;
  }
}
