package dev.jdtrace.cli;

import dev.jdtrace.analysis.DiffFormat;
import dev.jdtrace.analysis.ReportSources;
import dev.jdtrace.analysis.Style;
import dev.jdtrace.analysis.TraceComparison;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.NamePattern;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jdtrace diff}: compare two traces' paths, for CI. */
@Command(name = "diff", sortOptions = false, mixinStandardHelpOptions = true,
    header = "Compare the block paths of two traces, thread by thread (exit 0 equal, 1 different, 125 error).",
    description = {"Threads are matched by name and blocks by class, method, descriptor and offsets, so traces "
        + "from different runs and builds compare. For each differing thread it prints the first difference: "
        + "the entries just before, a few entries and the call stack on both sides, and where the paths agree "
        + "again (" + "8 entries in a row, searched up to 20000 entries ahead). Then a summary of the threads, "
        + "entries and methods that differ."},
    footer = {"", "Example (CI):", "  jdtrace run -o new.trace -- java -cp app.jar com.example.Main",
        "  jdtrace diff golden.trace new.trace --ignore-thread 'pool-*'",
        "  jdtrace diff golden.trace new.trace --format junit > target/surefire-reports/TEST-jdtrace.xml",
        "  jdtrace diff golden.trace new.trace --format github --sources src/main/java"})
final class DiffCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "A", description = "The first trace (the expected one).")
  Path a;

  @Parameters(index = "1", paramLabel = "B", description = "The second trace.")
  Path b;

  @Option(names = "--ignore-thread", paramLabel = "PAT",
      description = "Leave out threads whose name matches (* matches any text; repeatable).")
  List<String> ignoreThreads = new ArrayList<>();

  @Option(names = "--ignore-class", paramLabel = "PAT",
      description = "Leave out the blocks of these classes: a binary name, or a prefix ending in * (repeatable).")
  List<String> ignoreClasses = new ArrayList<>();

  @Option(names = "--color", paramLabel = "WHEN", defaultValue = "auto",
      description = "Colour: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}: only on a terminal).")
  ShowCommand.Color color;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). junit: JUnit XML in the Surefire schema, "
          + "one test case per thread, the first divergence as the failure; github: workflow annotations "
          + "(::error file=...,line=...::...) at the source line of each thread's first divergence.")
  DiffFormat format;

  @Option(names = "--sources", paramLabel = "DIR",
      description = "github: a source root (DIR/a/b/C.java for class a.b.C); an annotation names the file found "
          + "there relative to the current folder, else a/b/C.java. Repeatable.")
  List<Path> sources = new ArrayList<>();

  @Override
  public Integer call() {
    // Quiet asks only the exit code of the text report; the CI formats are what was asked for.
    final PrintWriter out = Verbosity.of(spec).quiet && format == DiffFormat.text
        ? new PrintWriter(java.io.OutputStream.nullOutputStream()) : spec.commandLine().getOut();
    final Style style = new Style(color == ShowCommand.Color.always
        || color == ShowCommand.Color.auto && System.console() != null);
    final List<NamePattern> threads = ignoreThreads.stream().map(NamePattern::new).toList();
    final List<NamePattern> classes = ignoreClasses.stream().map(ClassFilter::pattern).toList();
    final boolean same = new TraceComparison(a, b, name -> threads.stream().anyMatch(g -> g.matches(name)),
        name -> classes.stream().anyMatch(g -> g.matches(name)))
        .run(out, format, style, ReportSources.of(sources));
    out.flush();
    return same ? 0 : 1;
  }
}
