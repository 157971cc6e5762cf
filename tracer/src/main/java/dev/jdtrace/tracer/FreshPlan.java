package dev.jdtrace.tracer;

import dev.jdtrace.distribute.CheckWitnesses;
import dev.jdtrace.distribute.Distributor;
import dev.jdtrace.distribute.Plan;
import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.distribute.cost.SessionCount;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.plan.icfg.DecisionUnits;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.TraceWeights;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * A plan made afresh, when the plan cache has none: the witnesses of the profile (with small units when the cap
 * is below what the optimal witnesses allow), split into sessions by the {@link Distributor} with the check
 * witnesses and the sentinels in each, into as many sessions as asked or as the cost model chooses.
 */
final class FreshPlan {
  private FreshPlan() {
  }

  /**
   * Plans the sessions of loaded classes.
   *
   * @param traceWeights the hits of a trace the user gave, or {@code null} for the static estimate
   * @param learnedHits the hits each witness took in an earlier run of this command, or {@code null}
   */
  static TracePlan of(final TracedProgram traced, final RunRequest request, final TraceWeights traceWeights,
      final CostModel cost, final Map<String, Long> learnedHits, final Consumer<String> info) {
    final Program program = traced.program();
    final IcfgModel.Structure structure = traced.structure();
    final IcfgPlanner.Result optimal = IcfgPlanner.plan(structure, request.profile(),
        traceWeights == null ? Weights.staticEstimate() : traceWeights);
    final BitSet loaded = new BitSet();
    if (traceWeights == null) {
      loaded.set(0, program.blockCount());
    } else {
      loaded.or(traceWeights.loadedBlocks(program));
    }
    final Distributor fitting = new Distributor(program, DecisionUnits.of(optimal.model()), request.strategy(), cost);
    final IcfgPlanner.Result planned;
    final Distributor distributor;
    if (request.cap() < fitting.minimumCap()) {
      // Untraced code's choices need every callback's first witnesses in one session, and a way out of a method
      // called from many places every caller's way on; witnesses that end them let them split in pairs under the
      // cap, for a few more hits.
      planned = IcfgPlanner.withSmallUnits(structure, optimal, request.cap());
      distributor = new Distributor(program, DecisionUnits.of(planned.model()), request.strategy(), cost);
      info.accept("--cap " + request.cap() + " is below this plan's least cap, " + fitting.minimumCap() + ": "
          + Plural.of(planned.witnesses().cardinality() - optimal.witnesses().cardinality(), "witness")
          + " added where untraced code's choices needed every callback's first witnesses in one session, or a "
          + "choice's candidates more than the cap; the least cap is now " + distributor.minimumCap());
    } else {
      planned = optimal;
      distributor = fitting;
    }
    final double[] entries = traceWeights == null ? StaticHits.of(planned.blockWeights(), traced)
        : planned.blockWeights();
    final double[] estimated = traceWeights == null ? StaticHits.hedged(entries, planned.witnesses()) : entries;
    // Hits an earlier run took where its prediction missed them weigh the prediction, and the split the cost model
    // chooses; a split into a given number of sessions stays the one the estimate makes.
    final double[] learned = LearnedHits.weigh(estimated, learnedHits, program, planned.witnesses());
    final double[] hitWeight = request.sessions() > 0 ? estimated : learned;
    // The hedge places witnesses; the sessions are predicted, and their number and cap chosen, by the estimate
    // itself: with the JVM's counts in it, hedged predictions came out 2-3 times the hits the sessions took.
    final double[] predicted = LearnedHits.weigh(entries, learnedHits, program, planned.witnesses());
    final Prediction.Interpreted interpreted = new InterpretedEntries(program, entries);
    // Every session of a split holds the check witnesses too: runs that differ show it in a stream they share.
    final BitSet checks = CheckWitnesses.of(planned.witnesses(), hitWeight);
    final BitSet sentinels = traced.sentinels();
    // Every split, whatever its cap, holds the check witnesses and the sentinels: without the sentinels a method the
    // plan does not let run could run unseen, and the walk would explain its stream by another path.
    // Then units move between the sessions while that lowers the predicted cost, the pins staying where they are.
    final BitSet pinned = (BitSet) checks.clone();
    pinned.or(sentinels);
    final IntFunction<IntFunction<List<BitSet>>> splitUnder = cap -> n -> distributor.refine(Sentinels.addTo(
        CheckWitnesses.addTo(distributor.split(n, cap, hitWeight), checks, request.cap()), sentinels, hitWeight,
        request.cap()), cap, hitWeight, pinned);
    final IntFunction<List<BitSet>> split = splitUnder.apply(request.cap());
    final List<BitSet> sessions;
    final Prediction prediction;
    if (request.sessions() > 0) {
      sessions = split.apply(request.sessions());
      if (sessions.size() < request.sessions()) {
        Notice.tell(info, new Notice.FewerSessions(request.sessions(), sessions.size(), distributor.jobs(),
            request.strategy(), false));
      }
      prediction = Prediction.of(cost, sessions, predicted, loaded, interpreted, request.parallel());
    } else {
      // Without a cap the cost model chooses one too: balanced breakpoints bound what a hot witness costs.
      final SessionCount.Choice choice = request.cap() < Integer.MAX_VALUE
          ? SessionCount.choose(cost, split, predicted, loaded, interpreted, request.parallel())
          : SessionCount.choose(cost, distributor.capsToTry(SessionCount.most(request.parallel())), splitUnder,
              predicted, loaded, interpreted, request.parallel());
      sessions = choice.sessions();
      prediction = choice.prediction();
    }
    final Plan plan = Plan.of(program, traced.launch(), request.profile(), sessions);
    info.accept("plan " + plan.id() + ": " + planned.witnesses().cardinality() + " witnesses of "
        + program.blockCount() + " blocks" + (traced.unplanned().isEmpty() ? ""
        : " (the " + Plural.of(program.classes().size(), "traced class") + " the program loads, of "
            + (program.classes().size() + traced.unplanned().size()) + ")")
        + (sentinels.isEmpty() ? "" : " and " + Plural.of(sentinels.cardinality(), "sentinel") + " at the entries of "
            + "the methods the first run did not see run")
        + " in " + Plural.of(sessions.size(), "session")
        + (request.sessions() > 0 ? "" : " (chosen by the cost model)") + String.format(
            ", predicted %.1f s on %s%s", prediction.wallMillis() / 1000,
            Plural.of(prediction.workers(), "worker"), request.weights() != null ? ""
                : learnedHits != null ? " (hits as an earlier run of this command took them)"
                : traced.ran() == null ? " (static estimate: each method run once)"
                : " (static estimate: each method as often as the first run saw it run)"));
    return new TracePlan(traced, plan, prediction, false);
  }
}
