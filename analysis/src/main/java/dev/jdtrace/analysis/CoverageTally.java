package dev.jdtrace.analysis;

import dev.jdtrace.analysis.CoverageCode.Insn;
import dev.jdtrace.analysis.CoverageCode.MethodCode;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads a trace for the coverage formats, all threads added up: how often each block ran to its end, and
 * how often each branch of a conditional jump or switch was taken. The class files (see
 * {@link CoverageCode}) are read when the dictionary arrives; {@link #end()} hands the finished
 * {@link CoverageModel} on.
 *
 * <p>A block entered but left by an exception thrown by one of its own instructions (the next block of the
 * thread is one of its handlers, or the thread leaves the method or ends there) did not run to its end,
 * and which of its instructions ran is not in the trace: such an entry covers none of them. A block whose
 * call entered a traced callee ran to its end (the call ran, whatever it threw); one followed by a handler
 * (its own or a caller's) may have thrown before its call, and counts as unfinished. A block ending in {@code athrow} is
 * complete once entered, and so is one ending in a return unless its own handler follows it. A block that
 * starts a class initialiser is judged by what follows once the initialiser has run. Not told apart: an
 * exception thrown by an instruction of a block ending in a return, caught by a caller (it looks like the
 * return).
 */
public final class CoverageTally implements TraceVisitor {
  private final List<Path> classpath;
  private final Consumer<CoverageModel> done;
  private TraceDictionary dictionary;
  private List<MethodCode> code;
  private long[] entries;
  private long[] unfinished;
  private final Map<Long, Long> edges = new HashMap<>();
  private int last = -1;
  /**
   * The branching blocks of the current thread whose target is not known yet, innermost last: a block can
   * start class initialisers, whose own branches come before its target.
   */
  private final ArrayDeque<Integer> pending = new ArrayDeque<>();
  /**
   * The blocks of the current thread that started a class initialiser, with the initialiser's method,
   * innermost last: each is judged once its initialiser returned or threw.
   */
  private final ArrayDeque<int[]> suspended = new ArrayDeque<>();

  public CoverageTally(final List<Path> classpath, final Consumer<CoverageModel> done) {
    this.classpath = List.copyOf(classpath);
    this.done = done;
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    dictionary = d;
    code = CoverageCode.read(d, classpath);
    entries = new long[d.blocks().size()];
    unfinished = new long[d.blocks().size()];
  }

  @Override
  public void thread(final String name) {
    leave(-1);
    last = -1;
    pending.clear();
    suspended.clear();
  }

  @Override
  public void block(final int block) {
    entries[block]++;
    leave(block);
    final int method = dictionary.blocks().get(block).methodIndex();
    while (!pending.isEmpty()) {
      final int from = pending.peekLast();
      final BlockEntry branch = dictionary.blocks().get(from);
      if (branch.methodIndex() == method) {
        if (lastInsn(from).targets().contains(dictionary.blocks().get(block).startBci())) {
          edges.merge(edge(from, block), 1L, Long::sum);
        }
        pending.removeLast();
        break;
      }
      if (!branch.clinits().isEmpty()) {
        break; // a class initialiser it started runs first
      }
      pending.removeLast(); // its frame was left by an exception: no branch taken
    }
    if (lastInsn(block).targets().size() > 1) {
      pending.addLast(block);
    }
    last = block;
  }

  /**
   * Counts the previous block as unfinished when {@code next} (-1: the thread's end) shows that it may not
   * have run to its end. Which instruction threw is not in the trace, so when it is unknown whether the
   * last one ran, the entry covers nothing: a covered instruction is one that certainly ran. A block that
   * starts a class initialiser (other than by its call) is judged when its method goes on after it.
   */
  private void leave(final int next) {
    if (last >= 0) {
      final BlockEntry b = dictionary.blocks().get(last);
      if (next >= 0 && b.end() != BlockEnd.INVOKE && startsInitialiser(b, next)) {
        suspended.addLast(new int[] {last, method(next)});
        return;
      }
      if (threw(last, next)) {
        unfinished[last]++;
      }
      if (!suspended.isEmpty() && b.end() == BlockEnd.RETURN && method(last) == suspended.peekLast()[1]) {
        // The initialiser returned: the block that started it goes on with next, maybe another initialiser.
        final int s = suspended.removeLast()[0];
        if (next >= 0 && startsInitialiser(dictionary.blocks().get(s), next)) {
          suspended.addLast(new int[] {s, method(next)});
        } else if (threw(s, next)) {
          unfinished[s]++;
        }
        return;
      }
    }
    if (suspended.isEmpty()) {
      return;
    }
    if (next < 0) {
      suspended.forEach(s -> unfinished[s[0]]++); // the thread ended in an initialiser
      suspended.clear();
    } else if (method(suspended.peekLast()[0]) == method(next)) {
      // The initialiser threw: next is where the block's method goes on.
      final int s = suspended.removeLast()[0];
      if (threw(s, next)) {
        unfinished[s]++;
      }
    }
  }

  private boolean startsInitialiser(final BlockEntry b, final int next) {
    return dictionary.blocks().get(next).startBci() == 0 && b.clinits().contains(method(next));
  }

  private int method(final int block) {
    return dictionary.blocks().get(block).methodIndex();
  }

  /** Whether block {@code b}, followed by {@code next} (-1: the thread's end), may not have run to its end. */
  private boolean threw(final int b, final int next) {
    final BlockEnd end = dictionary.blocks().get(b).end();
    if (end == BlockEnd.THROW) {
      return false;
    }
    if (next >= 0 && method(next) == method(b)) {
      // One of its handlers: thrown by one of its instructions (or by an untraced callee: not told apart).
      return dictionary.blocks().get(b).handlers().contains(next) && !normalSuccessor(b, next);
    }
    if (end == BlockEnd.RETURN) {
      return false; // returned (or unwound, which the caller's next block does not tell apart)
    }
    if (next < 0) {
      return true; // the thread ended inside the block: something threw, or a call never returned (exit)
    }
    // A call's traced callee (or a callback from an untraced one) starts at its first instruction after the
    // call ran; any other block of another method means the frame was unwound, by the call or before it.
    return end != BlockEnd.INVOKE || dictionary.blocks().get(next).startBci() != 0;
  }

  private boolean normalSuccessor(final int from, final int to) {
    final int start = dictionary.blocks().get(to).startBci();
    if (lastInsn(from).targets().contains(start)) {
      return true;
    }
    final BlockEnd how = dictionary.blocks().get(from).end();
    if (how == BlockEnd.GOTO || how == BlockEnd.SWITCH || how == BlockEnd.RETURN || how == BlockEnd.THROW
        || how == BlockEnd.SUBROUTINE) {
      return false; // no way on to the next instruction
    }
    final List<Insn> insns = code.get(dictionary.blocks().get(from).methodIndex()).insns();
    final int end = dictionary.blocks().get(from).endBci();
    for (int i = 0; i + 1 < insns.size(); i++) {
      if (insns.get(i).bci() == end) {
        return insns.get(i + 1).bci() == start;
      }
    }
    return false;
  }

  private Insn lastInsn(final int block) {
    final BlockEntry b = dictionary.blocks().get(block);
    final List<Insn> insns = code.get(b.methodIndex()).insns();
    int lo = 0;
    int hi = insns.size() - 1;
    while (lo < hi) {
      final int mid = (lo + hi) >>> 1;
      if (insns.get(mid).bci() < b.endBci()) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return insns.get(lo);
  }

  static long edge(final int from, final int to) {
    return (long) from << 32 | to & 0xffffffffL;
  }

  @Override
  public void end() {
    leave(-1);
    last = -1;
    final long[] finished = new long[entries.length];
    for (int b = 0; b < entries.length; b++) {
      finished[b] = entries[b] - unfinished[b];
    }
    done.accept(CoverageModel.of(dictionary, code, entries, finished, edges));
  }
}
