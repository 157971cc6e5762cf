package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.icfg.CallTargets;
import dev.jdtrace.plan.icfg.FirstSets;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.trace.stream.HitVisitor;
import java.util.BitSet;
import java.util.List;

/**
 * Whether a candidate continuation of the walk reaches one session's stream head before any other witness
 * of that session, which DESIGN §2 calls being consistent with the head: FIRST sets answer within calls;
 * when a witness-free path can return, the real caller on the walk's stack says what follows. One per
 * session, since each has its own witnesses; the walk keeps a candidate only when it leads to every head.
 */
final class HeadReach {
  private final IcfgModel model;
  private final Program program;
  private final FirstSets first;
  private final WitnessFreePaths paths;
  /** Where the thread started, when it ends back there; then the end of its streams is that stack. */
  private final StartStack home;
  /** Per walk depth of a start frame: whether its callee frames can be re-entered up to the top one. */
  private final boolean[] onward;

  /**
   * For a thread that started inside traced code at an attach ({@link StartStack}); with a {@code null} start,
   * for a thread that entered from untraced code.
   */
  HeadReach(final IcfgModel model, final StartStack start) {
    this.model = model;
    this.program = model.program();
    this.first = model.first();
    this.paths = new WitnessFreePaths(model);
    this.home = start != null && start.endsThere() ? start : null;
    this.onward = home == null ? new boolean[0] : onward(home);
  }

  /** The session's witness-free paths, which also place callbacks that lead to a throw or halt. */
  WitnessFreePaths paths() {
    return paths;
  }

  /**
   * onward[d]: from where the frame at depth d is entered, every start frame from d up can be reached
   * again without a witness: a traced frame from its method's entry to its call block, an untraced frame
   * by any callback (untraced code may call any traced method back).
   */
  private boolean[] onward(final StartStack start) {
    final boolean[] ok = new boolean[start.top() + 1];
    ok[start.top()] = true;
    for (int d = start.top() - 1; d >= 1; d--) {
      final int call = start.frame(d);
      ok[d] = ok[d + 1] && (call == HitVisitor.UNTRACED
          || paths.reaches(program.blockId(program.methodOf(call), 0), call));
    }
    return ok;
  }

  /**
   * Whether entering {@code block} in the start frame at {@code depth} can get back to the start stack
   * without a witness: to that frame's call block, then into the frames above it again.
   */
  private boolean backHome(final int block, final List<WalkFrame> stack, final int depth) {
    if (depth < 1 || depth >= home.top() || home.frame(depth) < 0) {
      return false;
    }
    final int call = home.frame(depth);
    return program.methodOf(block) == program.methodOf(call) && onward[depth + 1] && home.below(stack, depth)
        && paths.reaches(block, call);
  }

  /**
   * Whether entering {@code block}, in a frame sitting at {@code depth} of the stack (the frames below it
   * are {@code stack[0..depth-1]}), can reach the head first.
   *
   * @param interrupt whether that frame is a class initialiser interrupting the frame below
   */
  boolean leadsTo(final int block, final StreamHead head, final List<WalkFrame> stack, final int depth,
      final boolean interrupt) {
    if (within(block, head)) {
      return true;
    }
    if (home != null && head.kind() == StreamHead.Kind.END && backHome(block, stack, depth)) {
      return true;
    }
    return first.contains(block, FirstSets.EXIT) && afterReturn(head, stack, depth, interrupt);
  }

  /** Whether the real frame at {@code depth} is an interrupt. */
  static boolean interrupt(final List<WalkFrame> stack, final int depth) {
    return depth >= 0 && depth < stack.size() && stack.get(depth).kind == WalkFrame.Kind.INTERRUPT;
  }

  /** Whether the head can come first after the frame at {@code depth} returns. */
  private boolean afterReturn(final StreamHead head, final List<WalkFrame> stack, final int depth,
      final boolean interrupt) {
    if (depth == 0) {
      return head.kind() == StreamHead.Kind.END;
    }
    final WalkFrame below = stack.get(depth - 1);
    if (below.isUntraced()) {
      return throughUntraced(below, head, stack, depth - 1);
    }
    return continuation(below.block, head, stack, depth - 1, interrupt);
  }

