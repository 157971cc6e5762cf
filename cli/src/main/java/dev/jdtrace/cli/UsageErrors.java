package dev.jdtrace.cli;

import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;

/**
 * Command-line errors. The java command's own options ({@code -cp}, {@code -jar}) given without {@code --}
 * before the java command are jdtrace's unknown options: one line says to put {@code --} there, instead of the error
 * and the fifty lines of the command's help. Any other error is picocli's: the error, then the usage.
 */
final class UsageErrors implements IParameterExceptionHandler {
  private final IParameterExceptionHandler usual;

  UsageErrors(final IParameterExceptionHandler usual) {
    this.usual = usual;
  }

  @Override
  public int handleParseException(final ParameterException e, final String[] args) throws Exception {
    final CommandLine cmd = e.getCommandLine();
    if (e instanceof CommandLine.UnmatchedArgumentException u && takesJavaCommand(cmd)
        && !Arrays.asList(args).contains("--") && afterJava(args, u.getUnmatched())) {
      cmd.getErr().println("jdtrace: " + e.getMessage() + ": put -- before the java command: jdtrace "
          + cmd.getCommandName() + " [options] -- java -cp CP MAIN [args...]");
      cmd.getErr().flush();
      return Failures.JDTRACE;
    }
    return usual.handleParseException(e, args);
  }

  /** Whether the first unmatched argument follows a java launcher ({@code java}, {@code /usr/bin/java}). */
  private static boolean afterJava(final String[] args, final List<String> unmatched) {
    final int at = unmatched.isEmpty() ? -1 : Arrays.asList(args).indexOf(unmatched.get(0));
    for (int i = 0; i < at; i++) {
      final String name = args[i].substring(args[i].lastIndexOf('/') + 1);
      if (name.equals("java") || name.equals("java.exe")) {
        return true;
      }
    }
    return false;
  }

  private static boolean takesJavaCommand(final CommandLine cmd) {
    return cmd.getCommandSpec().positionalParameters().stream().map(PositionalParamSpec::paramLabel)
        .anyMatch("JAVA_COMMAND"::equals);
  }
}
