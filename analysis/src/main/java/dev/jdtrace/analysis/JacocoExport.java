package dev.jdtrace.analysis;

import dev.jdtrace.analysis.CoverageModel.ClassCoverage;
import dev.jdtrace.analysis.CoverageModel.Counters;
import dev.jdtrace.analysis.CoverageModel.Line;
import dev.jdtrace.analysis.CoverageModel.MethodCoverage;
import dev.jdtrace.analysis.CoverageModel.PackageCoverage;
import dev.jdtrace.analysis.CoverageModel.SourceFileCoverage;
import java.io.PrintWriter;
import java.util.Map;

/**
 * The {@code jacoco} export: JaCoCo's XML report ({@code report.dtd}, the file {@code jacoco:report} writes
 * as {@code jacoco.xml}). Per package, its classes (each with its methods) and its source files (each with
 * its lines' {@code mi/ci/mb/cb}); counters INSTRUCTION, BRANCH, LINE, COMPLEXITY, METHOD and CLASS on every
 * element, those with nothing to count left out, as JaCoCo does. Names are in VM notation
 * ({@code a/b/C}). No {@code sessioninfo}: there is no JaCoCo session.
 */
public final class JacocoExport {
  private JacocoExport() {
  }

  /** Writes the report of a model; {@code name} is the report's name (the trace file's). */
  public static void write(final CoverageModel model, final String name, final PrintWriter out) {
    out.append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>")
        .append("<!DOCTYPE report PUBLIC \"-//JACOCO//DTD Report 1.1//EN\" \"report.dtd\">")
        .append("<report name=\"").append(Html.text(name)).append("\">");
    for (final PackageCoverage p : model.packages()) {
      out.append("<package name=\"").append(Html.text(p.name().replace('.', '/'))).append("\">");
      for (final ClassCoverage c : p.classes()) {
        out.append("<class name=\"").append(Html.text(c.name().replace('.', '/'))).append('"');
        if (!c.sourceFile().isEmpty()) {
          out.append(" sourcefilename=\"").append(Html.text(c.sourceFile())).append('"');
        }
        out.append('>');
        for (final MethodCoverage m : c.methods()) {
          out.append("<method name=\"").append(Html.text(m.name())).append("\" desc=\"")
              .append(Html.text(m.descriptor())).append('"');
          if (m.firstLine() >= 0) {
            out.append(" line=\"").append(Integer.toString(m.firstLine())).append('"');
          }
          out.append('>');
          counters(m.counters(), out);
          out.append("</method>");
        }
        counters(c.counters(), out);
        out.append("</class>");
      }
      for (final SourceFileCoverage f : p.sourceFiles()) {
        out.append("<sourcefile name=\"").append(Html.text(f.name())).append("\">");
        for (final Map.Entry<Integer, Line> e : f.lines().entrySet()) {
          final Line l = e.getValue();
          out.append("<line nr=\"").append(Integer.toString(e.getKey())).append("\" mi=\"")
              .append(Integer.toString(l.mi())).append("\" ci=\"").append(Integer.toString(l.ci()))
              .append("\" mb=\"").append(Integer.toString(l.mb())).append("\" cb=\"")
              .append(Integer.toString(l.cb())).append("\"/>");
        }
        counters(f.counters(), out);
        out.append("</sourcefile>");
      }
      counters(p.counters(), out);
      out.append("</package>");
    }
    counters(model.total(), out);
    out.append("</report>\n");
    out.flush();
  }

  private static void counters(final Counters counters, final PrintWriter out) {
    counters.byType().forEach((type, c) -> {
      if (c.total() > 0) {
        out.append("<counter type=\"").append(type).append("\" missed=\"").append(Long.toString(c.missed()))
            .append("\" covered=\"").append(Long.toString(c.covered())).append("\"/>");
      }
    });
  }
}
