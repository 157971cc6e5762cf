package dev.jdtrace.cli;

import dev.jdtrace.analysis.BlocksExport;
import dev.jdtrace.analysis.CallsExport;
import dev.jdtrace.analysis.ChromeExport;
import dev.jdtrace.analysis.CoberturaExport;
import dev.jdtrace.analysis.CoverageExport;
import dev.jdtrace.analysis.CoverageModel;
import dev.jdtrace.analysis.CoverageTally;
import dev.jdtrace.analysis.FoldedExport;
import dev.jdtrace.analysis.JacocoExport;
import dev.jdtrace.analysis.JsonExport;
import dev.jdtrace.analysis.LcovExport;
import dev.jdtrace.analysis.SpeedscopeExport;
import dev.jdtrace.analysis.TraceFiles;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.trace.TraceVisitor;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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
        "  jacoco      JaCoCo XML report (report.dtd): INSTRUCTION, BRANCH, LINE,",
        "              COMPLEXITY, METHOD, CLASS counters per method, class, source file,",
        "              package and report; lines with mi/ci/mb/cb",
        "  lcov        LCOV tracefile: SF (a/b/C.java), FN/FNDA, BRDA, DA, LF/LH",
        "  cobertura   Cobertura XML (coverage-04.dtd), hits per line",
        "jacoco, lcov and cobertura count as JaCoCo does (instructions, the branches",
        "of each if and switch, lines) and need --classpath: the class files the",
        "program was traced with. What JaCoCo's filters drop from whole methods",
        "(synthetic, bridge, enum values/valueOf, empty private constructors, record",
        "methods) and synchronized's monitor handlers are left out; the README lists",
        "what still differs (finally copies, string switches, ...).",
        "All are exact: calls follow from how the trace's blocks end (a version 2",
        "trace, from an older jdtrace, has no block ends: its calls are guessed;",
        "record it again)."},
    footer = {"", "Examples:", "  jdtrace export app.trace --format speedscope -o app.speedscope.json",
        "  jdtrace export app.trace --format jacoco -cp target/classes -o jacoco.xml"})
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

  @Option(names = {"--classpath", "-cp"}, paramLabel = "CP",
      description = "The class files the program was traced with (path-separated entries, dir/* expands); "
          + "jacoco, lcov and cobertura read its instructions and line tables there.")
  String classpath;

  enum Format { blocks, calls, json, speedscope, chrome, folded, coverage, jacoco, lcov, cobertura }

  private static final EnumSet<Format> COUNTED = EnumSet.of(Format.jacoco, Format.lcov, Format.cobertura);

  @Override
  public Integer call() throws IOException {
    if (COUNTED.contains(format) && classpath == null) {
      throw new IllegalArgumentException("--format " + format + " needs --classpath: the class files"
          + " the program was traced with (its instructions and line tables are not in the trace)");
    }
    OutputTarget.check(output == null ? Path.of("-") : output, "FILE").write(sink -> {
      final PrintWriter out = new PrintWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8));
      if (COUNTED.contains(format)) {
        final List<Path> entries = JavaCommand.classpathEntries(classpath);
        TraceFiles.read(trace, new CoverageTally(entries, model -> write(model, out)));
      } else if (EnumSet.of(Format.calls, Format.speedscope, Format.chrome, Format.folded).contains(format)) {
        TraceFiles.readCalls(trace, visitor(out), Info.to(spec)::accept);
      } else {
        TraceFiles.read(trace, visitor(out));
      }
      out.flush();
    });
    return 0;
  }

  private void write(final CoverageModel model, final PrintWriter out) {
    switch (format) {
      case jacoco -> JacocoExport.write(model, trace.getFileName().toString(), out);
      case lcov -> LcovExport.write(model, out);
      default -> CoberturaExport.write(model, modified(), out);
    }
  }

  private long modified() {
    try {
      return java.nio.file.Files.getLastModifiedTime(trace).toMillis();
    } catch (final IOException e) {
      throw new java.io.UncheckedIOException(trace + ": " + e.getMessage(), e);
    }
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
      case jacoco, lcov, cobertura -> throw new IllegalStateException("counted formats are written by write()");
    };
  }
}
