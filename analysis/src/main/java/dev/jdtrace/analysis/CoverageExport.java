package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.io.PrintWriter;
import java.util.List;
import java.util.TreeMap;

/**
 * The {@code coverage} export: hit counts as one RFC 4180 CSV table, all threads added up, covering
 * every block of the dictionary (unexecuted ones with 0). Header:
 * {@code kind,class,method,file,line,startBci,endBci,hits}; {@code method} is name+descriptor. For each
 * method, in dictionary order:
 * <ul>
 *   <li>one {@code method} row: {@code line} is the method's first line, {@code hits} the entries of
 *       its first block (its calls, plus any loop back to bci 0);</li>
 *   <li>one {@code block} row per block: {@code line} is its first line, {@code hits} its entries;</li>
 *   <li>one {@code line} row per source line of the method, ascending: {@code hits} is the largest
 *       hit count of the blocks on that line, the times the line ran.</li>
 * </ul>
 * {@code startBci} and {@code endBci} are empty except on block rows; {@code line} is empty when unknown.
 */
public final class CoverageExport implements TraceVisitor {
  /** The header row. */
  public static final String HEADER = "kind,class,method,file,line,startBci,endBci,hits";
  private final PrintWriter out;
  private TraceDictionary dictionary;
  private long[] hits;

  public CoverageExport(final PrintWriter out) {
    this.out = out;
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    dictionary = d;
    hits = new long[d.blocks().size()];
  }

  @Override
  public void thread(final String name) {
  }

  @Override
  public void block(final int block) {
    hits[block]++;
  }

  @Override
  public void end() {
    final Labels labels = new Labels(dictionary);
    final List<BlockEntry> blocks = dictionary.blocks();
    out.append(HEADER).append('\n');
    for (int first = 0; first < blocks.size(); ) {
      final int m = blocks.get(first).methodIndex();
      int next = first;
      final TreeMap<Integer, Long> lines = new TreeMap<>();
      while (next < blocks.size() && blocks.get(next).methodIndex() == m) {
        for (final int line : blocks.get(next).lines()) {
          lines.merge(line, hits[next], Math::max);
        }
        next++;
      }
      row("method", labels, m, labels.firstLine(m), "", "", hits[first]);
      for (int b = first; b < next; b++) {
        row("block", labels, m, labels.line(b), Integer.toString(blocks.get(b).startBci()),
            Integer.toString(blocks.get(b).endBci()), hits[b]);
      }
      lines.forEach((line, count) -> row("line", labels, m, line, "", "", count));
      first = next;
    }
    out.flush();
  }

  private void row(final String kind, final Labels labels, final int m, final int line, final String start,
      final String end, final long count) {
    out.append(kind).append(',').append(cell(labels.className(m))).append(',').append(cell(labels.signature(m)))
        .append(',').append(cell(labels.file(m))).append(',').append(line > 0 ? Integer.toString(line) : "")
        .append(',').append(start).append(',').append(end).append(',').append(Long.toString(count)).append('\n');
  }

  private static String cell(final String value) {
    if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
      return value;
    }
    return '"' + value.replace("\"", "\"\"") + '"';
  }
}
