package dev.jdtrace.analysis;

import dev.jdtrace.plan.NamePattern;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The list mode of {@code show}: per thread, an indented call tree with loops folded (see
 * {@link LoopFolder}, {@link TreePrinter}). Each open frame keeps its folded body until it returns, so
 * that its parent can fold identical calls; when the bodies held exceed {@link #BUDGET} items, all of
 * them are printed at once and folding starts afresh, so memory stays bounded however long the trace;
 * frames deeper than {@link #HELD_DEPTH} are printed as soon as they make a call, so that deep recursion
 * is printed without being folded (its leaf calls still fold).
 * Calls come from {@link CallTracker} (exact; guessed in a version 2 trace).
 */
public final class TreeView implements CallListener {
  /** Items held before everything pending is printed. */
  static final int BUDGET = 200_000;
  /** Frames deeper than this are printed once they call, so that held items nest at most this deep. */
  static final int HELD_DEPTH = 128;
  private final PrintWriter out;
  private final Style style;
  private final NamePattern thread;
  private final NamePattern method;
  private final int maxDepth;
  private final List<Frame> stack = new ArrayList<>();
  private TreePrinter printer;
  private boolean skip;
  private long held;
  private int threads;
  /** The lowest frame that may have a header or items not printed yet. */
  private int dirty;

  /** A frame that has not returned yet: its body so far, and whether its header is printed. */
  private static final class Frame {
    final int method;
    final long ordinal;
    final TreePrinter.Scope scope;
    final List<Folded> body = new ArrayList<>();
    boolean printed;

    Frame(final int method, final long ordinal, final TreePrinter.Scope scope) {
      this.method = method;
      this.ordinal = ordinal;
      this.scope = scope;
    }
  }

  private TreeView(final PrintWriter out, final Style style, final NamePattern thread, final NamePattern method,
      final int maxDepth) {
    this.out = out;
    this.style = style;
    this.thread = thread;
    this.method = method;
    this.maxDepth = maxDepth;
  }

  /**
   * A visitor printing the call trees of the trace it reads.
   *
   * @param thread only threads whose name matches, or all when null
   * @param method only calls of matching {@code a.b.Class.method} and what they call, or all when null
   * @param maxDepth levels of calls printed
   */
  public static TraceVisitor to(final PrintWriter out, final Style style, final NamePattern thread, final NamePattern method,
      final int maxDepth) {
    return new CallTracker(new TreeView(out, style, thread, method, maxDepth));
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    printer = new TreePrinter(out, new Labels(d), style, method, maxDepth);
  }

  @Override
  public void threadStart(final String name) {
    skip = thread != null && !thread.matches(name);
    if (!skip) {
      threads++;
      out.append(style.method("thread " + name)).append('\n');
      final Frame root = new Frame(-1, 0, printer.threadScope());
      root.printed = true;
      stack.add(root);
    }
  }

  @Override
  public void enter(final int m, final long ordinal, final int depth) {
    if (!skip) {
      if (stack.size() > HELD_DEPTH && !top().printed) {
        printPending();
      }
      stack.add(new Frame(m, ordinal, printer.enter(top().scope, m)));
      dirty = Math.min(dirty, stack.size() - 1);
    }
  }

  @Override
  public void block(final int block, final long ordinal, final int depth) {
    if (!skip) {
      held += LoopFolder.append(top().body, new Folded.Step(block, ordinal));
      dirty = Math.min(dirty, stack.size() - 1);
      if (held > BUDGET) {
        printPending();
      }
    }
  }

  @Override
  public void exit(final int m, final long ordinal, final int depth) {
    if (skip) {
      return;
    }
    final Frame frame = stack.remove(stack.size() - 1);
    dirty = Math.min(dirty, stack.size() - 1);
    final int size = Folded.sizeOf(frame.body);
    if (frame.printed) {
      printer.items(frame.body, frame.scope);
      held -= size;
    } else {
      held += LoopFolder.append(top().body, Folded.Call.of(frame.method, frame.ordinal, frame.body)) - size;
    }
  }

  @Override
  public void threadEnd(final long blocks) {
    if (!skip) {
      printer.items(top().body, top().scope);
      out.append(style.dim("  " + blocks + " block entries")).append('\n');
      stack.clear();
      held = 0;
      dirty = 0;
    }
  }

  @Override
  public void end() {
    out.flush();
    if (threads == 0 && thread != null) {
      throw new IllegalArgumentException("no thread matches " + thread);
    }
  }

  private void printPending() {
    for (int i = dirty; i < stack.size(); i++) {
      final Frame frame = stack.get(i);
      if (!frame.printed) {
        printer.header(frame.scope, frame.method, frame.ordinal, 1);
        frame.printed = true;
      }
      printer.items(frame.body, frame.scope);
      frame.body.clear();
    }
    held = 0;
    dirty = stack.size();
  }

  private Frame top() {
    return stack.get(stack.size() - 1);
  }
}
