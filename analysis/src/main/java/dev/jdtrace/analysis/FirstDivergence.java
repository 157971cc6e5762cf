package dev.jdtrace.analysis;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;

/**
 * A differing thread's first divergence, as the CI views put it: a one-line headline, the text report's
 * full account of it, and the source place to point at. The place is B's first differing block (the new
 * path, when B is the trace under test), or A's when B ended there.
 *
 * @param headline one line: where the paths part and which blocks each side goes to
 * @param detail the text report's account of this thread (context, both sides, call stacks)
 * @param sourcePath the source file relative to a source root ({@code a/b/C.java}), or empty
 * @param line the first source line of the place, or 0 when unknown
 */
record FirstDivergence(String headline, String detail, Optional<String> sourcePath, int line) {
  static FirstDivergence of(final String thread, final ThreadDiff.Result r, final Labels a, final Labels b) {
    final boolean onB = !r.b().next().isEmpty();
    final Labels labels = onB ? b : a;
    final int block = onB ? r.b().next().get(0).block() : r.a().next().get(0).block();
    final int method = labels.dictionary().blocks().get(block).methodIndex();
    final String headline = "thread " + thread + ": first difference at entry #" + r.a().ordinal() + " of A and #"
        + r.b().ordinal() + " of B: A goes to " + first(r.a(), a) + ", B to " + first(r.b(), b);
    final StringWriter detail = new StringWriter();
    final PrintWriter out = new PrintWriter(detail);
    new DiffReport(out, Style.PLAIN, a, b).thread(thread, r);
    out.flush();
    return new FirstDivergence(headline, detail.toString().stripTrailing(),
        ReportSources.relative(labels.className(method), labels.file(method)), labels.line(block));
  }

  private static String first(final ThreadDiff.Side side, final Labels labels) {
    return side.next().isEmpty() ? "nothing (its thread ended)" : labels.block(side.next().get(0).block());
  }
}
