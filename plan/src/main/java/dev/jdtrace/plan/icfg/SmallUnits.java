package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Program;
import java.util.BitSet;
import java.util.List;

/**
 * Witnesses that keep untraced code's choices small (DESIGN §2, "Small units"). A choice whose candidate can run
 * untraced code, or return into it, before a witness needs every callback's first witnesses in the session that
 * decides it: untraced code may call any callback first. On a library with a thousand callbacks that is a unit
 * of a thousand witnesses or more, in every pair of the choice's candidates, so no session holds fewer. And
 * untraced code's own choices (which callback it calls, or whether it returns) spread in pairs only when every
 * callback reaches a witness before untraced code or its return.
 *
 * <p>These witnesses end both: each candidate that reaches untraced code first gets a witness where it starts,
 * and each callback that reaches no witness before leaving gets one at its entry, as does each untraced call's
 * return site that leaves its method before a witness. Witnesses only added keep a profile decodable (Theorem 4
 * is monotone); they cost the hits of the blocks they sit on, which the cost model weighs against the smaller
 * sessions they allow.
 */
public final class SmallUnits {
  /** The blocks to add as witnesses to the model's, so that no unit needs the callbacks' first witnesses whole. */
  public static BitSet cuts(final IcfgModel model) {
    final SmallUnits cuts = new SmallUnits(model);
    final Program p = model.program();
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      // Every callback a candidate of untraced code's choices: it must reach a witness before leaving.
      cuts.where(p.blockId(m, 0), hasToken(cuts.first.of(p.blockId(m, 0))));
    }
    for (int b = 0; b < p.blockCount(); b++) {
      if (model.runs(p.methodOf(b))) {
        cuts.choicesAt(b);
      }
    }
    cuts.add.andNot(model.witnesses());
    return cuts.add;
  }

  private final IcfgModel model;
  private final Program p;
  private final FirstSets first;
  private final BlockChoices choices;
  private final BitSet add = new BitSet();

  private SmallUnits(final IcfgModel model) {
    this.model = model;
    this.p = model.program();
    this.first = model.first();
    this.choices = new BlockChoices(model);
  }

  private void where(final int block, final boolean needed) {
    if (needed) {
      add.set(block);
    }
  }

  /**
   * The choices a block makes, as {@link BlockChoices} lists them for {@link DecisionUnits}, and the witnesses
   * that keep them small, where their candidates start.
   */
  private void choicesAt(final int b) {
    if (model.untracedInit(b)) {
      // An untraced initialiser the block starts may call back, or the block goes on: its way on is the other
      // candidate of that choice over the callbacks. Its traced initialisers' entries get no witness here.
      for (final BlockChoices.Candidate c : choices.wayOn(b)) {
        if (c.kind() != BlockChoices.Start.INITIALISER) {
          where(c.start(), hasToken(c.first()));
        }
      }
    }
    final BlockChoices.Candidate returns = choices.untracedReturn(b);
    if (returns != null) {
      where(returns.start(), hasToken(returns.first())); // untraced code's return: a candidate of its choice
      return;
    }
    final List<BlockChoices.Candidate> candidates = choices.candidates(b);
    for (final BlockChoices.Candidate c : candidates) {
      // A callee's candidate runs the callee, then what follows the return site: each part gets its own.
      where(c.start(), reachesUntraced(c.kind() == BlockChoices.Start.CALLEE ? first.of(c.start()) : c.first()));
    }
    if (!candidates.isEmpty() && candidates.get(0).kind() == BlockChoices.Start.CALLEE) {
      final BlockChoices.Candidate ret = choices.returnSite(b);
      where(ret.start(), reachesUntraced(ret.first()));
    }
  }

  /** Whether a FIRST set holds a token: something other than a witness may come first. */
  private static boolean hasToken(final int[] set) {
    return set.length == 0 || set[0] < 0;
  }

  /** Whether untraced code may run, or be returned to, before any witness of the set. */
  private static boolean reachesUntraced(final int[] set) {
    for (final int x : set) {
      if (x == FirstSets.EXTERNAL || x == FirstSets.AFTER_CALLBACK) {
        return true;
      }
      if (x >= 0) {
        break;
      }
    }
    return false;
  }
}
