package dev.jdtrace.cli;

import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.tracer.RunRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The options that decide a plan, shared by {@code run} and {@code plan}. */
final class PlanningOptions {
  @Option(names = "--include", paramLabel = "PAT",
      description = "Classes to trace: a binary name, or a prefix ending in * (repeatable). "
          + "Default: the classes of the main class's classpath entry.")
  List<String> includes = new ArrayList<>();

  @Option(names = "--exclude", paramLabel = "PAT", description = "Classes not to trace, same syntax (repeatable).")
  List<String> excludes = new ArrayList<>();

  @Option(names = "--profile", paramLabel = "KIND", defaultValue = "optimal", converter = PlanningOptions.ProfileName.class,
      description = "Witness profile: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  ProfileKind profile;

  @Option(names = "--weights", paramLabel = "TRACE",
      description = "Weigh the plan by the block counts of a previous trace of this program (the trace profile): "
          + "witnesses go where the program goes least, so the next collection is cheaper.")
  Path weights;

  @Option(names = "--sessions", paramLabel = "N",
      description = "Split the witnesses over N runs of the program; fewer breakpoints per run make every hit "
          + "cheaper, but each run costs a launch. Default: the N with the least predicted wall time on the "
          + "workers, by this machine's cost model (see calibrate), on the hits expected from how often the first run saw each method run "
          + "(or, with --weights, from the previous trace).")
  Integer sessions;

  @Option(names = "--cap", paramLabel = "K", defaultValue = "2147483647",
      description = "At most K breakpoints per session; more sessions are opened when needed.")
  int cap;

  @Option(names = "--strategy", paramLabel = "S", defaultValue = "optimized", converter = PlanningOptions.StrategyName.class,
      description = "How decision units are packed into sessions: optimized (the least predicted hits × "
          + "(c0 + c1 × breakpoints)), fine or function (even breakpoints; function keeps each method's "
          + "units together) (default: ${DEFAULT-VALUE}).")
  Strategy strategy;

  /** The run these options describe. */
  RunRequest request(final Path trace, final StandardInput stdin, final List<String> javaCommand, final int parallel) {
    if (sessions != null && sessions < 1) {
      throw new IllegalArgumentException("--sessions " + sessions + " is not a number of sessions: give 1 or more, "
          + "or leave it out to let the cost model choose");
    }
    Ranges.atLeast("--cap", cap, 1);
    return new RunRequest(includes, excludes, profile, trace, weights, stdin, javaCommand,
        sessions == null ? 0 : sessions, cap, strategy, parallel);
  }

  /** Reads the profile names users type ({@code optimal}, {@code condition-targets}, {@code all-blocks}). */
  static final class ProfileName implements ITypeConverter<ProfileKind> {
    @Override
    public ProfileKind convert(final String value) {
      return named(ProfileKind::of, value);
    }
  }

  /** Reads the strategy names users type ({@code optimized}, {@code fine}, {@code function}). */
  static final class StrategyName implements ITypeConverter<Strategy> {
    @Override
    public Strategy convert(final String value) {
      return named(Strategy::of, value);
    }
  }

  /** The constant with this label; an unknown one is picocli's error, worded by the type (it lists the labels). */
  private static <T> T named(final Function<String, T> of, final String label) {
    try {
      return of.apply(label);
    } catch (final IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
