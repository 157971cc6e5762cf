package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.profiler.icfg.CallTargets;
import dev.jdtrace.profiler.icfg.FirstSets;
import dev.jdtrace.profiler.icfg.IcfgModel;
import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.Program;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.List;

/**
 * Whether a candidate continuation of the walk can reach the goal before any other witness (DESIGN §2):
 * FIRST sets answer within calls; when a witness-free path can return, the real caller on the walk's
 * stack says what follows.
 */
final class Consistency {
  private final IcfgModel model;
  private final Program program;
  private final FirstSets first;
  /** Entry blocks of the callbacks, which untraced code may call. */
  private final int[] callbackEntries;
  /** Per throw block: the blocks that reach it without a witness ({@link #reaches}). */
  private final java.util.Map<Integer, BitSet> reaching = new java.util.HashMap<>();
  private int[][] predecessors;
  /** Where the thread started, when it ends back there; then the end of its streams is that stack. */
  private final StartStack home;
  /** Per walk depth of a start frame: whether its callee frames can be re-entered up to the top one. */
  private final boolean[] onward;

  Consistency(final IcfgModel model) {
    this(model, null);
  }

  /**
   * Consistency for a thread that started inside traced code at an attach ({@link StartStack}); with a
   * {@code null} start, for a thread that entered from untraced code.
   */
  Consistency(final IcfgModel model, final StartStack start) {
    this.model = model;
    this.program = model.program();
    this.first = model.first();
    this.callbackEntries = model.callbacks().stream().map(m -> program.blockId(m, 0)).toArray();
    this.home = start != null && start.endsThere() ? start : null;
    this.onward = home == null ? new boolean[0] : onward(home);
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
      ok[d] = ok[d + 1] && (call == dev.jdtrace.driver.stream.HitVisitor.UNTRACED
          || reaches(program.blockId(program.methodOf(call), 0), call));
    }
    return ok;
  }

  /**
   * Whether entering {@code block} in the start frame at {@code depth} can get back to the start stack
   * without a witness: to that frame's call block, then into the frames above it again.
   */
  private boolean backHome(final int block, final List<Frame> stack, final int depth) {
    if (depth < 1 || depth >= home.top() || home.frame(depth) < 0) {
      return false;
    }
    final int call = home.frame(depth);
    return program.methodOf(block) == program.methodOf(call) && onward[depth + 1] && home.below(stack, depth)
        && reaches(block, call);
  }

  /**
   * Whether entering {@code block}, in a frame sitting at {@code depth} of the stack (the frames below it
   * are {@code stack[0..depth-1]}), can reach the goal first.
   *
   * @param interrupt whether that frame is a class initialiser interrupting the frame below
   */
  boolean consistent(final int block, final Goal goal, final List<Frame> stack, final int depth,
      final boolean interrupt) {
    if (within(block, goal)) {
      return true;
    }
    if (home != null && goal.kind() == Goal.Kind.END && backHome(block, stack, depth)) {
      return true;
    }
    return first.contains(block, FirstSets.EXIT) && afterReturn(goal, stack, depth, interrupt);
  }

  /** Whether the real frame at {@code depth} is an interrupt. */
  static boolean interrupt(final List<Frame> stack, final int depth) {
    return depth >= 0 && depth < stack.size() && stack.get(depth).kind == Frame.Kind.INTERRUPT;
  }

  /** Whether the goal can come first after the frame at {@code depth} returns. */
  private boolean afterReturn(final Goal goal, final List<Frame> stack, final int depth, final boolean interrupt) {
    if (depth == 0) {
      return goal.kind() == Goal.Kind.END;
    }
    final Frame below = stack.get(depth - 1);
    if (below.isExternal()) {
      return external(below, goal, stack, depth - 1);
    }
    return continuation(below.block, goal, stack, depth - 1, interrupt);
  }

  /** Whether untraced code entered at frame {@code depth} can lead to the goal first. */
  boolean external(final Frame frame, final Goal goal, final List<Frame> stack, final int depth) {
    if (frame.sealed) {
      return goal.kind() == Goal.Kind.END; // the window's call is over: nothing of it follows
    }
    switch (goal.kind()) {
      case WITNESS -> {
        if (model.callbackOf(goal.witness()) >= 0) {
          return true;
        }
      }
      case THROW_UNTRACED, THROW_TRACED, HALT_UNTRACED, HALT_TRACED -> {
        if (goal.inUntraced() && frame.site == goal.throwBlock()) {
          return true;
        }
        // a callback must reach the throw block without a witness.
        final java.util.BitSet cbs = model.callbacks();
        for (int m = cbs.nextSetBit(0); m >= 0; m = cbs.nextSetBit(m + 1)) {
          if (reaches(program.blockId(m, 0), goal.throwBlock())) {
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
      return continuation(frame.site, goal, stack, depth - 1, true); // the block that started it goes on
    }
    return frame.site >= 0 && returnSite(frame.site) >= 0
        && consistent(returnSite(frame.site), goal, stack, depth - 1, interrupt(stack, depth - 1));
  }

  /**
   * Whether the block {@code block} of the frame at {@code depth}, going on after the untraced class
   * initialisers it started, can reach the goal first.
   */
  boolean resumes(final int block, final Goal goal, final List<Frame> stack, final int depth) {
    return continuation(block, goal, stack, depth, true);
  }

  /** Whether an untraced frame at {@code depth}, over the real frames below it, is the start's top frame. */
  private boolean atHome(final Frame frame, final List<Frame> stack, final int depth) {
    return depth == home.top() && depth >= 2 && frame.site == home.frame(depth - 1) && home.below(stack, depth);
  }

  /**
   * What follows a block of the frame at {@code depth} once control comes back to it: after a call
   * returns (its return site), or after a class initialiser interrupted it (the block's own way on).
   */
  private boolean continuation(final int block, final Goal goal, final List<Frame> stack, final int depth,
      final boolean interrupted) {
    if (!interrupted) {
      final int r = returnSite(block);
      return r >= 0 && consistent(r, goal, stack, depth, interrupt(stack, depth));
    }
    if (goal.isPoint() && goal.throwBlock() == block
        && (!goal.inUntraced() || (model.targets(block) != null && model.targets(block).isPure()))) {
      return true; // the point lies in the interrupted block itself (or its pure call), after the initialiser
    }
    if (goal.kind() == Goal.Kind.WITNESS) {
      for (final int clinit : model.clinits(block)) {
        if (goal.witness() == program.blockId(clinit, 0)) {
          return true; // the block's next class initialiser runs before its way on
        }
      }
    }
    final Block b = program.block(block);
    final int method = program.methodOf(block);
    switch (b.end()) {
      case RETURN -> {
        return afterReturn(goal, stack, depth, interrupt(stack, depth));
      }
      case THROW -> {
        return (goal.kind() == Goal.Kind.THROW_TRACED || goal.kind() == Goal.Kind.HALT_TRACED)
            && goal.throwBlock() == block;
      }
      case INVOKE -> {
        final CallTargets t = model.targets(block);
        if (t.external()) {
          return external(Frame.external(block), goal, stack, depth + 1);
        }
        if (t.isPure()) {
          // The pure call runs after the initialiser (Math.abs(C.X)): it can throw right there, or return.
          return goal.kind() == Goal.Kind.THROW_UNTRACED && goal.throwBlock() == block
              || consistent(returnSite(block), goal, stack, depth, interrupt(stack, depth));
        }
        for (final int m : t.traced()) {
          if (consistent(program.blockId(m, 0), goal, stack, depth + 1, false)) {
            return true;
          }
        }
        return false;
      }
      default -> {
        for (final int s : b.successors()) {
          if (consistent(program.blockId(method, s), goal, stack, depth, interrupt(stack, depth))) {
            return true;
          }
        }
        return false;
      }
    }
  }

  /** Whether the goal can be reached from entering the block without returning from its frame. */
  private boolean within(final int block, final Goal goal) {
    return switch (goal.kind()) {
      case WITNESS -> first.contains(block, goal.witness())
          || (first.contains(block, FirstSets.EXTERNAL) && model.callbackOf(goal.witness()) >= 0);
      case END -> false;
      case THROW_UNTRACED, THROW_TRACED, HALT_UNTRACED, HALT_TRACED -> reaches(block, goal.throwBlock());
    };
  }

  /**
   * Whether a witness-free path from {@code from} (through calls, through the class initialisers a block
   * starts, and through callbacks from untraced calls) enters {@code target}. A session that does not hold a callback's first witnesses sees an
   * exception thrown in a callback with no witness before it. The blocks that reach a target are found
   * once per target by a reverse search and kept: exceptions ask this of every callback.
   */
  boolean reaches(final int from, final int target) {
    return reaching.computeIfAbsent(target, this::reachingBlocks).get(from);
  }

  /** Non-witness blocks with a witness-free path to the target, itself included unless a witness. */
  private BitSet reachingBlocks(final int target) {
    final BitSet out = new BitSet();
    if (model.isWitness(target)) {
      return out; // entering a witness would pop it, but the stream holds the exception next
    }
    final int[][] pred = predecessors();
    final ArrayDeque<Integer> work = new ArrayDeque<>();
    out.set(target);
    work.push(target);
    final int untraced = program.blockCount();
    boolean untracedSeen = false;
    while (!work.isEmpty()) {
      final int y = work.pop();
      for (final int p : pred[y]) {
        if (p == untraced) {
          if (!untracedSeen) {
            untracedSeen = true;
            work.push(p);
          }
        } else if (!out.get(p) && !model.isWitness(p)) {
          out.set(p);
          work.push(p);
        }
      }
    }
    out.clear(untraced);
    return out;
  }

  /**
   * Reverse edges of the paths {@link #reaches} follows; node {@code blockCount} stands for untraced code,
   * entered by every untraced call and entering every callback. A block that starts class initialisers
   * enters their entries: an exception thrown in one, or in a callback of untraced code it calls, is
   * reached through that block.
   */
  private int[][] predecessors() {
    if (predecessors != null) {
      return predecessors;
    }
    final int untraced = program.blockCount();
    final List<List<Integer>> pred = new java.util.ArrayList<>();
    for (int i = 0; i <= untraced; i++) {
      pred.add(new java.util.ArrayList<>(2));
    }
    for (final int entry : callbackEntries) {
      pred.get(entry).add(untraced);
    }
    for (int x = 0; x < untraced; x++) {
      final Block b = program.block(x);
      final int method = program.methodOf(x);
      // A class initialiser the block starts runs inside it, before its way on (FIRST sets do the same).
      for (final int clinit : model.clinits(x)) {
        pred.get(program.blockId(clinit, 0)).add(x);
      }
      if (model.untracedInit(x)) {
        pred.get(untraced).add(x); // an untraced initialiser it starts may call back
      }
      final CallTargets t = model.targets(x);
      boolean through = true;
      if (t != null) {
        through = t.external() || t.isPure();
        if (t.external()) {
          pred.get(untraced).add(x);
        } else {
          for (final int m : t.traced()) {
            final int entry = program.blockId(m, 0);
            pred.get(entry).add(x);
            through |= first.contains(entry, FirstSets.EXIT);
          }
        }
      }
      if (through) {
        for (final int s : b.successors()) {
          pred.get(program.blockId(method, s)).add(x);
        }
      }
    }
    predecessors = new int[pred.size()][];
    for (int i = 0; i < pred.size(); i++) {
      predecessors[i] = pred.get(i).stream().mapToInt(Integer::intValue).toArray();
    }
    return predecessors;
  }

  /** The block after the call ending {@code block}, or -1. */
  int returnSite(final int block) {
    final List<Integer> s = program.block(block).successors();
    return s.isEmpty() ? -1 : program.blockId(program.methodOf(block), s.get(0));
  }
}
