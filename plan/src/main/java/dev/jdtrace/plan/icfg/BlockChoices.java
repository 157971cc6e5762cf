package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.List;

/**
 * The walk's choices at one block, each candidate with the block where it starts and what can come first on it:
 * its FIRST set, FOLLOW sets substituted for returns, a callee's EXIT continued at the call's return site.
 * {@link DecisionUnitsBuilder} forms units from them, and {@link SmallUnits} adds witnesses where they start.
 */
final class BlockChoices {
  /** How a candidate starts. */
  enum Start {
    /** At the entry of a traced class initialiser the block starts. */
    INITIALISER,
    /** At the entry of a traced method the block calls. */
    CALLEE,
    /** At a successor of the block (a branch target, or where the block goes on). */
    SUCCESSOR,
    /** At the return site of an untraced call: untraced code returns. */
    RETURN_SITE
  }

  /**
   * One candidate of a choice.
   *
   * @param start the block where it starts
   * @param first what can come first on it: witnesses, and tokens for what else may (increasing)
   */
  record Candidate(int start, Start kind, int[] first) {
  }

  private final IcfgModel model;
  private final Program p;
  private final FirstSets first;
  private final FollowSets follow;

  BlockChoices(final IcfgModel model) {
    this.model = model;
    this.p = model.program();
    this.first = model.first();
    this.follow = model.follow();
  }

  /**
   * What a block that started an untraced initialiser can reach first as it goes on: its traced
   * initialisers, its traced callees (then its return site), its successors.
   */
  List<Candidate> wayOn(final int b) {
    final int method = p.methodOf(b);
    final List<Candidate> out = new ArrayList<>();
    for (final int clinit : model.clinits(b)) {
      final int entry = p.blockId(clinit, 0);
      out.add(new Candidate(entry, Start.INITIALISER, first.of(entry)));
    }
    final int[] ret = p.successorCount(b) == 0 ? new int[0] : follow.substitute(first.of(p.successor(b, 0)), method);
    final CallTargets t = model.targets(b);
    if (t != null) {
      for (final int m : t.traced()) {
        final int entry = p.blockId(m, 0);
        out.add(new Candidate(entry, Start.CALLEE, DecisionUnits.continued(first.of(entry), ret)));
      }
    }
    for (int i = 0; i < p.successorCount(b); i++) {
      out.add(successor(b, i, method));
    }
    return out;
  }

  /** At an untraced call that returns, untraced code's choice to return: its return site; else {@code null}. */
  Candidate untracedReturn(final int b) {
    if (p.end(b) != BlockEnd.INVOKE || p.successorCount(b) == 0 || !model.targets(b).external()) {
      return null;
    }
    return returnSite(b);
  }

  /**
   * Where a call goes on once its callee returns: its return site, FOLLOW substituted; {@code null} when the
   * block is no call, or the call does not return.
   */
  Candidate returnSite(final int b) {
    if (p.end(b) != BlockEnd.INVOKE || p.successorCount(b) == 0) {
      return null;
    }
    final int s = p.successor(b, 0);
    return new Candidate(s, Start.RETURN_SITE, follow.substitute(first.of(s), p.methodOf(b)));
  }

  /**
   * The candidates of the block's choice within the program: a branch's targets, or a call's traced targets
   * (each continued at the return site) when it has several; none when the block chooses nothing here.
   */
  List<Candidate> candidates(final int b) {
    final int method = p.methodOf(b);
    final int successors = p.successorCount(b);
    final List<Candidate> out = new ArrayList<>();
    if (p.end(b) == BlockEnd.INVOKE) {
      final CallTargets t = model.targets(b);
      if (successors == 0 || t.external() || t.traced().size() < 2) {
        return List.of(); // No return, untraced code's choice, or one target: no choice here.
      }
      final int[] ret = returnSite(b).first();
      for (final int m : t.traced()) {
        final int entry = p.blockId(m, 0);
        out.add(new Candidate(entry, Start.CALLEE, DecisionUnits.continued(first.of(entry), ret)));
      }
    } else if (successors > 1) {
      for (int i = 0; i < successors; i++) {
        out.add(successor(b, i, method));
      }
    } else {
      return List.of(); // One way on: no choice.
    }
    return out;
  }

  private Candidate successor(final int b, final int i, final int method) {
    final int s = p.successor(b, i);
    return new Candidate(s, Start.SUCCESSOR, follow.substitute(first.of(s), method));
  }
}
