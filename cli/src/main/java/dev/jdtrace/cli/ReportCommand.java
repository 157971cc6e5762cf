package dev.jdtrace.cli;

import dev.jdtrace.analysis.HtmlReport;
import dev.jdtrace.tracer.io.OutputTarget;
import dev.jdtrace.analysis.ReportSources;
import dev.jdtrace.analysis.TraceFiles;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jdtrace report}: a trace as one self-contained HTML page. */
@Command(name = "report", sortOptions = false, mixinStandardHelpOptions = true,
    header = "Write a trace as one self-contained HTML page (no network needed).",
    description = {"Per thread, a collapsible call tree with loops folded (× N); click a call to list its "
        + "blocks (ids, bytecode offsets, line ranges, source lines with --sources); a sortable table of hit "
        + "counts per method. Style and script are inline: no CDN, no external fonts.",
        "Size is bounded however long the trace: each thread shows at most --max-nodes nodes (a call or a "
        + "loop counts one, a run of blocks one per 16 blocks) and the page at most 10 × --max-nodes; the rest "
        + "of a thread is cut at a marker and counted (\"… N more calls (M block entries) truncated\"). The method table and "
        + "the dictionary cover the whole trace.",
        "Calls follow exactly from how the trace's blocks end (only guessed in a version 2 trace: record it again)."},
    footer = {"", "Example:", "  jdtrace report app.trace --sources src/main/java -o app.html"})
final class ReportCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "TRACE", description = "The trace file written by jdtrace run.")
  Path trace;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true,
      description = "The HTML file to write. " + Outputs.HELP)
  Path output;

  @Option(names = "--sources", paramLabel = "DIR",
      description = "A source root (DIR/a/b/C.java for class a.b.C) whose lines the page shows; repeatable.")
  List<Path> sources = new ArrayList<>();

  @Option(names = "--max-nodes", paramLabel = "N", defaultValue = "20000",
      description = "Nodes shown per thread (default: ${DEFAULT-VALUE}); the page shows at most 10 × N.")
  int maxNodes;

  @Override
  public Integer call() throws IOException {
    final OutputTarget target = OutputTarget.check(output, "FILE");
    if (maxNodes < 1) {
      throw new IllegalArgumentException("--max-nodes must be at least 1");
    }
    final ReportSources roots = ReportSources.of(sources);
    if (!Files.isRegularFile(trace)) {
      throw new IllegalArgumentException("no such trace file: " + trace);
    }
    // A page cut short by a corrupt trace is never left behind under the requested name.
    target.write(sink -> {
      final PrintWriter out = new PrintWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8));
      TraceFiles.readCalls(trace, HtmlReport.to(out, trace.getFileName().toString(), roots, maxNodes),
          Info.to(spec)::accept);
      out.flush();
    });
    return 0;
  }
}
