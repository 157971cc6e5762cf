package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.icfg.CallTargets;
import dev.jdtrace.plan.model.Block;
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
    final Block block = program.block(b);
    final int method = program.methodOf(b);
    switch (block.end()) {
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
          // One target needs no choice: skip building the candidate list on this hot path.
          final int callee = t.traced().size() == 1 ? program.blockId(t.traced().get(0), 0)
              : choose(t.traced().stream().map(m -> program.blockId(m, 0)).toList(), walk.depth(), false);
          walk.push(WalkFrame.traced(program.methodOf(callee), false), callee);
        }
      }
      default -> walk.enter(block.successors().size() == 1 ? program.blockId(method, block.successors().get(0))
          : choose(block.successors().stream().map(s -> program.blockId(method, s)).toList(), walk.depth() - 1,
              top.kind == WalkFrame.Kind.INTERRUPT));
    }
  }

  /** The one candidate that leads to every session's head; candidates run in the frame at {@code depth}. */
  private int choose(final List<Integer> candidates, final int depth, final boolean interrupt) {
    if (candidates.size() == 1) {
      return candidates.get(0);
    }
    if (candidates.isEmpty()) {
      throw walk.fail("diverged: the block has no way on");
    }
    int chosen = -1;
    for (final int c : candidates) {
      if (walk.leadsToEveryHead(c, depth, interrupt)) {
        if (chosen >= 0) {
          throw walk.fail("ambiguous plan: both " + walk.places.where(chosen) + " and " + walk.places.where(c)
              + " lead to " + walk.places.describe(walk.heads.first()));
        }
        chosen = c;
      }
    }
    if (chosen < 0) {
      throw walk.fail("diverged: no successor leads to " + walk.places.describe(walk.heads.first()));
    }
    return chosen;
  }
}
