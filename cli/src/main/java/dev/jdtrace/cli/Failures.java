package dev.jdtrace.cli;

import dev.jdtrace.collect.ProgramNotStartedException;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.tracer.Interruption;
import dev.jdtrace.tracer.io.OutputFailure;
import java.io.IOException;
import java.io.UncheckedIOException;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * Turns failures into one line on stderr and one of jdtrace's own exit codes. They are 125 to 127, as
 * {@code timeout}, {@code env} and {@code nice} keep theirs, so that every other status {@code run} exits
 * with is the program's own:
 * <ul>
 *   <li>{@value #JDTRACE}: jdtrace failed: a usage error, bad input, a file it could not read or write, or
 *       anything unexpected (with its stack trace under {@code JDTRACE_DEBUG=1}, and always for a bug);</li>
 *   <li>{@value #DIVERGED}: the program ran but has no exact trace: its runs diverged, a class was refused,
 *       parts of different runs were given to merge, or it was killed before its end was recorded;</li>
 *   <li>{@value #NOT_STARTED}: the program never ran under the debugger: its java command could not be
 *       started, or the JVM to attach to could not be reached.</li>
 * </ul>
 * Ctrl-C and SIGTERM end jdtrace with 130 and 143, as the shell reports any command they end.
 */
final class Failures implements IExecutionExceptionHandler {
  static final int JDTRACE = 125;
  static final int DIVERGED = 126;
  static final int NOT_STARTED = 127;

  /** What {@code --help} of the commands that run a program says about the exit codes. */
  static final String EXIT_CODES = "Exit codes: jdtrace keeps 125 to 127 for itself, as timeout and env do: "
      + "125 jdtrace failed (usage, input, I/O, a bug), 126 the program ran but has no exact trace (the runs "
      + "diverged, a class was refused), 127 the program could not be started or reached; 130 and 143 when "
      + "Ctrl-C or SIGTERM stopped it.";

  @Override
  public int handleExecutionException(final Exception e, final CommandLine cmd, final ParseResult parsed) {
    if (Interruption.happened()) {
      // Ctrl-C or SIGTERM killed the sessions: the interruption has said so in its one line.
      return exitCode(e);
    }
    cmd.getErr().println("jdtrace: " + Wording.of(e));
    if (!expected(e) || System.getenv("JDTRACE_DEBUG") != null || Verbosity.of(cmd.getCommandSpec()).verbose) {
      e.printStackTrace(cmd.getErr());
    }
    cmd.getErr().flush();
    return exitCode(e);
  }

  static int exitCode(final Throwable e) {
    if (e instanceof ReconstructionException) {
      return DIVERGED;
    }
    if (e instanceof ProgramNotStartedException) {
      return NOT_STARTED;
    }
    if (e instanceof TargetException) {
      // The program ran, but it was killed, or disconnected, before its path could be recorded to its end.
      return DIVERGED;
    }
    return JDTRACE;
  }

  /** Whether the failure is one jdtrace words for the user, rather than a bug. */
  private static boolean expected(final Throwable e) {
    return e instanceof CommandLine.ParameterException || e instanceof ReconstructionException
        || e instanceof TargetException || e instanceof OutputFailure || e instanceof IllegalArgumentException
        || e instanceof UncheckedIOException || e instanceof IOException;
  }
}
