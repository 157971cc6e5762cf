package dev.jdtrace.analysis;

import dev.jdtrace.analysis.CoverageModel.ClassCoverage;
import dev.jdtrace.analysis.CoverageModel.Counter;
import dev.jdtrace.analysis.CoverageModel.Counters;
import dev.jdtrace.analysis.CoverageModel.Line;
import dev.jdtrace.analysis.CoverageModel.MethodCoverage;
import dev.jdtrace.analysis.CoverageModel.PackageCoverage;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code cobertura} export: Cobertura's XML report ({@code coverage-04.dtd}), as GitLab, Azure DevOps
 * and Jenkins read it. Per package its classes ({@code filename} is the source path from a source root),
 * per class its methods and lines; a line's {@code hits} is how often it ran, and a line with branches has
 * {@code branch="true"} and {@code condition-coverage="50% (1/2)"}. Rates are covered / valid (1 when there
 * is nothing to cover); complexity is JaCoCo's. {@code timestamp} is the trace's time (its file's last
 * modification, in milliseconds), so that the same trace exports the same file.
 */
public final class CoberturaExport {
  private CoberturaExport() {
  }

  /** Writes the report of a model. */
  public static void write(final CoverageModel model, final long timestamp, final PrintWriter out) {
    final Counters total = model.total();
    out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<!DOCTYPE coverage SYSTEM \"http://cobertura.sourceforge.net/xml/coverage-04.dtd\">\n")
        .append("<coverage line-rate=\"").append(rate(total.lines())).append("\" branch-rate=\"")
        .append(rate(total.branches())).append("\" lines-covered=\"").append(Long.toString(total.lines().covered()))
        .append("\" lines-valid=\"").append(Long.toString(total.lines().total())).append("\" branches-covered=\"")
        .append(Long.toString(total.branches().covered())).append("\" branches-valid=\"")
        .append(Long.toString(total.branches().total())).append("\" complexity=\"")
        .append(Long.toString(total.complexity().total())).append("\" version=\"jdtrace\" timestamp=\"")
        .append(Long.toString(timestamp)).append("\">\n<sources>\n<source>.</source>\n</sources>\n<packages>\n");
    for (final PackageCoverage p : model.packages()) {
      out.append("<package name=\"").append(Html.text(p.name())).append("\" line-rate=\"")
          .append(rate(p.counters().lines())).append("\" branch-rate=\"").append(rate(p.counters().branches()))
          .append("\" complexity=\"").append(Long.toString(p.counters().complexity().total()))
          .append("\">\n<classes>\n");
      for (final ClassCoverage c : p.classes()) {
        out.append("<class name=\"").append(Html.text(c.name())).append("\" filename=\"")
            .append(Html.text(c.sourcePath())).append("\" line-rate=\"").append(rate(c.counters().lines()))
            .append("\" branch-rate=\"").append(rate(c.counters().branches())).append("\" complexity=\"")
            .append(Long.toString(c.counters().complexity().total())).append("\">\n<methods>\n");
        for (final MethodCoverage m : c.methods()) {
          out.append("<method name=\"").append(Html.text(m.name())).append("\" signature=\"")
              .append(Html.text(m.descriptor())).append("\" line-rate=\"").append(rate(m.counters().lines()))
              .append("\" branch-rate=\"").append(rate(m.counters().branches())).append("\">\n");
          lines(m.lines(), out);
          out.append("</method>\n");
        }
        out.append("</methods>\n");
        lines(c.lines(), out);
        out.append("</class>\n");
      }
      out.append("</classes>\n</package>\n");
    }
    out.append("</packages>\n</coverage>\n");
    out.flush();
  }

  private static void lines(final Map<Integer, Line> lines, final PrintWriter out) {
    out.append("<lines>\n");
    lines.forEach((nr, l) -> {
      out.append("<line number=\"").append(Integer.toString(nr)).append("\" hits=\"")
          .append(Long.toString(l.covered() ? Math.max(1, l.hits()) : 0)).append('"');
      final int branches = l.mb() + l.cb();
      if (branches > 0) {
        out.append(" branch=\"true\" condition-coverage=\"").append(Long.toString(100L * l.cb() / branches))
            .append("% (").append(Integer.toString(l.cb())).append('/').append(Integer.toString(branches))
            .append(")\"");
      } else {
        out.append(" branch=\"false\"");
      }
      out.append("/>\n");
    });
    out.append("</lines>\n");
  }

  private static String rate(final Counter c) {
    return String.format(Locale.ROOT, "%.4f", c.rate());
  }
}
