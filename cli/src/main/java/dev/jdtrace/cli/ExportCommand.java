package dev.jdtrace.cli;

import dev.jdtrace.cli.export.BlocksExport;
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
    description = "blocks: one line per block entry, thread<TAB>class<TAB>method<TAB>startBci<TAB>endBci, "
        + "each thread's lines contiguous and in execution order (the stable form for CI diffs).")
final class ExportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "TRACE", description = "The trace file written by jdtrace run.")
  Path trace;

  @Option(names = "--format", paramLabel = "F", defaultValue = "blocks",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write here instead of standard output.")
  Path output;

  enum Format { blocks }

  @Override
  public Integer call() throws IOException {
    try (InputStream in = Files.newInputStream(trace);
        OutputStream sink = output == null ? nonClosing(System.out) : Files.newOutputStream(output);
        PrintWriter out = new PrintWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8))) {
      TraceReader.accept(in, new BlocksExport(out));
    } catch (final NoSuchFileException e) {
      throw new IllegalArgumentException("no such trace file: " + trace);
    } catch (final IOException e) {
      throw new IllegalArgumentException(trace + ": " + e.getMessage());
    }
    return 0;
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
