package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.io.PrintWriter;

/**
 * The {@code calls} export: the reconstructed calls and returns of each thread (see {@link CallTracker}
 * for how, and its limits), one tab-separated line per event:
 * {@code thread \t ordinal \t call|return \t depth \t class \t methodName+descriptor}. A call's ordinal is
 * that of the callee's first block entry; a return's is that of the entry after the callee's last
 * (the thread's block count at its end). Depth 0 is a root frame.
 */
public final class CallsExport implements CallListener {
  private final PrintWriter out;
  private Labels labels;
  private String thread;

  private CallsExport(final PrintWriter out) {
    this.out = out;
  }

  /** A visitor writing the calls export of the trace it reads to {@code out}. */
  public static TraceVisitor to(final PrintWriter out) {
    return new CallTracker(new CallsExport(out));
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    labels = new Labels(d);
  }

  @Override
  public void threadStart(final String name) {
    thread = name;
  }

  @Override
  public void enter(final int method, final long ordinal, final int depth) {
    line("call", method, ordinal, depth);
  }

  @Override
  public void exit(final int method, final long ordinal, final int depth) {
    line("return", method, ordinal, depth);
  }

  @Override
  public void block(final int block, final long ordinal, final int depth) {
  }

  @Override
  public void end() {
    out.flush();
  }

  private void line(final String kind, final int method, final long ordinal, final int depth) {
    out.append(thread).append('\t').append(Long.toString(ordinal)).append('\t').append(kind).append('\t')
        .append(Integer.toString(depth)).append('\t').append(labels.className(method)).append('\t')
        .append(labels.signature(method)).append('\n');
  }
}
