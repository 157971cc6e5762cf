package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code report} command's page, written in one streaming pass: per thread a call tree with loops
 * folded ({@link LoopFolder}, rendered by {@link ReportRenderer}), then the hit counts per method and the
 * dictionary ({@link ReportPage}). Folding is {@link TreeView}'s: each open frame keeps its folded body
 * until it returns; when the held items exceed {@link #BUDGET}, or a frame deeper than
 * {@link #HELD_DEPTH} calls, the pending frames are written at once. Once a thread's node cap is reached
 * nothing more of it is held, only counted, so memory and page size stay bounded however long the trace.
 * Calls come from {@link CallTracker} (exact; guessed in a version 2 trace).
 */
public final class HtmlReport implements CallListener {
  /** Items held before everything pending is written. */
  static final int BUDGET = 100_000;
  /** Frames deeper than this are written once they call. */
  static final int HELD_DEPTH = 128;
  private final PrintWriter out;
  private final String title;
  private final ReportSources sources;
  private final int maxNodes;
  private final List<Frame> stack = new ArrayList<>();
  private ReportPage page;
  private ReportRenderer renderer;
  private long[] hits;
  private long held;
  private int dirty;
  private long calls;

  /** A frame that has not returned yet: its body so far, and whether its element is written. */
  private static final class Frame {
    final int method;
    final long ordinal;
    final int level;
    final List<Folded> body = new ArrayList<>();
    boolean printed;
    boolean opened;

    Frame(final int method, final long ordinal, final int level) {
      this.method = method;
      this.ordinal = ordinal;
      this.level = level;
    }
  }

  private HtmlReport(final PrintWriter out, final String title, final ReportSources sources, final int maxNodes) {
    this.out = out;
    this.title = title;
    this.sources = sources;
    this.maxNodes = maxNodes;
  }

  /**
   * A visitor writing the report page of the trace it reads.
   *
   * @param title names the trace in the page
   * @param maxNodes nodes shown per thread; the page shows at most ten times as many
   */
  public static TraceVisitor to(final PrintWriter out, final String title, final ReportSources sources,
      final int maxNodes) {
    if (maxNodes < 1) {
      throw new IllegalArgumentException("--max-nodes must be at least 1");
    }
    return new CallTracker(new HtmlReport(out, title, sources, maxNodes));
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    final Labels labels = new Labels(d);
    hits = new long[d.blocks().size()];
    renderer = new ReportRenderer(out, labels, maxNodes, 10L * maxNodes);
    page = new ReportPage(out, labels, maxNodes);
    page.head(title);
  }

  @Override
  public void threadStart(final String name) {
    page.threadStart(name);
    renderer.threadStart();
    final Frame root = new Frame(-1, 0, 0);
    root.printed = true;
    stack.add(root);
    calls = 0;
  }

  @Override
  public void enter(final int m, final long ordinal, final int depth) {
    calls++;
    if (!renderer.exhausted() && stack.size() > HELD_DEPTH && !top().printed) {
      writePending();
    }
    stack.add(new Frame(m, ordinal, top().level + 1));
    dirty = Math.min(dirty, stack.size() - 1);
  }

  @Override
  public void block(final int block, final long ordinal, final int depth) {
    hits[block]++;
    if (renderer.exhausted()) {
      return;
    }
    held += LoopFolder.append(top().body, new Folded.Step(block, ordinal));
    dirty = Math.min(dirty, stack.size() - 1);
    if (held > BUDGET) {
      writePending();
    }
  }

  @Override
  public void exit(final int m, final long ordinal, final int depth) {
    final Frame frame = stack.remove(stack.size() - 1);
    dirty = Math.min(dirty, stack.size() - 1);
    if (frame.printed) {
      renderer.items(frame.body, frame.level, 1);
      if (frame.opened) {
        renderer.closeCall();
      }
      held -= Folded.sizeOf(frame.body);
    } else if (!renderer.exhausted()) {
      final int size = Folded.sizeOf(frame.body);
      held += LoopFolder.append(top().body, Folded.Call.of(frame.method, frame.ordinal, frame.body)) - size;
    }
  }

  @Override
  public void threadEnd(final long blocks) {
    renderer.items(top().body, 0, 1);
    page.threadEnd(blocks, calls, renderer.shownEntries(), renderer.shownCalls());
    stack.clear();
    held = 0;
    dirty = 0;
  }

  @Override
  public void end() {
    page.tail(hits, sources);
    out.flush();
  }

  /** Writes every frame's header and body so far, from the lowest frame that may have something pending. */
  private void writePending() {
    for (int i = dirty; i < stack.size(); i++) {
      final Frame frame = stack.get(i);
      if (!frame.printed) {
        frame.opened = renderer.openCall(frame.method, frame.ordinal, 1, frame.level, 1);
        frame.printed = true;
      }
      renderer.items(frame.body, frame.level, 1);
      frame.body.clear();
    }
    held = 0;
    dirty = stack.size();
  }

  private Frame top() {
    return stack.get(stack.size() - 1);
  }
}
