package dev.jdtrace.cli;

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
    subcommands = {RunCommand.class, AttachCommand.class, PlanCommand.class, CollectCommand.class,
        MergeCommand.class, ExportCommand.class, ShowCommand.class, DiffCommand.class, ReportCommand.class,
        CalibrateCommand.class, HelpCommand.class})
public final class Main implements Runnable {
  @Spec
  CommandSpec spec;

  @Mixin
  Verbosity verbosity = new Verbosity();

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }

  /** The command line with jdtrace's error handling: one line per failure, never a stack trace. */
  public static CommandLine commandLine() {
    return new CommandLine(new Main())
        .setExecutionExceptionHandler(new Failures())
        .setExitCodeExceptionMapper(Failures::exitCode);
  }

  public static void main(final String[] args) {
    System.exit(commandLine().execute(args));
  }
}
