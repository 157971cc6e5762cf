package dev.jdtrace.analysis;

import dev.jdtrace.plan.NamePattern;
import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.io.PrintWriter;
import java.util.Arrays;

/**
 * {@code show --at N}: the call stack at block entry {@code N} (from 0) of each selected thread, innermost
 * frame first, in the form of a Java stack trace; each frame's line is that of its current block (the
 * call site below the top). Threads with fewer entries say so. Calls come from {@link CallTracker}
 * (exact; guessed in a version 2 trace).
 */
public final class StackAt implements CallListener {
  private final PrintWriter out;
  private final Style style;
  private final NamePattern thread;
  private final long at;
  private Labels labels;
  private String name;
  private boolean skip;
  private boolean found;
  private int[] methods = new int[64];
  private int[] blocks = new int[64];
  private int threads;

  private StackAt(final PrintWriter out, final Style style, final NamePattern thread, final long at) {
    this.out = out;
    this.style = style;
    this.thread = thread;
    this.at = at;
  }

  /** A visitor printing the stacks at entry {@code at} of the threads matching {@code thread} (all if null). */
  public static TraceVisitor to(final PrintWriter out, final Style style, final NamePattern thread, final long at) {
    return new CallTracker(new StackAt(out, style, thread, at));
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    labels = new Labels(d);
  }

  @Override
  public void threadStart(final String thread) {
    name = thread;
    skip = this.thread != null && !this.thread.matches(thread);
    found = false;
    threads += skip ? 0 : 1;
  }

  @Override
  public void enter(final int method, final long ordinal, final int depth) {
    if (depth >= methods.length) {
      methods = Arrays.copyOf(methods, depth * 2);
      blocks = Arrays.copyOf(blocks, depth * 2);
    }
    methods[depth] = method;
  }

  @Override
  public void exit(final int method, final long ordinal, final int depth) {
  }

  @Override
  public void block(final int block, final long ordinal, final int depth) {
    blocks[depth] = block;
    if (skip || ordinal != at) {
      return;
    }
    found = true;
    final BlockEntry entry = labels.dictionary().blocks().get(block);
    out.append(style.method("thread " + name)).append(", block #").append(Long.toString(at)).append(": ")
        .append(style.dim("bci " + entry.startBci() + "-" + entry.endBci())).append('\n');
    for (int i = depth; i >= 0; i--) {
      out.append("  at ").append(style.method(labels.method(methods[i]))).append(
          style.place("(" + labels.place(methods[i], labels.line(blocks[i])) + ")")).append('\n');
    }
  }

  @Override
  public void threadEnd(final long count) {
    if (!skip && !found) {
      out.append(style.method("thread " + name)).append(" has only ").append(Long.toString(count))
          .append(" block entries (0-").append(Long.toString(count - 1)).append(")\n");
    }
  }

  @Override
  public void end() {
    out.flush();
    if (threads == 0) {
      throw new IllegalArgumentException("no thread matches " + thread);
    }
  }
}
