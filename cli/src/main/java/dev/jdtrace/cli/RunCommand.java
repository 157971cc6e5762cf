package dev.jdtrace.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.cli.io.OutputTarget;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jdtrace.cli.pipeline.RunReport;
import dev.jdtrace.cli.pipeline.RunRequest;
import dev.jdtrace.cli.pipeline.TraceRun;
import dev.jdtrace.distributor.Strategy;
import java.io.IOException;
import java.io.InputStream;
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
        "Standard input is read once and replayed to the program; its output passes through."},
    footer = {"", "Example:", "  jdtrace run -o app.trace -- java -cp app.jar com.example.Main arg1"})
final class RunCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  PlanningOptions planning;

  @Mixin
  ParallelOption parallel;

  @Option(names = {"-o", "--output"}, paramLabel = "TRACE", defaultValue = "jdtrace.trace",
      description = "Trace file to write (default: ${DEFAULT-VALUE}). " + Outputs.HELP
          + " With -, the program's output goes to standard error.")
  Path output;

  @Option(names = "--stats", paramLabel = "FILE", description = "Also write the run's figures per session as JSON, "
      + "and print each session's predicted cost against the measured one.")
  Path stats;

  @Option(names = "--stdin", paramLabel = "FILE",
      description = "Replay this file as the program's standard input. Default: jdtrace's own standard input, "
          + "read to its end (none when it is a terminal).")
  Path stdinFile;

  @Mixin
  JavaCommandArgs java;

  @Override
  public Integer call() throws IOException {
    final PrintWriter err = Info.notices(spec);
    final OutputTarget trace = OutputTarget.check(output, "TRACE");
    final OutputTarget statsFile = stats == null ? null : OutputTarget.check(stats, "--stats FILE");
    final RunReport report = TraceRun.run(planning.request(output, stdin(), java.javaCommand,
        parallel.workers()),
        trace.isStandardOutput() ? System.err : System.out, System.err, Info.to(spec));
    err.printf("jdtrace: %d session(s), %d thread(s), %d blocks, %d breakpoints, %d hits, %d block entries, "
            + "%.2f s -> %s%n", report.sessions().size(), report.threads(), report.blocks(), report.breakpoints(),
        report.hits(), report.blockEntries(), report.wallMillis() / 1000.0, output);
    report.sessions().stream().filter(s -> s.exitCode() != 0).findFirst()
        .ifPresent(s -> err.println("jdtrace: the program exited with code " + s.exitCode()));
    if (stats != null) {
      final RunStats figures = RunStats.of(report);
      figures.print(err);
      err.flush();
      statsFile.write(out -> new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writer()
          .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, figures));
    }
    err.flush();
    return 0;
  }

  /** Standard input to replay; an interactive terminal gives none rather than blocking. */
  private byte[] stdin() throws IOException {
    if (stdinFile != null) {
      return Files.readAllBytes(stdinFile);
    }
    if (System.console() != null) {
      return new byte[0];
    }
    final InputStream in = System.in;
    return in.readAllBytes();
  }
}
