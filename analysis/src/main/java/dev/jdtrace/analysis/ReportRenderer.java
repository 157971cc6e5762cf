package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import java.io.PrintWriter;
import java.util.List;

/**
 * Writes folded call-tree items as the HTML report's nested elements, under a node cap. A call is a
 * {@code <details class="call">} whose summary is {@code Class.method (File.java:line)}, a run of block
 * entries in one frame a {@code <div class="run">} listing its block ids in {@code data-b}, a loop a
 * {@code data-n} count on the run or call it repeats, or a {@code <details class="loop">} around one
 * iteration. Unfolding the elements by their counts gives the thread's block path back.
 *
 * <p>Each call and loop is one node, and each run one node per {@link #RUN_BLOCKS} blocks it lists (a
 * run's size grows with its ids, slowly). A thread shows at most {@code perThread} nodes and
 * the page at most {@code perPage}; the first node that does not fit ends the thread's rendering with a
 * marker, and everything after it in that thread is left out (the count of what was shown lets the
 * page say how much is missing). Not thread-safe.
 */
final class ReportRenderer {
  /** Blocks of a run that count as one node. */
  static final int RUN_BLOCKS = 16;
  /** Calls nested at most this deep start open. */
  private static final int OPEN_LEVELS = 2;
  private final PrintWriter out;
  private final Labels labels;
  private final long perThread;
  private final long perPage;
  private long nodes;
  private long pageNodes;
  private boolean exhausted;
  private long shownCalls;
  private long shownEntries;
  private long nextId;

  ReportRenderer(final PrintWriter out, final Labels labels, final long perThread, final long perPage) {
    this.out = out;
    this.labels = labels;
    this.perThread = perThread;
    this.perPage = perPage;
  }

  /** Resets the per-thread cap and counts. */
  void threadStart() {
    nodes = 0;
    exhausted = false;
    shownCalls = 0;
    shownEntries = 0;
  }

  /** Whether this thread's cap was hit: nothing more is written for it. */
  boolean exhausted() {
    return exhausted;
  }

  /** Calls shown in this thread, each loop iteration counted. */
  long shownCalls() {
    return shownCalls;
  }

  /** Block entries shown in this thread, each loop iteration counted. */
  long shownEntries() {
    return shownEntries;
  }

  /**
   * Opens a call element of method {@code m} repeated {@code times}, at nesting {@code level} (1 for a
   * thread's outermost calls), inside loops repeating it {@code mult} times.
   *
   * @return whether it was written; only then must {@link #closeCall()} follow
   */
  boolean openCall(final int m, final long ordinal, final long times, final int level, final long mult) {
    if (!admit(1)) {
      return false;
    }
    shownCalls += times * mult;
    out.append("<details class=\"call\" id=\"c").append(Long.toString(nextId++)).append("\" data-m=\"")
        .append(Integer.toString(m)).append("\" data-n=\"").append(Long.toString(times)).append('"')
        .append(level <= OPEN_LEVELS ? " open=\"open\"" : "").append("><summary><a class=\"m\" href=\"#m")
        .append(Integer.toString(m)).append("\">").append(Html.text(labels.method(m))).append("</a> <span class=\"place\">(")
        .append(Html.text(labels.place(m, labels.firstLine(m)))).append(")</span>");
    if (times > 1) {
      out.append(" <span class=\"count\">× ").append(Long.toString(times)).append("</span>");
    }
    out.append(" <span class=\"ord\">#").append(Long.toString(ordinal)).append("</span></summary><div class=\"body\">\n");
    return true;
  }

  /** Closes the last call opened. */
  void closeCall() {
    out.append("</div></details>\n");
  }

  /** Writes the items of a frame at nesting {@code level}, inside loops repeating them {@code mult} times. */
  void items(final List<Folded> items, final int level, final long mult) {
    for (int i = 0; i < items.size() && !exhausted; i++) {
      final Folded item = items.get(i);
      if (item instanceof Folded.Step) {
        int j = i;
        while (j + 1 < items.size() && items.get(j + 1) instanceof Folded.Step) {
          j++;
        }
        run(items.subList(i, j + 1), 1, mult);
        i = j;
      } else if (item instanceof Folded.Loop loop) {
        loop(loop, level, mult);
      } else if (item instanceof Folded.Call call) {
        call(call, level, mult, 1);
      }
    }
  }

