package dev.jdtrace.analysis;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary.ClassEntry;
import dev.jdtrace.trace.TraceDictionary.MethodEntry;
import dev.jdtrace.trace.TraceDictionary;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fixed parts of the HTML report around the call trees: the head with the inline style, the thread
 * sections' openings and totals, the table of hit counts per method, the dictionary as JSON (block ids,
 * offsets, lines, hits, and the source files found) and the inline script that turns a click on a call
 * or a method, or a {@code #c<id>} / {@code #m<id>} fragment, into a panel listing its blocks and source
 * lines. The page needs no network: no external style, script or font. Not thread-safe.
 */
final class ReportPage {
  private static final String STYLE = resource("report.css");
  private static final String SCRIPT = resource("report.js");
  private final PrintWriter out;
  private final Labels labels;
  private final int maxNodes;
  private int threads;

  ReportPage(final PrintWriter out, final Labels labels, final int maxNodes) {
    this.out = out;
    this.labels = labels;
    this.maxNodes = maxNodes;
  }

  /** Everything before the first thread. */
  void head(final String title) {
    out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><title>jdtrace report: ")
        .append(Html.text(title)).append("</title>\n<style>/*<![CDATA[*/\n").append(STYLE).append("/*]]>*/</style></head>\n")
        .append("<body>\n<header class=\"band\"><h1>jdtrace report</h1> <span class=\"trace\">").append(Html.text(title))
        .append("</span></header>\n<div class=\"layout\"><main>\n<p class=\"note\">Per thread, the call tree with repeated ")
        .append("loop iterations folded (× N). Click a call to list its blocks (ids, bytecode offsets, lines, source); ")
        .append("click a method for its hit counts. Calls follow exactly from how the trace's blocks end ")
        .append("(a version 2 trace only gives guessed calls: record it again). To bound the page, each thread shows at most ")
        .append(Integer.toString(maxNodes)).append(" nodes and the page at most ").append(Long.toString(10L * maxNodes))
        .append(" (<code>--max-nodes</code>); what is cut is counted below its thread.</p>\n")
        .append("<nav id=\"nav\"><a href=\"#methods\">Methods</a></nav>\n");
  }

  /** Opens a thread's section. */
  void threadStart(final String name) {
    out.append("<section class=\"thread\" id=\"t").append(Integer.toString(threads++)).append("\" data-name=\"")
        .append(Html.text(name)).append("\"><h2>thread ").append(Html.text(name)).append("</h2><div class=\"tree\">\n");
  }

  /** Closes a thread's section with its totals and what was left out. */
  void threadEnd(final long entries, final long calls, final long shownEntries, final long shownCalls) {
    out.append("</div><p class=\"totals\" data-entries=\"").append(Long.toString(entries)).append("\" data-calls=\"")
        .append(Long.toString(calls)).append("\" data-shown-entries=\"").append(Long.toString(shownEntries))
        .append("\" data-shown-calls=\"").append(Long.toString(shownCalls)).append("\">").append(Long.toString(entries))
        .append(" block entries, ").append(Long.toString(calls)).append(calls == 1 ? " call" : " calls");
    if (shownEntries < entries || shownCalls < calls) {
      out.append("<span class=\"cut\">; … ").append(Long.toString(calls - shownCalls)).append(" more calls (")
          .append(Long.toString(entries - shownEntries)).append(" block entries) truncated</span>");
    }
    out.append("</p></section>\n");
  }

  /** The method table, the data, the script and the end of the page. */
  void tail(final long[] hits, final ReportSources sources) {
    methods(hits);
    out.append("</main><aside id=\"panel\"><h2 id=\"panel-title\">Blocks</h2><div id=\"panel-body\"><p class=\"dim\">")
        .append("Click a call or a method.</p></div></aside></div>\n<script type=\"application/json\" id=\"jdtrace-data\">");
    data(hits, sources);
    out.append("</script>\n<script>//<![CDATA[\n").append(SCRIPT).append("//]]></script>\n</body></html>\n");
  }

  /** Per method that ran: its calls (entries of its first block), block entries and blocks run. */
  private void methods(final long[] hits) {
    final List<long[]> rows = new ArrayList<>();
    final List<BlockEntry> blocks = labels.dictionary().blocks();
    int notRun = 0;
    for (int first = 0; first < blocks.size(); ) {
      final int m = blocks.get(first).methodIndex();
      int next = first;
      long entries = 0;
      long run = 0;
      while (next < blocks.size() && blocks.get(next).methodIndex() == m) {
        entries += hits[next];
        run += hits[next] > 0 ? 1 : 0;
        next++;
      }
      if (entries > 0) {
        rows.add(new long[] {m, hits[first], entries, run, next - first});
      } else {
        notRun++;
      }
      first = next;
    }
    rows.sort(Comparator.comparingLong((long[] r) -> -r[2]).thenComparingLong(r -> r[0]));
    out.append("<section id=\"methods\"><h2>Methods</h2><table class=\"methods\"><thead><tr>")
        .append("<th data-type=\"text\">Method</th><th data-type=\"text\">Source</th><th data-type=\"num\">Calls</th>")
        .append("<th data-type=\"num\">Block entries</th><th data-type=\"num\">Blocks run</th></tr></thead><tbody>\n");
    for (final long[] r : rows) {
      final int m = (int) r[0];
      out.append("<tr id=\"m").append(Integer.toString(m)).append("\" data-m=\"").append(Integer.toString(m))
          .append("\"><td><a href=\"#m").append(Integer.toString(m)).append("\">").append(Html.text(labels.method(m)))
          .append("</a> <span class=\"sig\">").append(Html.text(labels.dictionary().methods().get(m).descriptor()))
          .append("</span></td><td>").append(Html.text(labels.place(m, labels.firstLine(m))))
          .append("</td><td data-v=\"").append(Long.toString(r[1])).append("\">").append(Long.toString(r[1]))
          .append("</td><td data-v=\"").append(Long.toString(r[2])).append("\">").append(Long.toString(r[2]))
          .append("</td><td data-v=\"").append(Long.toString(r[3])).append("\">").append(Long.toString(r[3]))
          .append(" / ").append(Long.toString(r[4])).append("</td></tr>\n");
    }
    out.append("</tbody></table><p class=\"dim\">").append(Integer.toString(notRun))
        .append(" traced methods that never ran are not listed. Click a column to sort.</p></section>\n");
  }

  /** The dictionary with hits, and the source files of the classes that ran, as one JSON object. */
  private void data(final long[] hits, final ReportSources sources) {
    final TraceDictionary d = labels.dictionary();
    final boolean[] ran = new boolean[d.classes().size()];
    for (int b = 0; b < hits.length; b++) {
      ran[d.methods().get(d.blocks().get(b).methodIndex()).classIndex()] |= hits[b] > 0;
    }
    final Map<String, Integer> files = new LinkedHashMap<>();
    final Map<String, List<String>> found = new LinkedHashMap<>();
    final int[] sourceOf = new int[d.classes().size()];
    for (int c = 0; c < sourceOf.length; c++) {
      sourceOf[c] = -1;
      final ClassEntry entry = d.classes().get(c);
      final Optional<String> relative = ran[c] ? ReportSources.relative(entry.name(), entry.sourceFile()) : Optional.empty();
      if (relative.isPresent()) {
        // Each file is looked up once; -1 remembers that it was not found.
        sourceOf[c] = files.computeIfAbsent(relative.get(), path -> sources.lines(path).map(lines -> {
          found.put(path, lines);
          return found.size() - 1;
        }).orElse(-1));
      }
    }
    final JsonGenerator json = Json.on(out);
    json.setCharacterEscapes(new Html.ScriptSafe());
    Json.write(() -> {
      json.writeStartObject();
      json.writeArrayFieldStart("classes");
      for (int c = 0; c < sourceOf.length; c++) {
        json.writeStartArray();
        json.writeString(d.classes().get(c).name());
        json.writeString(d.classes().get(c).sourceFile());
        json.writeNumber(sourceOf[c]);
        json.writeEndArray();
      }
      json.writeEndArray();
      json.writeArrayFieldStart("methods");
      for (int m = 0; m < d.methods().size(); m++) {
        final MethodEntry method = d.methods().get(m);
        json.writeStartArray();
        json.writeNumber(method.classIndex());
        json.writeString(method.name());
        json.writeString(method.descriptor());
        json.writeNumber(labels.firstLine(m));
        json.writeEndArray();
      }
      json.writeEndArray();
      json.writeArrayFieldStart("blocks");
      for (int b = 0; b < hits.length; b++) {
        final BlockEntry block = d.blocks().get(b);
        json.writeStartArray();
        json.writeNumber(block.methodIndex());
        json.writeNumber(block.startBci());
        json.writeNumber(block.endBci());
        json.writeStartArray();
        for (final int line : block.lines()) {
          json.writeNumber(line);
        }
        json.writeEndArray();
        json.writeNumber(hits[b]);
        json.writeEndArray();
      }
      json.writeEndArray();
      json.writeArrayFieldStart("sources");
      for (final Map.Entry<String, List<String>> file : found.entrySet()) {
        json.writeStartArray();
        json.writeString(file.getKey());
        json.writeStartArray();
        for (final String line : file.getValue()) {
          json.writeString(line);
        }
        json.writeEndArray();
        json.writeEndArray();
      }
      json.writeEndArray();
      json.writeEndObject();
      json.flush();
    });
  }

  private static String resource(final String name) {
    try (InputStream in = ReportPage.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
