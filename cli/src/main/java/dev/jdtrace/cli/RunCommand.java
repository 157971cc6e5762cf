package dev.jdtrace.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.tracer.Plural;
import dev.jdtrace.tracer.RunReport;
import dev.jdtrace.tracer.RunRequest;
import dev.jdtrace.tracer.Tracer;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code jdtrace run}: trace a program launched here. */
@Command(name = "run", sortOptions = false, mixinStandardHelpOptions = true,
    header = "Trace a program: plan witnesses, run it under the debugger, write the exact block path.",
    description = {"The java command after -- runs exactly as given, with a JDWP agent on 127.0.0.1 added.",
        "Standard input passes to the program as it arrives and is replayed to every further session; the "
            + "first session's output passes through."},
    footer = {"", Failures.EXIT_CODES + " Any other exit code is the program's own exit status (see "
        + "--exit-status); a program that exits 125 to 127 itself is told apart by --no-exit-status or --stats.",
        "", "Example:", "  jdtrace run -o app.trace -- java -cp app.jar com.example.Main arg1"})
final class RunCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  PlanningOptions planning;

  @Mixin
  ParallelOption parallel;

  @Mixin
  AllClassesOption classes;

  @Mixin
  SameRunOptions sameRun;

  @Option(names = {"-o", "--output"}, paramLabel = "TRACE", defaultValue = "jdtrace.trace",
      description = "Trace file to write (default: ${DEFAULT-VALUE}). " + Outputs.HELP
          + " With -, the program's output goes to standard error.")
  Path output;

  @Option(names = "--stats", paramLabel = "FILE", description = "Also write the run's figures per session as JSON, "
      + "the program's exit status (exitStatus) among them, and print each session's predicted cost against the "
      + "measured one. Written only once the trace is; a FILE left by an earlier run is removed first.")
  Path stats;

  @Option(names = "--stdin", paramLabel = "FILE",
      description = "Replay this file as the program's standard input. Default: jdtrace's own standard input, "
          + "passed on as it arrives (a terminal: as you type it) and kept for the other sessions.")
  Path stdinFile;

  @Option(names = "--exit-status", negatable = true, defaultValue = "true", fallbackValue = "true",
      description = "Once the trace is written, exit with the program's exit status, as strace and time do "
          + "(default), so scripts and CI see the program fail. --no-exit-status exits 0 instead. Either way, "
          + "a run that cannot be traced exits with jdtrace's own codes (125, 126, 127), and the summary names "
          + "the program's status.")
  boolean exitStatus;

  @Option(names = "--within", paramLabel = "CLASS.METHOD", description = "Record only the calls of the traced "
      + "methods matching CLASS.METHOD, in every thread, each from the method's entry to its return or to an exception "
      + "leaving it, with everything it calls; calls of matching methods inside such a call belong to it. CLASS is an "
      + "include pattern (a binary name, or a prefix ending in *), METHOD a method name where * matches any "
      + "characters (<init> for constructors): com.acme.FooTest.bar*, com.acme.*.handle. Outside these calls the "
      + "witnesses are disabled and cost nothing. A pattern that matches no traced method is an error (125).")
  String within;

  @Mixin
  JavaCommandArgs java;

  @Override
  public Integer call() throws IOException {
    final PrintWriter err = Info.notices(spec);
    final OutputTarget trace = OutputTarget.check(output, "TRACE");
    final OutputTarget statsFile = stats == null ? null : OutputTarget.check(stats, "--stats FILE");
    if (statsFile != null) {
      // A stats file exists only for the run that wrote it: a script reads exitStatus only when jdtrace traced.
      statsFile.removeEarlier();
    }
    final RunReport report = Tracer.run(planning.request(output, stdin(), java.javaCommand,
        parallel.workers()).withAllClasses(classes.allClasses).withSameRun(sameRun.policy()).withWithin(within),
        trace.isStandardOutput() ? System.err : System.out, System.err, Info.to(spec));
    err.printf("jdtrace: %s, %s, %s, %s, %s, %s, exit status %d, %.2f s -> %s%n",
        Plural.of(report.sessions().size(), "session"), Plural.of(report.threads(), "thread"),
        Plural.of(report.blocks(), "block"), Plural.of(report.breakpoints(), "breakpoint"),
        Plural.of(report.hits(), "hit"), Plural.of(report.blockEntries(), "block entry"), report.exitStatus(),
        report.wallMillis() / 1000.0, output);
    if (within != null && report.threads() == 0) {
      err.printf("jdtrace: no call of %s ran, so the trace is empty%n", within);
    }
    final RunReport.Evidence evidence = report.evidence();
    if (evidence.retraced()) {
      err.printf("jdtrace: traced again in one session, exact: the sessions' runs differed (%s)%n",
          evidence.oneSession());
    }
    if (evidence.otherOutputThan() != null) {
      err.printf("jdtrace: the traced run printed other output than %s shown above; the trace follows the traced "
          + "run%n", evidence.otherOutputThan());
    }
    final var phases = report.phases();
    err.printf("jdtrace: time: %s, planning %.2f s%s, sessions %.2f s, decoding %.2f s%n",
        phases.firstPassSkipped() ? "first run skipped" : String.format("first run %.2f s",
            phases.firstPassMillis() / 1000.0), phases.planningMillis() / 1000.0,
        phases.plans() > 1 ? " (" + phases.plans() + " plans)" : "", phases.sessionsMillis() / 1000.0,
        phases.decodingMillis() / 1000.0);
    if (stats != null) {
      final RunStats figures = RunStats.of(report);
      figures.print(err);
      err.flush();
      statsFile.write(out -> new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writer()
          .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, figures));
    }
    err.flush();
    return exitStatus ? report.exitStatus() : 0;
  }

  /**
   * Standard input to replay: the file, or jdtrace's own input recorded as it arrives (the first
   * run gets it at once, the sessions replay it). A terminal is read the same way, line by line as typed:
   * nothing waits for keystrokes until the program reads.
   */
  private StandardInput stdin() throws IOException {
    if (stdinFile != null) {
      return StandardInput.of(Files.readAllBytes(stdinFile));
    }
    if (System.console() != null) {
      return StandardInput.terminal(System.in);
    }
    return StandardInput.recording(System.in);
  }
}
