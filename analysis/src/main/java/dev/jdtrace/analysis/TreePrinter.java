package dev.jdtrace.analysis;

import dev.jdtrace.plan.NamePattern;
import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import java.io.PrintWriter;
import java.util.List;

/**
 * Prints folded call-tree items for {@code show}: a call as {@code Class.method (File.java:line)} with
 * its body indented below, each run of block entries in one frame as its line range, a loop whose
 * iterations are runs as one line with {@code × count}, other loops as {@code loop × count} with one
 * iteration below. Each line ends with the ordinal of its first block entry. Filters: a method pattern
 * (only the calls that match, and what they call, are printed, each with its callers) and a depth limit.
 */
final class TreePrinter {
  private final PrintWriter out;
  private final Labels labels;
  private final Style style;
  private final NamePattern method;
  private final int maxDepth;

  /** What a scope prints: everything, nothing but matching calls found below, or nothing. */
  enum Mode { SHOWN, SEARCHING, HIDDEN }

  /** Callers of a scope, innermost first. */
  record Chain(int method, Chain up) {
  }

  /**
   * Where items are printed.
   *
   * @param mode what is printed
   * @param level indentation of the scope's items
   * @param times iterations of the loops around it that are not printed
   * @param callers the calls around it that are not printed, for a matching call's header
   */
  record Scope(Mode mode, int level, long times, Chain callers) {
  }

  /**
   * @param method print only calls of methods ({@code a.b.Class.method}) matching this, or all when null
   * @param maxDepth print calls at most this many levels deep
   */
  TreePrinter(final PrintWriter out, final Labels labels, final Style style, final NamePattern method,
      final int maxDepth) {
    this.out = out;
    this.labels = labels;
    this.style = style;
    this.method = method;
    this.maxDepth = maxDepth;
  }

  /** The scope of a thread's outermost frames. */
  Scope threadScope() {
    return new Scope(method == null ? Mode.SHOWN : Mode.SEARCHING, 1, 1, null);
  }

  /** The scope of a call of method {@code m} made in {@code parent}. */
  Scope enter(final Scope parent, final int m) {
    return switch (parent.mode()) {
      case HIDDEN -> parent;
      case SHOWN -> new Scope(parent.level() > maxDepth ? Mode.HIDDEN : Mode.SHOWN, parent.level() + 1, 1,
          parent.callers());
      case SEARCHING -> method.matches(labels.method(m)) ? new Scope(Mode.SHOWN, 2, parent.times(), parent.callers())
          : new Scope(Mode.SEARCHING, 1, parent.times(), new Chain(m, parent.callers()));
    };
  }

  /** The header line of a call whose scope is {@code scope}, if it is printed; {@code times} over 1 is shown. */
  void header(final Scope scope, final int m, final long ordinal, final long times) {
    if (scope.mode() != Mode.SHOWN) {
      return;
    }
    final StringBuilder line = new StringBuilder();
    line.append(style.method(labels.method(m))).append(' ')
        .append(style.place("(" + labels.place(m, labels.firstLine(m)) + ")"));
    final long count = method != null && scope.level() == 2 ? times * scope.times() : times;
    if (count > 1) {
      line.append(' ').append(style.count("× " + count));
    }
    if (method != null && scope.level() == 2) {
      if (scope.callers() != null) {
        line.append(style.dim("  in " + callers(scope.callers())));
      }
    }
    print(scope.level() - 1, line, ordinal);
  }

  /** Prints items of a scope. */
  void items(final List<Folded> items, final Scope scope) {
    if (scope.mode() == Mode.HIDDEN) {
      return;
    }
    for (int i = 0; i < items.size(); i++) {
      final Folded item = items.get(i);
      if (item instanceof Folded.Step) {
        int j = i;
        while (j + 1 < items.size() && items.get(j + 1) instanceof Folded.Step) {
          j++;
        }
        if (scope.mode() == Mode.SHOWN) {
          print(scope.level(), new StringBuilder(range(items.subList(i, j + 1))), item.ordinal());
        }
        i = j;
      } else if (item instanceof Folded.Loop loop) {
        loop(loop, scope);
      } else if (item instanceof Folded.Call call) {
        call(call, scope, 1);
      }
    }
  }

  private void loop(final Folded.Loop loop, final Scope scope) {
    final String times = style.count("× " + loop.count());
    if (scope.mode() != Mode.SHOWN) {
      items(loop.body(), new Scope(scope.mode(), scope.level(), scope.times() * loop.count(), scope.callers()));
    } else if (loop.body().size() == 1 && loop.body().get(0) instanceof Folded.Call call) {
      call(call, scope, loop.count());
    } else if (loop.body().stream().allMatch(Folded.Step.class::isInstance)) {
      print(scope.level(), new StringBuilder(range(loop.body())).append(' ').append(times), loop.ordinal());
    } else {
      print(scope.level(), new StringBuilder("loop ").append(times), loop.ordinal());
      items(loop.body(), new Scope(Mode.SHOWN, scope.level() + 1, 1, scope.callers()));
    }
  }

  private void call(final Folded.Call call, final Scope scope, final long times) {
    final Scope inner = enter(scope, call.method());
    header(inner, call.method(), call.ordinal(), times);
    items(call.body(), inner);
  }

  /** {@code lines a-b} (or {@code line a}) over a run of steps, or their bci range without line numbers. */
  private String range(final List<Folded> steps) {
    int low = Integer.MAX_VALUE;
    int high = Integer.MIN_VALUE;
    for (final Folded step : steps) {
      for (final int line : labels.dictionary().blocks().get(((Folded.Step) step).block()).lines()) {
        low = Math.min(low, line);
        high = Math.max(high, line);
      }
    }
    if (low == Integer.MAX_VALUE) {
      final BlockEntry first = labels.dictionary().blocks().get(((Folded.Step) steps.get(0)).block());
      final BlockEntry last = labels.dictionary().blocks().get(((Folded.Step) steps.get(steps.size() - 1)).block());
      return "bci " + first.startBci() + "-" + last.endBci();
    }
    return low == high ? "line " + low : "lines " + low + "-" + high;
  }

  private String callers(final Chain chain) {
    return chain.up() == null ? labels.method(chain.method()) : callers(chain.up()) + " > " + labels.method(chain.method());
  }

  private void print(final int level, final StringBuilder text, final long ordinal) {
    out.append("  ".repeat(level)).append(text).append("  ").append(style.dim("#" + ordinal)).append('\n');
  }
}
