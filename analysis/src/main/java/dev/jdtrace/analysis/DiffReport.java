package dev.jdtrace.analysis;

import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Prints what {@code diff} found: for each differing thread its first difference (context, both sides'
 * entries and call stacks, where they agree again), then a summary of the threads, entries and methods
 * that differ. Side A is marked red and B green when colour is on.
 */
final class DiffReport implements DiffView {
  private final PrintWriter out;
  private final Style style;
  private final Labels labelsA;
  private final Labels labelsB;
  private final Set<String> methods = new TreeSet<>();
  private int differing;
  private int regions;
  private long entriesA;
  private long entriesB;

  DiffReport(final PrintWriter out, final Style style, final Labels labelsA, final Labels labelsB) {
    this.out = out;
    this.style = style;
    this.labelsA = labelsA;
    this.labelsB = labelsB;
  }

  /** Prints a differing thread. */
  @Override
  public void thread(final String name, final ThreadDiff.Result r) {
    differing++;
    regions += r.regions();
    entriesA += r.entriesA();
    entriesB += r.entriesB();
    methods.addAll(r.methods());
    out.append(style.method("thread " + name)).append(": first difference at entry #").append(
        Long.toString(r.a().ordinal())).append(" of A and #").append(Long.toString(r.b().ordinal())).append(" of B\n");
    if (!r.before().isEmpty()) {
      out.append("  before it, in both:\n");
      for (final ThreadDiff.Common c : r.before()) {
        out.append("    ").append(style.dim("#" + c.ordinalA() + "/#" + c.ordinalB())).append("  ")
            .append(labelsA.block(c.block())).append('\n');
      }
    }
    side("A", r.a(), labelsA, true);
    side("B", r.b(), labelsB, false);
    if (r.a().again() >= 0) {
      out.append("  agree again at entry #").append(Long.toString(r.a().again())).append(" of A and #")
          .append(Long.toString(r.b().again())).append(" of B\n");
    } else {
      out.append("  they do not agree again\n");
    }
    out.append("  ").append(Integer.toString(r.regions())).append(r.regions() == 1 ? " differing region: " : " differing regions: ")
        .append(Long.toString(r.entriesA())).append(" entries of A, ").append(Long.toString(r.entriesB()))
        .append(" of B\n\n");
  }

  /** Prints the summary; {@code compared} threads were in both traces. */
  @Override
  public void summary(final int compared, final long entries, final List<String> onlyA, final List<String> onlyB) {
    if (differing == 0 && onlyA.isEmpty() && onlyB.isEmpty()) {
      out.append("the traces are equal: ").append(Integer.toString(compared)).append(compared == 1 ? " thread, " : " threads, ")
          .append(Long.toString(entries)).append(" block entries\n");
      return;
    }
    out.append(style.method("summary")).append(": ").append(Integer.toString(differing)).append(" of ")
        .append(Integer.toString(compared)).append(" threads in both traces differ");
    out.append("; only in A: ").append(onlyA.isEmpty() ? "none" : String.join(", ", onlyA));
    out.append("; only in B: ").append(onlyB.isEmpty() ? "none" : String.join(", ", onlyB)).append('\n');
    if (differing > 0) {
      out.append("  differing entries: ").append(Long.toString(entriesA)).append(" of A, ")
          .append(Long.toString(entriesB)).append(" of B, in ").append(Integer.toString(regions))
          .append(regions == 1 ? " region\n" : " regions\n");
      out.append("  methods in them (").append(Integer.toString(methods.size())).append("): ")
          .append(String.join(", ", methods)).append('\n');
    }
  }

  private void side(final String name, final ThreadDiff.Side side, final Labels labels, final boolean left) {
    final String title = left ? style.left(name) : style.right(name);
    if (side.next().isEmpty()) {
      out.append("  ").append(title).append(": nothing here (the other side has more entries)\n");
    } else {
      out.append("  ").append(title).append(":\n");
      for (final ThreadDiff.Entry e : side.next()) {
        out.append("    ").append(style.dim("#" + e.ordinal())).append("  ").append(labels.block(e.block())).append('\n');
      }
    }
    out.append("    call stack:\n");
    for (final ThreadDiff.Frame f : side.stack()) {
      out.append("      at ").append(labels.frame(f.method(), f.block())).append('\n');
    }
  }
}
