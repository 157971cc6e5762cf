package dev.jdtrace.cli;

import dev.jdtrace.tracer.io.Output;
import dev.jdtrace.tracer.io.OutputFailure;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code jdtrace} command: its subcommands follow the pipeline. */
@Command(name = "jdtrace", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = {"Records the exact basic-block path of an unmodified JVM program through the debugger "
        + "interface alone: no instrumentation, no agent.", ""},
    footer = {"", Failures.EXIT_CODES + " run passes every other status on from the program."})
public final class Main implements Callable<Integer> {
  /** The subcommands, in the order of the pipeline, as the usage lists them. */
  private static final List<Class<?>> COMMANDS = List.of(RunCommand.class, AttachCommand.class, PlanCommand.class,
      CollectCommand.class, MergeCommand.class, ExportCommand.class, ShowCommand.class, DiffCommand.class,
      ReportCommand.class, CalibrateCommand.class, HelpCommand.class);

  @Spec
  CommandSpec spec;

  @Mixin
  Verbosity verbosity = new Verbosity();

  /**
   * Without a command there is nothing to do: the usage goes to stderr and the exit code is jdtrace's own
   * failure (125), as for a missing required argument, so that a script calling a bare jdtrace fails.
   */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return Failures.JDTRACE;
  }

  /**
   * The command line with jdtrace's error handling: one line per failure, never a stack trace, and
   * jdtrace's own exit codes ({@link Failures}), a usage error included. Arguments starting with {@code @}
   * are taken as they are: picocli would read them as files of arguments everywhere, the java command after
   * {@code --} included, and so run another command than the one given.
   */
  public static CommandLine commandLine() {
    return commandLine(COMMANDS);
  }

  /**
   * The command line for these arguments: when the first names a command other than {@code help}, with that command
   * alone. picocli builds the model of every command it holds, and {@code run}'s alone took about 150 ms of
   * jdtrace's start-up; the others are only wanted to list them, or by {@code help}.
   */
  static CommandLine commandLine(final String[] args) {
    if (args.length > 0 && !args[0].equals("help")) {
      for (final Class<?> command : COMMANDS) {
        if (command.getAnnotation(Command.class).name().equals(args[0])) {
          return commandLine(List.of(command));
        }
      }
    }
    return commandLine();
  }

  private static CommandLine commandLine(final List<Class<?>> commands) {
    final CommandLine cmd = new CommandLine(new Main());
    commands.forEach(cmd::addSubcommand);
    // Set once the commands are in: picocli passes a setting to the commands it holds when it is set.
    cmd.setExpandAtFiles(false).setExecutionExceptionHandler(new Failures())
        .setExitCodeExceptionMapper(Failures::exitCode);
    return cmd.setParameterExceptionHandler(new UsageErrors(cmd.getParameterExceptionHandler()));
  }

  /**
   * Runs a command. What commands print goes to standard output through {@link Output}, so a closed pipe
   * ({@code jdtrace show t.trace | head -1}) ends the command at once with exit 125 instead of being ignored.
   */
  public static void main(final String[] args) {
    final Output stdout = OutputTarget.check(Path.of("-"), "standard output").open();
    final PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8));
    final CommandLine cmd = commandLine(args).setOut(out);
    int code;
    try {
      // Help and usage are printed outside the commands' failure handler: a closed pipe surfaces here.
      code = cmd.execute(args);
      out.flush();
    } catch (final OutputFailure e) {
      cmd.getErr().println("jdtrace: " + e.getMessage());
      cmd.getErr().flush();
      code = Failures.JDTRACE;
    }
    System.exit(code);
  }
}
