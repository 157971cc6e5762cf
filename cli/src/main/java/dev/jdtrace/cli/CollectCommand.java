package dev.jdtrace.cli;

import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.distribute.PlanFile;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.tracer.TracePlan;
import dev.jdtrace.tracer.Tracer;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code jdtrace collect}: run one session of a plan, here. */
@Command(name = "collect", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Run one session of a plan and write its stream (a part) for merge.",
    description = "The java command may differ in paths from the plan's, but its classes must be the ones the "
        + "plan was made from: a part from other class files is refused. The part records how the run went "
        + "(exit status, digests of the input, the output and the untraced class files), so that merge never "
        + "joins parts of different runs.",
    footer = {"", Failures.EXIT_CODES + " Collect exits 0 once the part is written, whatever the program's exit "
        + "status (the part and the summary hold it).",
        "", "Example (Kubernetes Indexed Job):",
        "  jdtrace collect --plan plan.json --session $JOB_COMPLETION_INDEX -o part-$JOB_COMPLETION_INDEX "
            + "-- java -cp app.jar com.example.Main"})
final class CollectCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--plan", paramLabel = "PLAN", required = true, description = "The plan from jdtrace plan.")
  Path plan;

  @Option(names = "--session", paramLabel = "K", required = true, description = "Which session to run, from 0.")
  int session;

  @Option(names = {"-o", "--output"}, paramLabel = "PART", required = true,
      description = "Stream file to write. " + Outputs.HELP + " With -, the program's output goes to standard error.")
  Path output;

  @Option(names = "--stdin", paramLabel = "FILE", description = "Replay this file as standard input (default: none).")
  Path stdin;

  @Mixin
  JavaCommandArgs java;

  @Override
  public Integer call() throws IOException {
    final PrintWriter err = Info.notices(spec);
    final OutputTarget target = OutputTarget.check(output, "PART");
    final PlanFile file = PlanFiles.read(plan);
    if (session < 0 || session >= file.sessions().size()) {
      throw new IllegalArgumentException("--session " + session + " is not in the plan: it has sessions 0 to "
          + (file.sessions().size() - 1));
    }
    final TracePlan rebuilt = TracePlan.of(file, java.javaCommand);
    final StandardInput input = stdin == null ? StandardInput.none() : StandardInput.of(Files.readAllBytes(stdin));
    final SessionResult r = Tracer.collect(rebuilt, session, input, target,
        target.isStandardOutput() ? System.err : System.out, System.err, Info.to(spec));
    r.refusedClasses().forEach(m -> err.println("jdtrace: " + m));
    if (!r.unplannedClasses().isEmpty()) {
      throw new ReconstructionException("the run loaded " + r.unplannedClasses().size() + " traced class(es) that "
          + "plan " + rebuilt.plan().id() + " left out (" + r.unplannedClasses().get(0) + "), so their blocks ran unseen: "
          + "plan again with the same input, or with --all-classes");
    }
    err.printf("jdtrace: session %d of plan %s: %d breakpoints, %d hits, exit code %d, %.2f s -> %s%n", session,
        rebuilt.plan().id(), r.breakpoints(), r.hits(), r.exitCode(), r.wallMillis() / 1000.0, output);
    err.flush();
    return r.refusedClasses().isEmpty() ? 0 : Failures.DIVERGED;
  }
}
