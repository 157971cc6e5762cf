package dev.jdtrace.analysis;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * {@code diff}: compares two trace files thread by thread. A first pass reads each file once for its
 * threads' digests (see {@link ThreadDigests}); each thread whose paths differ is then compared in step
 * (see {@link ThreadDiff}), reading both files again, so memory stays bounded by the dictionaries and the
 * lookahead.
 */
public final class TraceComparison {
  private final Path a;
  private final Path b;
  private final Predicate<String> ignoredThread;
  private final Predicate<String> ignoredClass;

  /**
   * @param ignoredThread thread names left out
   * @param ignoredClass binary class names whose blocks are left out
   */
  public TraceComparison(final Path a, final Path b, final Predicate<String> ignoredThread,
      final Predicate<String> ignoredClass) {
    this.a = a;
    this.b = b;
    this.ignoredThread = ignoredThread;
    this.ignoredClass = ignoredClass;
  }

  /**
   * Compares and prints the differences.
   *
   * @return whether the traces are equal
   * @throws IllegalArgumentException when a file cannot be read as a trace
   */
  public boolean run(final PrintWriter out, final Style style) {
    return run(out, DiffFormat.text, style, ReportSources.NONE);
  }

  /**
   * Compares and writes the result in a format.
   *
   * @param style the text format's colours
   * @param sources where the github format looks for source files to name
   * @return whether the traces are equal
   * @throws IllegalArgumentException when a file cannot be read as a trace
   */
  public boolean run(final PrintWriter out, final DiffFormat format, final Style style, final ReportSources sources) {
    final BlockKeys keys = new BlockKeys();
    final ThreadDigests da = new ThreadDigests(keys, ignoredClass);
    TraceFiles.read(a, da);
    final ThreadDigests db = new ThreadDigests(keys, ignoredClass);
    TraceFiles.read(b, db);
    final Labels labelsA = new Labels(da.dictionary());
    final Labels labelsB = new Labels(db.dictionary());
    final DiffView report = switch (format) {
      case text -> new DiffReport(out, style, labelsA, labelsB);
      case junit -> new JunitDiffReport(out, labelsA, labelsB, a.toString(), b.toString());
      case github -> new GithubDiffReport(out, labelsA, labelsB, sources);
    };
    final List<String> onlyA = new ArrayList<>();
    int compared = 0;
    long entries = 0;
    boolean same = true;
    for (final Map.Entry<String, ThreadDigests.Summary> thread : da.threads().entrySet()) {
      final String name = thread.getKey();
      if (ignoredThread.test(name)) {
        continue;
      }
      final ThreadDigests.Summary other = db.threads().get(name);
      if (other == null) {
        onlyA.add(name);
        continue;
      }
      compared++;
      entries += thread.getValue().blocks();
      if (thread.getValue().samePath(other)) {
        report.same(name, thread.getValue().blocks());
      } else {
        same = false;
        try (BlockCursor ca = new BlockCursor(a, name, da.keys()); BlockCursor cb = new BlockCursor(b, name, db.keys())) {
          final ThreadDiff.Result result = new ThreadDiff(name, ca, da.dictionary(), cb, db.dictionary()).run();
          if (result != null) {
            report.thread(name, result);
          } else {
            report.same(name, thread.getValue().blocks());
          }
        }
      }
    }
    final List<String> onlyB = db.threads().keySet().stream()
        .filter(n -> !ignoredThread.test(n) && !da.threads().containsKey(n)).toList();
    report.summary(compared, entries, onlyA, onlyB);
    return same && onlyA.isEmpty() && onlyB.isEmpty();
  }
}
