package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * One step of the walk in untraced code, which the walk cannot see: it either calls a traced method back,
 * or returns to the traced block that called it (or, after an untraced class initialiser, lets that block go
 * on), or the thread ends. The streams' heads choose; as everywhere, exactly one way must lead to every head.
 */
final class UntracedStep {
  private final WalkState walk;
  private final Program program;
  /**
   * The callbacks the heads point to at one step, by method index, reused: a new set at every untraced step took a
   * tenth of javaparser's decoding.
   */
  private final BitSet proposed = new BitSet();

  UntracedStep(final WalkState walk) {
    this.walk = walk;
    this.program = walk.program;
  }

  void step(final WalkFrame top) {
    if (top.sealed) {
      if (!walk.heads.allAtEnd()) {
        throw walk.fail("diverged: the --within call returned, but the streams hold "
            + walk.places.describe(walk.heads.first()) + " in the same window");
      }
      walk.pop();
      return;
    }
    if (walk.heads.allAtEnd()) {
      if (walk.start != null && walk.start.endsThere()) {
        endAtStart(top);
        return;
      }
      if (top.site < 0) {
        walk.pop();
      } else {
        returnFromUntraced(top);
      }
      return;
    }
    // Every callback some session's head points to: a session lacking a callback's first witnesses can point
    // to several (the units' split over the callbacks, DecisionUnits.Choice#overCallbacks); each is checked
    // against every session below, so proposing more never admits a wrong one.
    proposed.clear();
    for (int s = 0; s < walk.heads.sessions(); s++) {
      for (final int c : callbacksFor(s, walk.heads.head(s))) {
        proposed.set(c);
      }
    }
    final List<Integer> leading = new ArrayList<>();
    for (int c = proposed.nextSetBit(0); c >= 0; c = proposed.nextSetBit(c + 1)) {
      if (walk.leadsToEveryHead(program.blockId(c, 0), walk.depth(), false)) {
        leading.add(c);
      }
    }
    final boolean returns;
    if (top.initialiser) {
      returns = walk.resumesToEveryHead(top.site, walk.depth() - 2);
    } else {
      final int site = top.site >= 0 ? walk.returnSite(top.site) : -1;
      returns = site >= 0
          && walk.leadsToEveryHead(site, walk.depth() - 2, HeadReach.interrupt(walk.stack(), walk.depth() - 2));
    }
    if (leading.size() + (returns ? 1 : 0) > 1) {
      throw walk.fail("ambiguous plan: " + (returns ? (top.initialiser ? "the way on of "
          + walk.places.where(top.site) + " after the untraced class initialiser it started"
          : "the return of the untraced call at " + walk.places.where(top.site)) + " and " : "")
          + "callbacks " + leading.stream().map(c -> program.methods().get(c).id().toString()).toList()
          + " all explain " + walk.places.describe(walk.heads.head(0)));
    }
    if (!leading.isEmpty()) {
      if (program.methods().get(leading.get(0)).id().name().equals("<clinit>")) {
        walk.initialise(leading.get(0)); // a class initialiser started by untraced code runs once
      }
      walk.push(WalkFrame.traced(leading.get(0), false), program.blockId(leading.get(0), 0));
    } else if (returns) {
      returnFromUntraced(top);
    } else {
      throw walk.fail("diverged: no way leads from untraced code"
          + (top.site >= 0 ? " called at " + walk.places.where(top.site) : "") + " to "
          + walk.places.describe(walk.heads.first()));
    }
  }

  /**
   * With every stream at its end, a thread that ended back at its start stack stops there (StartStack says
   * why it cannot be early); elsewhere the untraced call returns, but never out of the thread.
   */
  private void endAtStart(final WalkFrame top) {
    if (walk.start.isAt(walk.stack())) {
      walk.clear();
    } else if (top.site < 0) {
      throw walk.fail("diverged: the thread ended back at its start stack, but its streams lead out of traced code");
    } else {
      returnFromUntraced(top);
    }
  }

  /** The callbacks whose entry can lead to session {@code s}'s head. */
  private int[] callbacksFor(final int s, final StreamHead head) {
    if (head.kind() == StreamHead.Kind.WITNESS) {
      return walk.models.get(s).callbacksOf(head.witness());
    }
    if (head.isPoint()) {
      // any callback whose entry reaches the throw block without a witness, not only its own method.
      final BitSet cbs = walk.structure.callbacks();
      final List<Integer> out = new ArrayList<>(1);
      for (int m = cbs.nextSetBit(0); m >= 0; m = cbs.nextSetBit(m + 1)) {
        if (walk.reach(s).paths().reaches(program.blockId(m, 0), head.pointBlock())) {
          out.add(m);
        }
      }
      return out.stream().mapToInt(Integer::intValue).toArray();
    }
    return new int[0];
  }

  private void returnFromUntraced(final WalkFrame top) {
    walk.pop();
    if (!top.initialiser) {
      walk.enter(walk.returnSite(top.site));
    } // else the block that started the untraced class initialiser goes on
  }
}
