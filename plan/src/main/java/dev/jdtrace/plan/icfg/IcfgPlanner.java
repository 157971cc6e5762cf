package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.plan.optimal.ConditionTargetProfile;
import dev.jdtrace.plan.optimal.EdgeWeights;
import dev.jdtrace.plan.optimal.NodeProfile;
import dev.jdtrace.plan.optimal.OptimalNodeProfile;
import java.util.BitSet;
import java.util.List;

/**
 * Chooses the witnesses of a whole program: a per-method profile, class-initialiser entries (each runs
 * once, and the decoder needs to see them), then witnesses added until no choice of the decoder is
 * ambiguous across calls ({@link Conflicts}).
 */
public final class IcfgPlanner {
  private IcfgPlanner() {
  }

  /**
   * A decodable witness set.
   *
   * @param model the ICFG model for the witnesses
   * @param witnesses the witness blocks
   * @param expectedHits the weights' estimate of hits (sum of witness node weights)
   * @param repairs witnesses added to make the profile decodable across calls
   * @param rounds repair rounds
   * @param blockWeights each block's weight (expected entries relative to its method's)
   */
  public record Result(IcfgModel model, BitSet witnesses, double expectedHits, int repairs, int rounds,
      double[] blockWeights) {
  }

  /**
   * Plans a profile. For {@link ProfileKind#OPTIMAL} the condition-target plan is computed as well and
   * the cheaper one kept: per-method optimal profiles repaired across calls can, on some programs, cost
   * more than the baseline, and the optimal profile must never cost more.
   */
  public static Result plan(final IcfgModel.Structure structure, final ProfileKind kind, final Weights weights) {
    // Each method is weighed once, for the profile and (for OPTIMAL) the baseline it is compared with.
    final Program p = structure.program();
    final EdgeWeights[] weighed = new EdgeWeights[p.methods().size()];
    final double[] blockWeight = new double[p.blockCount()];
    for (int m = 0; m < p.methods().size(); m++) {
      final MethodCfg method = p.methods().get(m);
      final int base = p.blockId(m, 0);
      weighed[m] = weights.of(m, MethodGraphs.of(method));
      for (int b = 0; b < method.blocks().size(); b++) {
        blockWeight[base + b] = weighed[m].node(b);
      }
    }
    final FirstSets.Readers readers = FirstSets.Readers.of(structure);
    final Result result = repair(structure, readers, perMethod(structure, kind, weighed), blockWeight,
        Double.POSITIVE_INFINITY);
    if (kind != ProfileKind.OPTIMAL) {
      return result;
    }
    final BitSet conditionTargets = perMethod(structure, ProfileKind.CONDITION_TARGETS, weighed);
    final Result baseline = repair(structure, readers, conditionTargets, blockWeight, result.expectedHits());
    return baseline != null && baseline.expectedHits() < result.expectedHits() ? baseline : result;
  }

  /**
   * The plan with the {@link SmallUnits} witnesses added (and the profile repaired again where they make a
   * choice ambiguous), until none is missing: a plan whose units about untraced code no longer hold every
   * callback's first witnesses, and whose candidates hold at most half the room each.
   *
   * @param room the cap the plan should fit
   */
  public static Result withSmallUnits(final IcfgModel.Structure structure, final Result planned, final int room) {
    final FirstSets.Readers readers = FirstSets.Readers.of(structure);
    Result result = planned;
    for (BitSet cuts = SmallUnits.cuts(planned.model(), room); !cuts.isEmpty();
        cuts = SmallUnits.cuts(result.model(), room)) {
      final BitSet witnesses = (BitSet) result.witnesses().clone();
      witnesses.or(cuts);
      final Result repaired = repair(structure, readers, witnesses, planned.blockWeights(), Double.POSITIVE_INFINITY);
      result = new Result(repaired.model(), repaired.witnesses(), repaired.expectedHits(),
          result.repairs() + cuts.cardinality() + repaired.repairs(), result.rounds() + repaired.rounds(),
          planned.blockWeights());
    }
    return result;
  }

  /** The per-method profiles of a kind, with the class-initialiser entries. */
  private static BitSet perMethod(final IcfgModel.Structure structure, final ProfileKind kind,
      final EdgeWeights[] weighed) {
    final Program p = structure.program();
    final BitSet witnesses = new BitSet(p.blockCount());
    for (int m = 0; m < p.methods().size(); m++) {
      if (!structure.runs(m)) {
        continue; // Nothing enters it: a sentinel at its entry stands for it.
      }
      final MethodCfg method = p.methods().get(m);
      final int base = p.blockId(m, 0);
      final EdgeWeights w = weighed[m];
      if (kind == ProfileKind.ALL_BLOCKS) {
        // Weights are still wanted: they predict the sessions' hits.
        witnesses.set(base, base + method.blocks().size());
        continue;
      }
      final boolean repeatable = !method.id().name().equals("<clinit>");
      final NodeProfile profile = kind == ProfileKind.OPTIMAL ? new OptimalNodeProfile(w, repeatable).getProfile()
          : new ConditionTargetProfile(w, repeatable).getProfile();
      for (final int node : profile.witnesses()) {
        if (node < method.blocks().size()) {
          witnesses.set(base + node);
        } else {
          // The virtual exit is no block: the blocks that reach it (returns, athrows) stand for it, so that
          // every run of the method hits a witness (the seed's exit-to-entry edge). Without one, two runs
          // with nothing seen between them could not tell which run an exception came from.
          for (final Block b : method.blocks()) {
            if (b.end() == BlockEnd.RETURN || b.end() == BlockEnd.THROW) {
              witnesses.set(base + b.index());
            }
          }
        }
      }
      if (method.id().name().equals("<clinit>")) {
        witnesses.set(base);
      }
    }
    return witnesses;
  }

  private static double hits(final BitSet witnesses, final double[] blockWeight) {
    double hits = 0;
    for (int b = witnesses.nextSetBit(0); b >= 0; b = witnesses.nextSetBit(b + 1)) {
      hits += blockWeight[b];
    }
    return hits;
  }

  /**
   * Adds witnesses until no choice of the decoder is ambiguous across calls; or returns null as soon as the
   * witnesses' hits reach {@code bound}. Repair only adds witnesses and weights are not negative, so hits
   * only grow from round to round: from there on the result could not cost less than the bound, and the
   * rest of the repair (most of the planning time) would not change the choice.
   */
  private static Result repair(final IcfgModel.Structure structure, final FirstSets.Readers readers,
      final BitSet witnesses, final double[] blockWeight, final double bound) {
    int repairs = 0;
    int rounds = 0;
    IcfgModel previous = null;
    while (true) {
      if (hits(witnesses, blockWeight) >= bound) {
        return null;
      }
      // Each round only adds witnesses, so the FIRST sets are updated where those reach, not recomputed.
      final IcfgModel model = new IcfgModel(structure, witnesses, readers, previous);
      previous = model;
      final List<Conflicts.Conflict> conflicts = Conflicts.find(model, blockWeight);
      if (conflicts.isEmpty()) {
        return new Result(model, witnesses, hits(witnesses, blockWeight), repairs, rounds, blockWeight);
      }
      rounds++;
      final int before = repairs;
      for (final Conflicts.Conflict c : conflicts) {
        if (!witnesses.get(c.repair())) {
          witnesses.set(c.repair());
          repairs++;
        }
      }
      if (repairs == before) {
        throw new IllegalStateException("planner cannot repair: " + conflicts.get(0).what());
      }
    }
  }
}