  /** Whether untraced code entered at frame {@code depth} can lead to the head first. */
  private boolean throughUntraced(final WalkFrame frame, final StreamHead head, final List<WalkFrame> stack,
      final int depth) {
    if (frame.sealed) {
      return head.kind() == StreamHead.Kind.END; // the window's call is over: nothing of it follows
    }
    switch (head.kind()) {
      case WITNESS -> {
        if (model.callbackOf(head.witness()) >= 0) {
          return true;
        }
      }
      case THROW_UNTRACED, THROW_TRACED, HALT_UNTRACED, HALT_TRACED -> {
        if (head.inUntraced() && frame.site == head.pointBlock()) {
          return true;
        }
        // a callback must reach the throw block without a witness.
        final BitSet cbs = model.callbacks();
        for (int m = cbs.nextSetBit(0); m >= 0; m = cbs.nextSetBit(m + 1)) {
          if (paths.reaches(program.blockId(m, 0), head.pointBlock())) {
            return true;
          }
        }
      }
      case END -> {
        if (home == null ? frame.site < 0 : atHome(frame, stack, depth)) {
          return true; // the thread leaves traced code, or it is back at its start stack
        }
      }
    }
    if (frame.initialiser) {
      return continuation(frame.site, head, stack, depth - 1, true); // the block that started it goes on
    }
    return frame.site >= 0 && returnSite(frame.site) >= 0
        && leadsTo(returnSite(frame.site), head, stack, depth - 1, interrupt(stack, depth - 1));
  }

  /**
   * Whether the block {@code block} of the frame at {@code depth}, going on after the untraced class
   * initialisers it started, can reach the head first.
   */
  boolean resumes(final int block, final StreamHead head, final List<WalkFrame> stack, final int depth) {
    return continuation(block, head, stack, depth, true);
  }

  /** Whether an untraced frame at {@code depth}, over the real frames below it, is the start's top frame. */
  private boolean atHome(final WalkFrame frame, final List<WalkFrame> stack, final int depth) {
    return depth == home.top() && depth >= 2 && frame.site == home.frame(depth - 1) && home.below(stack, depth);
  }

  /**
   * What follows a block of the frame at {@code depth} once control comes back to it: after a call
   * returns (its return site), or after a class initialiser interrupted it (the block's own way on).
   */
  private boolean continuation(final int block, final StreamHead head, final List<WalkFrame> stack, final int depth,
      final boolean interrupted) {
    if (!interrupted) {
      final int r = returnSite(block);
      return r >= 0 && leadsTo(r, head, stack, depth, interrupt(stack, depth));
    }
    if (head.isPoint() && head.pointBlock() == block
        && (!head.inUntraced() || (model.targets(block) != null && model.targets(block).isPure()))) {
      return true; // the point lies in the interrupted block itself (or its pure call), after the initialiser
    }
    // The block's next class initialiser can run before its way on. Every initialiser's entry is a witness of
    // the plan, but not of every session: a session without it sees the initialiser's first witnesses in its own
    // profile, so its head can lie deeper in it. The entry's FIRST set says so (just the entry, where it is held).
    for (final int clinit : model.clinits(block)) {
      if (within(program.blockId(clinit, 0), head)) {
        return true;
      }
    }
    final Block b = program.block(block);
    final int method = program.methodOf(block);
    switch (b.end()) {
      case RETURN -> {
        return afterReturn(head, stack, depth, interrupt(stack, depth));
      }
      case THROW -> {
        return (head.kind() == StreamHead.Kind.THROW_TRACED || head.kind() == StreamHead.Kind.HALT_TRACED)
            && head.pointBlock() == block;
      }
      case INVOKE -> {
        final CallTargets t = model.targets(block);
        if (t.external()) {
          return throughUntraced(WalkFrame.untraced(block), head, stack, depth + 1);
        }
        if (t.isPure()) {
          // The pure call runs after the initialiser (Math.abs(C.X)): it can throw right there, or return.
          return head.kind() == StreamHead.Kind.THROW_UNTRACED && head.pointBlock() == block
              || leadsTo(returnSite(block), head, stack, depth, interrupt(stack, depth));
        }
        for (final int m : t.traced()) {
          if (leadsTo(program.blockId(m, 0), head, stack, depth + 1, false)) {
            return true;
          }
        }
        return false;
      }
      default -> {
        for (final int s : b.successors()) {
          if (leadsTo(program.blockId(method, s), head, stack, depth, interrupt(stack, depth))) {
            return true;
          }
        }
        return false;
      }
    }
  }

  /** Whether the head can be reached from entering the block without returning from its frame. */
  private boolean within(final int block, final StreamHead head) {
    return switch (head.kind()) {
      case WITNESS -> first.contains(block, head.witness())
          || (first.contains(block, FirstSets.EXTERNAL) && model.callbackOf(head.witness()) >= 0);
      case END -> false;
      case THROW_UNTRACED, THROW_TRACED, HALT_UNTRACED, HALT_TRACED -> paths.reaches(block, head.pointBlock());
    };
  }

  /** The block after the call ending {@code block}, or -1. */
  int returnSite(final int block) {
    final List<Integer> s = program.block(block).successors();
    return s.isEmpty() ? -1 : program.blockId(program.methodOf(block), s.get(0));
  }
}
