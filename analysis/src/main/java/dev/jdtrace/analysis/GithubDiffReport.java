package dev.jdtrace.analysis;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code diff --format github}: GitHub workflow commands, which the runner turns into annotations on the
 * pull request. Each differing thread gives one {@code ::error} at the source line of its first divergence
 * (see {@link FirstDivergence}), its message the text report's account; a thread in only one trace gives an
 * {@code ::error} without a place; equal traces give one {@code ::notice}. Values are escaped as the
 * runner unescapes them ({@code %25 %0D %0A}, and in properties {@code %3A %2C}). Not thread-safe.
 */
final class GithubDiffReport implements DiffView {
  private static final String TITLE = "jdtrace diff";
  private final PrintWriter out;
  private final Labels labelsA;
  private final Labels labelsB;
  private final ReportSources sources;
  private boolean failed;

  /** Files are named relative to the current directory when found under {@code sources}, else by package. */
  GithubDiffReport(final PrintWriter out, final Labels labelsA, final Labels labelsB, final ReportSources sources) {
    this.out = out;
    this.labelsA = labelsA;
    this.labelsB = labelsB;
    this.sources = sources;
  }

  @Override
  public void thread(final String name, final ThreadDiff.Result result) {
    failed = true;
    final FirstDivergence d = FirstDivergence.of(name, result, labelsA, labelsB);
    final StringBuilder line = new StringBuilder("::error title=").append(property(TITLE + ": thread " + name));
    d.sourcePath().ifPresent(p -> {
      line.append(",file=").append(property(file(p)));
      if (d.line() > 0) {
        line.append(",line=").append(d.line());
      }
    });
    out.append(line).append("::").append(data(d.headline() + "\n" + d.detail())).append('\n');
  }

  @Override
  public void summary(final int compared, final long entries, final List<String> onlyA, final List<String> onlyB) {
    onlyA.forEach(t -> out.append("::error title=").append(property(TITLE)).append("::")
        .append(data("thread " + t + " is only in A")).append('\n'));
    onlyB.forEach(t -> out.append("::error title=").append(property(TITLE)).append("::")
        .append(data("thread " + t + " is only in B")).append('\n'));
    if (!failed && onlyA.isEmpty() && onlyB.isEmpty()) {
      out.append("::notice title=").append(property(TITLE)).append("::").append(data("the traces are equal: "
          + compared + (compared == 1 ? " thread, " : " threads, ") + entries + " block entries")).append('\n');
    }
  }

  /** The file under the first source root that holds it, relative to the current directory; else as given. */
  private String file(final String relative) {
    return sources.find(relative).map(f -> {
      final Path here = Path.of("").toAbsolutePath().normalize();
      return here.relativize(f.toAbsolutePath().normalize()).toString();
    }).orElse(relative);
  }

  static String data(final String s) {
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
  }

  static String property(final String s) {
    return data(s).replace(":", "%3A").replace(",", "%2C");
  }
}
