package dev.jdtrace.cli;

import dev.jdtrace.distribute.PlanFile;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.tracer.TracePlan;
import dev.jdtrace.tracer.Tracer;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jdtrace merge}: decode the parts of a plan into its trace. */
@Command(name = "merge", mixinStandardHelpOptions = true,
    header = "Merge the parts of every session of a plan into the exact trace.",
    description = "The plan's java command must find the same class files here. Every session's part must be "
        + "given once: a part from another plan, a session given twice or missing (exit 125), parts of runs "
        + "that differ in exit status, input, output or untraced class files, and streams that cannot be "
        + "explained together (exit 126) each end with an error and no trace.",
    footer = {"", Failures.EXIT_CODES, "", "Example:", "  jdtrace merge plan.json part-* -o app.trace"})
final class MergeCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "PLAN", description = "The plan from jdtrace plan.")
  Path plan;

  @Parameters(index = "1..*", arity = "1..*", paramLabel = "PART", description = "One part per session.")
  List<Path> parts;

  @Option(names = "--deterministic",
      description = "Say that the program takes the same path in every run, threads included, so that parts "
          + "whose runs had several threads run traced code may still be merged. Without it they are refused: "
          + "plan one session instead.")
  boolean deterministic;

  @Option(names = {"-o", "--output"}, paramLabel = "TRACE", defaultValue = "jdtrace.trace",
      description = "Trace file to write (default: ${DEFAULT-VALUE}). " + Outputs.HELP)
  Path output;

  @Override
  public Integer call() throws IOException {
    final PrintWriter err = Info.notices(spec);
    final OutputTarget target = OutputTarget.check(output, "TRACE");
    final PlanFile file = PlanFiles.read(plan);
    final TracePlan rebuilt = TracePlan.of(file, file.javaCommand());
    final List<SessionStreams> streams = Tracer.parts(rebuilt, parts, deterministic);
    final long entries = Tracer.merge(rebuilt, streams, target);
    err.println("jdtrace: merged " + streams.size() + " part(s), " + entries + " block entries -> " + output);
    err.flush();
    return 0;
  }
}
