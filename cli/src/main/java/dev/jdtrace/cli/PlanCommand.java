package dev.jdtrace.cli;

import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.distribute.PlanFile;
import dev.jdtrace.tracer.Plural;
import dev.jdtrace.tracer.SameRunPolicy;
import dev.jdtrace.tracer.TracePlan;
import dev.jdtrace.tracer.Tracer;
import dev.jdtrace.tracer.io.OutputTarget;
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

/** {@code jdtrace plan}: write a plan whose sessions can run anywhere. */
@Command(name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Plan the sessions of a trace without running them, as JSON for collect and merge.",
    description = "Each session of the plan runs with `jdtrace collect --plan PLAN --session K` on any machine "
        + "with the same class files; `jdtrace merge PLAN PARTS...` then writes the trace.",
    footer = {"", "Example:", "  jdtrace plan --sessions 4 -o plan.json -- java -cp app.jar com.example.Main"})
final class PlanCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  PlanningOptions planning;

  @Option(names = {"-o", "--output"}, paramLabel = "PLAN", defaultValue = "plan.json",
      description = "Plan file to write (default: ${DEFAULT-VALUE}). " + Outputs.HELP)
  Path output;

  @Option(names = "--stdin", paramLabel = "FILE", description = "Standard input of the program's first run (which "
      + "finds the classes it loads): give collect the same (default: none).")
  Path stdin;

  @Mixin
  ParallelOption parallel;

  @Mixin
  AllClassesOption classes;

  @Option(names = "--deterministic",
      description = "Say that the program takes the same path in every run, threads included: a program whose "
          + "first run saw several threads run traced code is then split over sessions too (give merge the same). "
          + "Without it, such a program is planned in one session.")
  boolean deterministic;

  @Mixin
  JavaCommandArgs java;

  @Override
  public Integer call() throws IOException {
    final PrintWriter err = Info.notices(spec);
    final OutputTarget target = OutputTarget.check(output, "PLAN");
    final TracePlan planned = Tracer.plan(planning.request(null,
        stdin == null ? StandardInput.none() : StandardInput.of(Files.readAllBytes(stdin)), java.javaCommand,
        parallel.workers()).withAllClasses(classes.allClasses)
        .withSameRun(new SameRunPolicy(deterministic, true)), Info.to(spec));
    final PlanFile file = planned.file();
    target.write(file::write);
    for (final PlanFile.SessionEntry s : file.sessions()) {
      err.printf("jdtrace: session %d: %s, %.0f hits expected, %.0f hits × breakpoints, %.2f s predicted%n",
          s.index(), Plural.of(s.witnesses().size(), "witness"), s.expectedHits(), s.expectedHits() * s.witnesses().size(),
          s.predictedMillis() / 1000);
    }
    err.println("jdtrace: wrote " + output + " with " + Plural.of(planned.plan().sessions().size(), "session"));
    err.flush();
    return 0;
  }
}
