package dev.jdtrace.cli;

import dev.jdtrace.analysis.BlocksExport;
import dev.jdtrace.tracer.io.OutputTarget;
import dev.jdtrace.analysis.CallsExport;
import dev.jdtrace.analysis.ChromeExport;
import dev.jdtrace.analysis.CoverageExport;
import dev.jdtrace.analysis.FoldedExport;
import dev.jdtrace.analysis.JsonExport;
import dev.jdtrace.analysis.SpeedscopeExport;
import dev.jdtrace.analysis.TraceFiles;
import dev.jdtrace.reconstruct.trace.TraceVisitor;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jdtrace export}: a trace in another format. */
@Command(name = "export", mixinStandardHelpOptions = true, header = "Write a trace in a text format.",
    description = {"Formats (a block entry is one entry of a thread into a basic block):",
        "  blocks      TSV per block entry: thread class method startBci endBci (exact;",
        "              the stable form for CI diffs)",
        "  calls       TSV per call/return: thread ordinal call|return depth class method",
        "  json        the whole trace for scripts: dictionary, each thread's block ids",
        "  speedscope  speedscope evented profile, one per thread, block ordinals as time",
        "  chrome      Chrome trace-event JSON (chrome://tracing, Perfetto), B/E events",
        "  folded      flame-graph input: 'a;b;c count', count = block entries with stack",
        "  coverage    CSV: kind(method|block|line),class,method,file,line,startBci,",
        "              endBci,hits",
        "All are exact: calls follow from how the trace's blocks end (a version 2 trace, from an",
        "older jdtrace, has no block ends: its calls are guessed; record it again)."},
    footer = {"", "Example:", "  jdtrace export app.trace --format speedscope -o app.speedscope.json"})
final class ExportCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "TRACE", description = "The trace file written by jdtrace run.")
  Path trace;

  @Option(names = "--format", paramLabel = "F", defaultValue = "blocks",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "Write here instead of standard output. " + Outputs.HELP)
  Path output;

  enum Format { blocks, calls, json, speedscope, chrome, folded, coverage }

  @Override
  public Integer call() throws IOException {
    OutputTarget.check(output == null ? Path.of("-") : output, "FILE").write(sink -> {
      final PrintWriter out = new PrintWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8));
      if (EnumSet.of(Format.calls, Format.speedscope, Format.chrome, Format.folded).contains(format)) {
        TraceFiles.readCalls(trace, visitor(out), Info.to(spec)::accept);
      } else {
        TraceFiles.read(trace, visitor(out));
      }
      out.flush();
    });
    return 0;
  }

  private TraceVisitor visitor(final PrintWriter out) {
    return switch (format) {
      case blocks -> new BlocksExport(out);
      case calls -> CallsExport.to(out);
      case json -> new JsonExport(out);
      case speedscope -> SpeedscopeExport.to(out, trace.getFileName().toString());
      case chrome -> ChromeExport.to(out);
      case folded -> FoldedExport.to(out);
      case coverage -> new CoverageExport(out);
    };
  }
}