  private void loop(final Folded.Loop loop, final int level, final long mult) {
    if (loop.body().size() == 1 && loop.body().get(0) instanceof Folded.Call call) {
      call(call, level, mult, loop.count());
    } else if (loop.body().stream().allMatch(Folded.Step.class::isInstance)) {
      run(loop.body(), loop.count(), mult);
    } else if (admit(1)) {
      out.append("<details class=\"loop\" data-n=\"").append(Integer.toString(loop.count()))
          .append("\" open=\"open\"><summary>loop <span class=\"count\">× ").append(Integer.toString(loop.count()))
          .append("</span> <span class=\"ord\">#").append(Long.toString(loop.ordinal()))
          .append("</span></summary><div class=\"body\">\n");
      repeated(loop.count(), () -> items(loop.body(), level, mult * loop.count()));
      out.append("</div></details>\n");
    }
  }

  private void call(final Folded.Call call, final int level, final long mult, final long times) {
    repeated(times, () -> {
      if (openCall(call.method(), call.ordinal(), times, level + 1, mult)) {
        items(call.body(), level + 1, mult * times);
        closeCall();
      }
    });
  }

  /**
   * Renders something repeated {@code times}, counting each iteration. When the cap cuts it, only the
   * first iteration, up to the marker, was shown: what it added is divided back by {@code times}.
   */
  private void repeated(final long times, final Runnable render) {
    final long calls = shownCalls;
    final long entries = shownEntries;
    render.run();
    if (exhausted) {
      shownCalls = calls + (shownCalls - calls) / times;
      shownEntries = entries + (shownEntries - entries) / times;
    }
  }

  /** A run of steps repeated {@code times}: the lines and bytecode offsets it spans, and its block ids. */
  private void run(final List<Folded> steps, final long times, final long mult) {
    if (!admit(cost(steps.size()))) {
      return;
    }
    shownEntries += steps.size() * times * mult;
    final StringBuilder ids = new StringBuilder();
    int low = Integer.MAX_VALUE;
    int high = Integer.MIN_VALUE;
    for (final Folded step : steps) {
      final int block = ((Folded.Step) step).block();
      ids.append(ids.length() == 0 ? "" : " ").append(block);
      for (final int line : labels.dictionary().blocks().get(block).lines()) {
        low = Math.min(low, line);
        high = Math.max(high, line);
      }
    }
    int start = Integer.MAX_VALUE;
    int end = Integer.MIN_VALUE;
    for (final Folded step : steps) {
      final BlockEntry b = labels.dictionary().blocks().get(((Folded.Step) step).block());
      start = Math.min(start, b.startBci());
      end = Math.max(end, b.endBci());
    }
    out.append("<div class=\"run\" data-b=\"").append(ids).append("\" data-n=\"").append(Long.toString(times))
        .append("\">").append(low == Integer.MAX_VALUE ? "no line" : low == high ? "line " + low : "lines " + low + "-" + high)
        .append(" <span class=\"bci\">").append(Integer.toString(steps.size()))
        .append(steps.size() == 1 ? " block, bci " : " blocks, bci ").append(Integer.toString(start))
        .append('-').append(Integer.toString(end)).append("</span>");
    if (times > 1) {
      out.append(" <span class=\"count\">× ").append(Long.toString(times)).append("</span>");
    }
    out.append(" <span class=\"ord\">#").append(Long.toString(steps.get(0).ordinal())).append("</span></div>\n");
  }

  /** The nodes a run of {@code blocks} blocks counts for. */
  static long cost(final int blocks) {
    return (blocks + RUN_BLOCKS - 1) / RUN_BLOCKS;
  }

  /** Counts {@code cost} nodes, or writes the truncation marker and stops the thread when they do not fit. */
  private boolean admit(final long cost) {
    if (exhausted) {
      return false;
    }
    if (nodes + cost > perThread || pageNodes + cost > perPage) {
      exhausted = true;
      out.append("<div class=\"truncated\">… truncated here: ").append(nodes + cost > perThread
          ? "this thread has shown its " + perThread + " nodes (--max-nodes)"
          : "the page has shown its " + perPage + " nodes (10 × --max-nodes)").append("</div>\n");
      return false;
    }
    nodes += cost;
    pageNodes += cost;
    return true;
  }
}
