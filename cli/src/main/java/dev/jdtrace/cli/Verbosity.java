package dev.jdtrace.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code -q/--quiet} and {@code -v/--verbose}, options of the root command that every subcommand inherits,
 * so they go before or after the subcommand's name. Quiet: only errors and the commands' results (a trace,
 * an export, a report) — no summaries, notices or progress; {@code diff} then reports by its exit code
 * alone. Verbose: each notice carries the seconds since start, a failure its stack trace.
 */
final class Verbosity {
  @Option(names = {"-q", "--quiet"}, scope = ScopeType.INHERIT,
      description = "Print only errors and results: no summaries, notices or progress.")
  boolean quiet;

  @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
      description = "Time every notice (seconds since start) and print a failure's stack trace.")
  boolean verbose;

  /** The options as given to the command line that {@code spec} belongs to (they live on the root command). */
  static Verbosity of(final CommandSpec spec) {
    return spec.root().userObject() instanceof Main main ? main.verbosity : new Verbosity();
  }
}
