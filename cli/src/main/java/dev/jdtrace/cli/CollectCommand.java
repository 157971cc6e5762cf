package dev.jdtrace.cli;

import dev.jdtrace.tracer.io.OutputTarget;
import dev.jdtrace.tracer.io.StagedFile;
import dev.jdtrace.tracer.Interruption;
import dev.jdtrace.tracer.TracedProgram;
import dev.jdtrace.distributor.Plan;
import dev.jdtrace.distributor.PlanFile;
import dev.jdtrace.driver.LocalSession;
import dev.jdtrace.driver.SessionResult;
import dev.jdtrace.driver.SessionSpec;
import dev.jdtrace.driver.StandardInput;
import dev.jdtrace.reconstruct.ReconstructionException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        + "plan was made from: a part from other class files is refused.",
    footer = {"", "Example (Kubernetes Indexed Job):",
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
    final TracedProgram traced = TracedProgram.load(java.javaCommand, file.includes(), file.excludes(),
        file.classSet(), file.entries(), line -> { });
    final Plan rebuilt = file.toPlan(traced.program(), traced.launch());
    final StandardInput input = stdin == null ? StandardInput.none() : StandardInput.of(Files.readAllBytes(stdin));
    final SessionResult r;
    try (StagedFile part = target.stage();
        Interruption guard = Interruption.guard(List.of(part.path()), Info.to(spec))) {
      r = LocalSession.run(new SessionSpec(traced.command(), traced.program(), traced.filter(),
          rebuilt.sessions().get(session).witnesses(), input, part.path(), rebuilt.id(), session,
          traced.unplanned()), target.isStandardOutput() ? System.err : System.out, System.err);
      // A session that refused classes, or loaded one the plan left out (its blocks ran unseen), is no part
      // of a trace: it is not written.
      if (r.refusedClasses().isEmpty() && r.unplannedClasses().isEmpty()) {
        part.commit();
      }
    }
    r.refusedClasses().forEach(m -> err.println("jdtrace: " + m));
    if (!r.unplannedClasses().isEmpty()) {
      throw new ReconstructionException("the run loaded " + r.unplannedClasses().size() + " traced class(es) that "
          + "plan " + rebuilt.id() + " left out (" + r.unplannedClasses().get(0) + "), so their blocks ran unseen: "
          + "plan again with the same input, or with --all-classes");
    }
    err.printf("jdtrace: session %d of plan %s: %d breakpoints, %d hits, exit code %d, %.2f s -> %s%n", session,
        rebuilt.id(), r.breakpoints(), r.hits(), r.exitCode(), r.wallMillis() / 1000.0, output);
    err.flush();
    return r.refusedClasses().isEmpty() ? 0 : Failures.TARGET;
  }
}
