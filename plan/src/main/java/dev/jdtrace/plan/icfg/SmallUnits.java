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
 * return site that leaves its method before a witness.
 *
 * <p>Under a cap, a candidate with more first witnesses than half the cap gets one where it starts too: a pair of
 * candidates then fits the cap. Such a candidate is typically a way out of a method called from many places (a
 * JavaCC parser's {@code jj_scan_token} returns into hundreds of lookahead methods), whose FIRST set holds every
 * caller's way on.
 *
 * <p>Witnesses only added keep a profile decodable (Theorem 4 is monotone); they cost the hits of the blocks they
 * sit on, which the cost model weighs against the smaller sessions they allow.
 */
public final class SmallUnits {
  /**
   * The blocks to add as witnesses to the model's, so that no unit needs the callbacks' first witnesses whole, and
   * no candidate more than half the room.
   *
   * @param room the cap the pairs of candidates should fit
   */
  public static BitSet cuts(final IcfgModel model, final int room) {
    final SmallUnits cuts = new SmallUnits(model, room);
    final Program p = model.program();
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      // Every callback a candidate of untraced code's choices: it must reach a witness before leaving.
      final int[] entry = cuts.first.of(p.blockId(m, 0));
      cuts.where(p.blockId(m, 0), hasToken(entry), entry);
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
  /** The most first witnesses a candidate keeps: half the room, so that any two fit it. */
  private final int most;

  private SmallUnits(final IcfgModel model, final int room) {
    this.model = model;
    this.most = Math.max(1, room / 2);
    this.p = model.program();
    this.first = model.first();
    this.choices = new BlockChoices(model);
  }

  /** Cuts where a candidate starts when it needs it, or when its first witnesses are more than half the room. */
  private void where(final int block, final boolean needed, final int[] firstSet) {
    if (needed || large(firstSet)) {
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
          where(c.start(), hasToken(c.first()), c.first());
        }
      }
    }
    final BlockChoices.Candidate returns = choices.untracedReturn(b);
    if (returns != null) {
      // Untraced code's return: a candidate of its choice.
      where(returns.start(), hasToken(returns.first()), returns.first());
      return;
    }
    final List<BlockChoices.Candidate> candidates = choices.candidates(b);
    for (final BlockChoices.Candidate c : candidates) {
      // A callee's candidate runs the callee, then what follows the return site: each part gets its own where it
      // reaches untraced code. A witness at the callee's entry ends the whole candidate, when it is too large.
      where(c.start(), reachesUntraced(c.kind() == BlockChoices.Start.CALLEE ? first.of(c.start()) : c.first()),
          c.first());
    }
    if (!candidates.isEmpty() && candidates.get(0).kind() == BlockChoices.Start.CALLEE) {
      final BlockChoices.Candidate ret = choices.returnSite(b);
      where(ret.start(), reachesUntraced(ret.first()), ret.first());
    }
  }

  /** Whether a FIRST set holds more witnesses than a candidate may keep under the room. */
  private boolean large(final int[] set) {
    int witnesses = 0;
    for (final int x : set) {
      if (x >= 0 && ++witnesses > most) {
        return true;
      }
    }
    return false;
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
