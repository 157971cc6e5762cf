package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.driver.stream.ExceptionRecord;
import dev.jdtrace.profiler.icfg.CallTargets;
import dev.jdtrace.profiler.icfg.IcfgModel;
import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.Program;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.ThreadStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The decoding walk of DESIGN §2 for one thread: from the thread's untraced bottom frame, follow the
 * ICFG with a call stack, taking at each choice the one successor consistent with the stream's head.
 * No consistent successor: the run diverged. Several: the plan was ambiguous. It never guesses.
 */
public final class Walker {
  private final IcfgModel model;
  private final Program program;
  private final Consistency consistency;
  private final String thread;
  private final int[] events;
  private final List<ExceptionRecord> exceptions;
  private final List<Frame> stack = new ArrayList<>();
  private final BitSet initialised = new BitSet();
  private int pos;
  private int[] path = new int[256];
  private int length;

  public Walker(final IcfgModel model, final String thread, final ThreadStream stream) {
    this.model = model;
    this.program = model.program();
    this.consistency = new Consistency(model);
    this.thread = thread;
    this.events = stream.hits();
    this.exceptions = stream.exceptions();
  }

  /**
   * Decodes the thread's block path.
   *
   * @throws ReconstructionException on divergence or ambiguity, naming thread, method, bci and line
   */
  public int[] decode() {
    stack.add(Frame.external(-1));
    final long limit = 4L * program.blockCount() + 10_000;
    long idle = 0;
    int lastPos = -1;
    while (!stack.isEmpty()) {
      if (pos != lastPos) {
        lastPos = pos;
        idle = 0;
      } else if (++idle > limit) {
        throw fail("made no progress through " + limit + " blocks: the plan leaves a witness-free cycle");
      }
      final Frame top = top();
      if (head() < 0 && atThrowPoint(exceptions.get(-head() - 1), top)) {
        unwind(exceptions.get(-head() - 1));
      } else if (top.isExternal()) {
        stepExternal(top);
      } else {
        stepTraced(top);
      }
    }
    if (pos != events.length) {
      throw fail("the thread's path ended but " + (events.length - pos) + " stream events remain");
    }
    final int[] result = Arrays.copyOf(path, length);
    selfCheck(result);
    return result;
  }

  private void stepExternal(final Frame top) {
    final int h = head();
    if (h == Integer.MAX_VALUE) {
      if (top.site < 0) {
        stack.remove(stack.size() - 1);
        return;
      }
      returnFromExternal(top);
      return;
    }
    final Goal goal = goal();
    final int callback = callbackFor(goal);
    final boolean returns = top.site >= 0 && consistency.returnSite(top.site) >= 0
        && consistency.consistent(consistency.returnSite(top.site), goal, stack, stack.size() - 2);
    if (callback >= 0 && returns) {
      throw fail("ambiguous plan: a callback into " + program.methods().get(callback).id()
          + " or the return of the untraced call at " + where(top.site) + " both explain " + describe(goal)
          + " [return site first set " + Arrays.toString(model.first().of(consistency.returnSite(top.site))) + "]");
    }
    if (callback >= 0) {
      push(Frame.traced(callback, false), program.blockId(callback, 0));
    } else if (returns) {
      returnFromExternal(top);
    } else {
      throw fail("diverged: untraced code" + (top.site >= 0 ? " called at " + where(top.site) : "")
          + " cannot lead to " + describe(goal));
    }
  }

  private int callbackFor(final Goal goal) {
    if (goal.kind() == Goal.Kind.WITNESS) {
      return model.callbackOf(goal.witness());
    }
    if (goal.kind() == Goal.Kind.THROW_TRACED) {
      final int m = program.methodOf(goal.throwBlock());
      if (model.isCallback(m) && consistency.reaches(program.blockId(m, 0), goal.throwBlock())) {
        return m;
      }
    }
    return -1;
  }

  private void returnFromExternal(final Frame top) {
    stack.remove(stack.size() - 1);
    enter(consistency.returnSite(top.site));
  }

  private void stepTraced(final Frame top) {
    final int b = top.block;
    final int h = head();
    for (final int clinit : model.clinits(b)) {
      if (h >= 0 && !initialised.get(clinit) && h == program.blockId(clinit, 0)) {
        initialised.set(clinit);
        push(Frame.traced(clinit, true), h);
        return;
      }
    }
    final Block block = program.block(b);
    final int method = program.methodOf(b);
    switch (block.end()) {
      case RETURN -> {
        final Frame done = stack.remove(stack.size() - 1);
        final Frame below = top();
        if (done.kind == Frame.Kind.TRACED && !below.isExternal()) {
          enter(consistency.returnSite(below.block));
        }
      }
      case THROW -> throw fail("diverged: the block ends in athrow but the stream holds " + describe(goal()));
      case INVOKE -> {
        final CallTargets t = model.targets(b);
        if (t.external()) {
          stack.add(Frame.external(b));
        } else if (t.isPure()) {
          enter(consistency.returnSite(b));
        } else {
          final int callee = choose(t.traced().stream().map(m -> program.blockId(m, 0)).toList(), stack.size());
          push(Frame.traced(program.methodOf(callee), false), callee);
        }
      }
      default -> enter(choose(block.successors().stream().map(s -> program.blockId(method, s)).toList(),
          stack.size() - 1));
    }
  }

