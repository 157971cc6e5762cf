package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.icfg.CallTargets;
import dev.jdtrace.plan.model.Program;
import java.util.List;

/**
 * One step of the walk in a traced frame: from the top frame's block to the next, through the class
 * initialisers it starts, its successors, the methods it calls, or its return. Where there is a choice,
 * it takes the one candidate that leads to every session's head, and refuses when there is none or more.
 */
final class TracedStep {
  private final WalkState walk;
  private final Program program;

  TracedStep(final WalkState walk) {
    this.walk = walk;
    this.program = walk.program;
  }

  void step(final WalkFrame top) {
    final int b = top.block;
    for (final int clinit : walk.structure.clinits(b)) {
      final int entry = program.blockId(clinit, 0);
      if (!walk.initialised(clinit) && walk.heads.anyAt(entry)) {
        walk.initialise(clinit);
        walk.push(WalkFrame.traced(clinit, true), entry);
        return;
      }
    }
    if (!top.untracedInitDone && walk.structure.untracedInit(b)) {
      // An untraced class's initialiser this block may start can call back before the block goes on.
      top.untracedInitDone = true;
      walk.add(WalkFrame.initialiser(b));
      return;
    }
    switch (program.end(b)) {
      case RETURN -> {
        final WalkFrame done = walk.pop();
        final WalkFrame below = walk.top();
        if (done.kind == WalkFrame.Kind.TRACED && !below.isUntraced()) {
          walk.enter(walk.returnSite(below.block));
        }
      }
      case THROW -> throw walk.fail("diverged: the block ends in athrow but the stream holds "
          + walk.places.describe(walk.heads.first()));
      case INVOKE -> {
        final CallTargets t = walk.structure.targets(b);
        if (t.external() || (t.isPure() && walk.start != null && walk.start.endsThere() && walk.heads.allAtEnd())) {
          // A thread can also have been at rest inside a pure call: then the walk may end in it.
          walk.add(WalkFrame.untraced(b));
        } else if (t.isPure()) {
          walk.enter(walk.returnSite(b));
        } else {
          // One target needs no choice.
          final int callee = t.traced().size() == 1 ? program.blockId(t.traced().get(0), 0)
              : chooseCallee(t.traced());
          walk.push(WalkFrame.traced(program.methodOf(callee), false), callee);
        }
      }
      default -> walk.enter(program.successorCount(b) == 1 ? program.successor(b, 0)
          : chooseSuccessor(b, walk.depth() - 1, top.kind == WalkFrame.Kind.INTERRUPT));
    }
  }

  /**
   * The one successor of {@code b} that leads to every session's head; it runs in the frame at {@code depth}. The
   * walk chooses at every branch it passes: the successors are read from the program's flat arrays, with no stream
   * or boxed list made per choice (they were a tenth of a million-block decode's samples).
   */
  private int chooseSuccessor(final int b, final int depth, final boolean interrupt) {
    final int n = program.successorCount(b);
    if (n == 0) {
      throw walk.fail("diverged: the block has no way on");
    }
    int chosen = -1;
    for (int i = 0; i < n; i++) {
      chosen = consider(chosen, program.successor(b, i), depth, interrupt);
    }
    return chosen(chosen);
  }

  /** The one traced target whose entry leads to every session's head; its frame goes on top of the walk's. */
  private int chooseCallee(final List<Integer> methods) {
    int chosen = -1;
    for (final int m : methods) {
      chosen = consider(chosen, program.blockId(m, 0), walk.depth(), false);
    }
    return chosen(chosen);
  }

  /** {@code candidate} if it leads to every head, the other one found so far being none; else that one. */
  private int consider(final int chosen, final int candidate, final int depth, final boolean interrupt) {
    if (!walk.leadsToEveryHead(candidate, depth, interrupt)) {
      return chosen;
    }
    if (chosen >= 0) {
      throw walk.fail("ambiguous plan: both " + walk.places.where(chosen) + " and " + walk.places.where(candidate)
          + " lead to " + walk.places.describe(walk.heads.first()));
    }
    return candidate;
  }

  private int chosen(final int chosen) {
    if (chosen < 0) {
      throw walk.fail("diverged: no successor leads to " + walk.places.describe(walk.heads.first()));
    }
    return chosen;
  }
}
