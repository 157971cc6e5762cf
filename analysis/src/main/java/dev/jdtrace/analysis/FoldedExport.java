package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code folded} export, the input of flame-graph tools ({@code flamegraph.pl}, speedscope,
 * inferno): one line {@code a;b;c count} per distinct call stack, root first, frames named
 * {@code Class.method}, where {@code count} is the number of block entries executed with exactly that
 * stack. Threads are merged; the counts add up to the trace's block entries. Stacks come from
 * {@link CallTracker} (exact; guessed in a version 2 trace). Memory grows with the number of distinct stacks, not with the
 * trace.
 */
public final class FoldedExport implements CallListener {
  private final PrintWriter out;
  private final Map<Long, Integer> children = new HashMap<>();
  private int[] parent = new int[256];
  private int[] method = new int[256];
  private long[] count = new long[256];
  private int nodes = 1;
  private int[] stack = new int[64];
  private Labels labels;

  private FoldedExport(final PrintWriter out) {
    this.out = out;
    parent[0] = -1;
  }

  /** A visitor writing the folded stacks of the trace it reads to {@code out}. */
  public static TraceVisitor to(final PrintWriter out) {
    return new CallTracker(new FoldedExport(out));
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    labels = new Labels(d);
  }

  @Override
  public void enter(final int m, final long ordinal, final int depth) {
    if (depth + 1 >= stack.length) {
      stack = Arrays.copyOf(stack, stack.length * 2);
    }
    stack[depth + 1] = child(stack[depth], m);
  }

  @Override
  public void exit(final int m, final long ordinal, final int depth) {
  }

  @Override
  public void block(final int block, final long ordinal, final int depth) {
    count[stack[depth + 1]]++;
  }

  @Override
  public void end() {
    final List<String> frames = new ArrayList<>();
    for (int n = 1; n < nodes; n++) {
      if (count[n] == 0) {
        continue;
      }
      frames.clear();
      for (int p = n; p > 0; p = parent[p]) {
        frames.add(labels.method(method[p]));
      }
      for (int i = frames.size() - 1; i >= 0; i--) {
        out.append(frames.get(i)).append(i == 0 ? ' ' : ';');
      }
      out.append(Long.toString(count[n])).append('\n');
    }
    out.flush();
  }

  private int child(final int node, final int m) {
    return children.computeIfAbsent(((long) node << 32) | m, k -> {
      if (nodes == parent.length) {
        parent = Arrays.copyOf(parent, nodes * 2);
        method = Arrays.copyOf(method, nodes * 2);
        count = Arrays.copyOf(count, nodes * 2);
      }
      parent[nodes] = node;
      method[nodes] = m;
      return nodes++;
    });
  }
}
