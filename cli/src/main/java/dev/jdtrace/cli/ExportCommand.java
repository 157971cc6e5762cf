package dev.jdtrace.cli;

import dev.jdtrace.cli.export.BlocksExport;
import dev.jdtrace.cli.export.CallsExport;
import dev.jdtrace.cli.export.ChromeExport;
import dev.jdtrace.cli.export.CoverageExport;
import dev.jdtrace.cli.export.FoldedExport;
import dev.jdtrace.cli.export.JsonExport;
import dev.jdtrace.cli.export.SpeedscopeExport;
import dev.jdtrace.reconstruct.trace.TraceVisitor;
import dev.jdtrace.reconstruct.trace.TraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jdtrace export}: a trace in another format. */
@Command(name = "export", mixinStandardHelpOptions = true, header = "Write a trace in a text format.",
    description = {"Formats:",
        "  blocks      one line per block entry, thread<TAB>class<TAB>method<TAB>startBci<TAB>endBci, each "
            + "thread's lines contiguous and in execution order (the stable, exact form for CI diffs).",
        "  calls       reconstructed calls and returns: thread<TAB>ordinal<TAB>call|return<TAB>depth<TAB>class"
            + "<TAB>method.",
        "  json        the whole trace for scripts: classes, methods, blocks, and each thread's block ids.",
        "  speedscope  speedscope's evented profile format, one profile per thread, block ordinals as time.",
        "  chrome      Chrome trace-event JSON (chrome://tracing, Perfetto): B/E events, block ordinals as ts.",
        "  folded      folded stacks for flame graphs: 'a;b;c count', count = block entries with that stack.",
        "  coverage    CSV of method, block and line hit counts: kind,class,method,file,line,startBci,endBci,hits.",
        "calls, speedscope, chrome and folded reconstruct calls from the block path heuristically (see "
            + "CallTracker); blocks, json and coverage are exact."},
    footer = {"", "Example:", "  jdtrace export app.trace --format speedscope -o app.speedscope.json"})
final class ExportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "TRACE", description = "The trace file written by jdtrace run.")
  Path trace;

  @Option(names = "--format", paramLabel = "F", defaultValue = "blocks",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write here instead of standard output.")
  Path output;

  enum Format { blocks, calls, json, speedscope, chrome, folded, coverage }

  @Override
  public Integer call() throws IOException {
    try (InputStream in = Files.newInputStream(trace);
        OutputStream sink = output == null ? nonClosing(System.out) : Files.newOutputStream(output);
        PrintWriter out = new PrintWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8))) {
      TraceReader.accept(in, visitor(out));
    } catch (final NoSuchFileException e) {
      throw new IllegalArgumentException("no such trace file: " + trace);
    } catch (final IOException e) {
      throw new IllegalArgumentException(trace + ": " + e.getMessage());
    }
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

  private static OutputStream nonClosing(final OutputStream out) {
    return new java.io.FilterOutputStream(out) {
      @Override
      public void close() throws IOException {
        flush();
      }
    };
  }
}
