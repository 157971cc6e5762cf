package dev.jdtrace.analysis;

import dev.jdtrace.analysis.CoverageModel.BranchPoint;
import dev.jdtrace.analysis.CoverageModel.ClassCoverage;
import dev.jdtrace.analysis.CoverageModel.Line;
import dev.jdtrace.analysis.CoverageModel.MethodCoverage;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The {@code lcov} export: LCOV's tracefile ({@code geninfo(1)}), one record per source file:
 * <ul>
 *   <li>{@code SF:a/b/C.java}, the path from a source root (run {@code genhtml} there, or give it
 *       {@code --prefix});</li>
 *   <li>{@code FN:line,name} and {@code FNDA:calls,name} per method, {@code name} being
 *       {@code a.b.C.method(descriptor)}; then {@code FNF}/{@code FNH};</li>
 *   <li>{@code BRDA:line,block,branch,taken} per branch of each conditional jump or switch ({@code block}
 *       numbers the branching instructions of the file, {@code taken} is {@code -} when the line never
 *       ran); then {@code BRF}/{@code BRH};</li>
 *   <li>{@code DA:line,hits} per line with code, {@code hits} being how often it ran; then
 *       {@code LF}/{@code LH}.</li>
 * </ul>
 * Classes without a source file, and methods without lines, have no place in LCOV and are left out.
 */
public final class LcovExport {
  private LcovExport() {
  }

  /** Writes the tracefile of a model. */
  public static void write(final CoverageModel model, final PrintWriter out) {
    final Map<String, List<ClassCoverage>> files = new TreeMap<>();
    for (final ClassCoverage c : model.classes()) {
      if (!c.sourcePath().isEmpty()) {
        files.computeIfAbsent(c.sourcePath(), k -> new ArrayList<>()).add(c);
      }
    }
    files.forEach((path, classes) -> record(path, classes, out));
    out.flush();
  }

  private static void record(final String path, final List<ClassCoverage> classes, final PrintWriter out) {
    out.append("TN:\nSF:").append(path).append('\n');
    int functions = 0;
    int hitFunctions = 0;
    for (final ClassCoverage c : classes) {
      for (final MethodCoverage m : c.methods()) {
        if (m.firstLine() >= 0) {
          out.append("FN:").append(Integer.toString(m.firstLine())).append(',').append(name(c, m)).append('\n');
        }
      }
    }
    for (final ClassCoverage c : classes) {
      for (final MethodCoverage m : c.methods()) {
        if (m.firstLine() >= 0) {
          final long calls = m.counters().methods().covered() > 0 ? Math.max(1, m.calls()) : 0;
          out.append("FNDA:").append(Long.toString(calls)).append(',').append(name(c, m)).append('\n');
          functions++;
          hitFunctions += calls > 0 ? 1 : 0;
        }
      }
    }
    out.append("FNF:").append(Integer.toString(functions)).append("\nFNH:").append(Integer.toString(hitFunctions))
        .append('\n');
    final SortedMap<Integer, Line> lines = new TreeMap<>();
    classes.forEach(c -> c.lines().forEach((nr, line) -> lines.merge(nr, line, Line::plus)));
    int block = 0;
    int branches = 0;
    int hitBranches = 0;
    for (final ClassCoverage c : classes) {
      for (final MethodCoverage m : c.methods()) {
        for (final BranchPoint p : m.branches()) {
          if (p.line() < 0) {
            continue;
          }
          final boolean ran = lines.get(p.line()).covered();
          for (int b = 0; b < p.taken().size(); b++) {
            final long taken = p.taken().get(b);
            out.append("BRDA:").append(Integer.toString(p.line())).append(',').append(Integer.toString(block))
                .append(',').append(Integer.toString(b)).append(',').append(ran ? Long.toString(taken) : "-")
                .append('\n');
            branches++;
            hitBranches += taken > 0 ? 1 : 0;
          }
          block++;
        }
      }
    }
    out.append("BRF:").append(Integer.toString(branches)).append("\nBRH:").append(Integer.toString(hitBranches))
        .append('\n');
    lines.forEach((nr, line) -> out.append("DA:").append(Integer.toString(nr)).append(',')
        .append(Long.toString(line.covered() ? Math.max(1, line.hits()) : 0)).append('\n'));
    final long hitLines = lines.values().stream().filter(Line::covered).count();
    out.append("LF:").append(Integer.toString(lines.size())).append("\nLH:").append(Long.toString(hitLines))
        .append("\nend_of_record\n");
  }

  private static String name(final ClassCoverage c, final MethodCoverage m) {
    return c.name() + "." + m.name() + m.descriptor();
  }
}
