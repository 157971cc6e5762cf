package dev.jdtrace.cli;

import dev.jdtrace.analysis.StackAt;
import dev.jdtrace.analysis.Style;
import dev.jdtrace.analysis.TraceFiles;
import dev.jdtrace.analysis.TreeView;
import dev.jdtrace.plan.NamePattern;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jdtrace show}: a trace as call trees with folded loops, or the call stack at one block. */
@Command(name = "show", sortOptions = false, mixinStandardHelpOptions = true,
    header = "Show a trace: per thread, an indented call tree with loops folded.",
    description = {"Each call is shown as Class.method (File.java:line), each run of blocks in a frame as its "
        + "line range, and repeated identical loop iterations once with a count (× N); iterations that differ "
        + "stay visible. #N is the ordinal of a line's first block entry in its thread, for --at.",
        "Calls follow exactly from how the trace's blocks end (only guessed in a version 2 trace: record it again)."},
    footer = {"", "Examples:", "  jdtrace show app.trace --method '*.parse' --depth 3",
        "  jdtrace show app.trace --thread main --at 1200"})
final class ShowCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "TRACE", description = "The trace file written by jdtrace run.")
  Path trace;

  @Option(names = "--thread", paramLabel = "NAME", description = "Only threads with this name (* matches any text).")
  String thread;

  @Option(names = "--method", paramLabel = "PAT",
      description = "Only calls of methods a.b.Class.method matching PAT (* matches any text), with what they call.")
  String method;

  @Option(names = "--depth", paramLabel = "N", description = "Show at most N levels of calls (1: outermost only).")
  Integer depth;

  @Option(names = "--at", paramLabel = "N",
      description = "Instead of the tree, print the full call stack at block entry N (from 0) of each thread.")
  Long at;

  @Option(names = "--color", paramLabel = "WHEN", defaultValue = "auto",
      description = "Colour: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}: only on a terminal).")
  Color color;

  enum Color { auto, always, never }

  @Override
  public Integer call() {
    if (depth != null && depth < 1) {
      throw new IllegalArgumentException("--depth must be at least 1");
    }
    if (at != null && at < 0) {
      throw new IllegalArgumentException("--at must be at least 0");
    }
    final PrintWriter out = spec.commandLine().getOut();
    final Style style = new Style(color == Color.always || color == Color.auto && System.console() != null);
    final NamePattern threads = thread == null ? null : new NamePattern(thread);
    TraceFiles.readCalls(trace, at != null ? StackAt.to(out, style, threads, at)
        : TreeView.to(out, style, threads, method == null ? null : new NamePattern(method),
            depth == null ? Integer.MAX_VALUE : depth), Info.to(spec)::accept);
    out.flush();
    return 0;
  }
}