  /** The one candidate consistent with the head; candidates run in the frame at {@code depth}. */
  private int choose(final List<Integer> candidates, final int depth) {
    if (candidates.size() == 1) {
      return candidates.get(0);
    }
    if (candidates.isEmpty()) {
      throw fail("diverged: the block has no way on");
    }
    final Goal goal = goal();
    int chosen = -1;
    for (final int c : candidates) {
      if (consistency.consistent(c, goal, stack, depth)) {
        if (chosen >= 0) {
          throw fail("ambiguous plan: both " + where(chosen) + " and " + where(c) + " lead to " + describe(goal));
        }
        chosen = c;
      }
    }
    if (chosen < 0) {
      throw fail("diverged: no successor leads to " + describe(goal));
    }
    return chosen;
  }

  private boolean atThrowPoint(final ExceptionRecord e, final Frame top) {
    if (e.throwBlock() >= 0) {
      return !top.isExternal() && top.block == e.throwBlock();
    }
    return top.isExternal() || (model.targets(top.block) != null && model.targets(top.block).isPure());
  }

  /** Pops the frames the exception unwound and enters the handler that caught it. */
  private void unwind(final ExceptionRecord e) {
    pos++;
    int popped = 0;
    while (popped < e.unwound()) {
      if (stack.size() <= 1) {
        throw fail("diverged: an exception unwound more traced frames than the thread has");
      }
      if (!stack.remove(stack.size() - 1).isExternal()) {
        popped++;
      }
    }
    if (e.catchBlock() == ExceptionRecord.UNCAUGHT) {
      stack.clear();
      return;
    }
    if (e.catchBlock() == ExceptionRecord.UNTRACED) {
      if (!top().isExternal()) {
        throw fail("diverged: an exception caught in untraced code left a traced frame on top");
      }
      return;
    }
    while (top().isExternal() && stack.size() > 1) {
      stack.remove(stack.size() - 1);
    }
    if (top().isExternal() || top().method != program.methodOf(e.catchBlock())) {
      throw fail("diverged: the exception's handler " + where(e.catchBlock()) + " is not in the frame it unwound to");
    }
    enter(e.catchBlock());
  }

  private void push(final Frame frame, final int entry) {
    stack.add(frame);
    enter(entry);
  }

  /** Enters a block in the top frame; a witness must be the stream's head. */
  private void enter(final int block) {
    if (block < 0) {
      throw fail("diverged: a call returned where its method has no return site");
    }
    top().block = block;
    if (length == path.length) {
      path = Arrays.copyOf(path, length * 2);
    }
    path[length++] = block;
    if (model.isWitness(block)) {
      if (head() != block) {
        throw fail("diverged: entered witness " + where(block) + " but the stream holds " + describe(goal()));
      }
      pos++;
    }
  }

  private Frame top() {
    return stack.get(stack.size() - 1);
  }

  /** The next event: a witness id, -(k+1) for the k-th exception, or MAX_VALUE at the end. */
  private int head() {
    return pos < events.length ? events[pos] : Integer.MAX_VALUE;
  }

  private Goal goal() {
    final int h = head();
    if (h == Integer.MAX_VALUE) {
      return Goal.END;
    }
    return h >= 0 ? Goal.witness(h) : Goal.of(exceptions.get(-h - 1));
  }

  /** The path projected on the witnesses must be the stream's hits exactly. */
  private void selfCheck(final int[] result) {
    int k = 0;
    for (final int b : result) {
      if (model.isWitness(b)) {
        while (k < events.length && events[k] < 0) {
          k++;
        }
        if (k >= events.length || events[k] != b) {
          throw fail("self-check failed: the decoded path does not reproduce the stream");
        }
        k++;
      }
    }
  }

  private String describe(final Goal goal) {
    return switch (goal.kind()) {
      case WITNESS -> "witness " + where(goal.witness());
      case END -> "the end of the thread";
      case THROW_TRACED -> "an exception thrown at " + where(goal.throwBlock());
      case THROW_UNTRACED -> "an exception thrown in untraced code";
    };
  }

  private String where(final int block) {
    final Block b = program.block(block);
    final String source = program.declaringClass(program.methodOf(block)).sourceFile();
    return program.methodOfBlock(block).id() + " bci " + b.startBci()
        + (b.firstLine() > 0 ? " (" + (source == null ? "?" : source) + ":" + b.firstLine() + ")" : "");
  }

  private ReconstructionException fail(final String what) {
    final String at = stack.isEmpty() || top().isExternal() ? "in untraced code" : "at " + where(top().block);
    return new ReconstructionException("thread " + thread + ", " + at + ", stream event " + pos + ": " + what);
  }
}
