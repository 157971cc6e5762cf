package dev.jdtrace.tracer;

import dev.jdtrace.distribute.Plan;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.TraceWeights;
import java.io.IOException;
import java.io.OutputStream;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The planning stage: which traced classes a plan covers (those a first run of the program loads, unless the
 * request asks for all), and their plan, reused from the plan cache ({@link PlanCache}) or else made afresh
 * ({@link FreshPlan}). In an open world, the entries from untraced code come from {@link OpenWorldEntries}.
 */
final class PlanStage {
  private PlanStage() {
  }

  /**
   * Loads the program and plans its sessions: only the traced classes a first run of the program loads
   * (unless the request asks for all). Without a number of sessions, the number with the least predicted
   * wall time on the request's workers is chosen.
   */
  static TracePlan plan(final RunRequest request, final Consumer<String> info) throws IOException {
    final JavaCommand command = JavaCommand.parse(request.javaCommand());
    final ClassFilter filter = TracedProgram.filter(command, request.includes(), request.excludes(), info);
    // Planning alone shows nothing of the program; its input comes from a file or is empty.
    final PlannedClasses.Observed observed = request.allClasses() ? null : PlannedClasses.run(command, filter,
        request.stdin(), OutputStream.nullOutputStream(), OutputStream.nullOutputStream(), info);
    final RunRequest asked = oneSessionForThreads(observed, request, info);
    // A plan file does not carry the untraced classes the first run loaded: collect and merge plan nothing
    // on them, so neither does this plan.
    final TracedProgram traced = OpenWorldEntries.withEntries(load(command, filter, observed, false), asked,
        request.stdin().recorded(), info);
    return plan(traced, asked, observed == null ? null : observed.programRun(), info);
  }

  /**
   * The request in one session when the first run saw several threads run traced code and the user did not
   * say the program is deterministic: which thread does what can then differ from run to run, and only one
   * session is exact whatever it does (DESIGN §2, "Same run"). Known before any session runs, this saves
   * the sessions that would only disagree.
   */
  static RunRequest oneSessionForThreads(final PlannedClasses.Observed observed, final RunRequest request,
      final Consumer<String> info) {
    if (observed == null || observed.threads() < 2 || request.sameRun().deterministic() || request.sessions() == 1) {
      return request;
    }
    info.accept("one session: " + SameRunEvidence.threadsReason(observed.threads())
        + " (--deterministic splits it over sessions)");
    return request.withSessions(1);
  }

  /**
   * The program's traced classes: every one, or those the first run loaded, with what it saw run and,
   * when {@code untraced}, the untraced classes it loaded.
   */
  private static TracedProgram load(final JavaCommand command, final ClassFilter filter,
      final PlannedClasses.Observed observed, final boolean untraced) {
    return load(command, filter, observed, untraced, false);
  }

  /**
   * As {@link #load(JavaCommand, ClassFilter, PlannedClasses.Observed, boolean)}; with {@code sentinels}, only the
   * methods the first run saw run may run, and the others get sentinels ({@link Sentinels}).
   */
  static TracedProgram load(final JavaCommand command, final ClassFilter filter,
      final PlannedClasses.Observed observed, final boolean untraced, final boolean sentinels) {
    return observed == null ? TracedProgram.load(command, filter, null, null, List.of(), null, null)
        : TracedProgram.load(command, filter, observed.classes(), untraced ? observed.untraced() : null, List.of(),
            sentinels && observed.ran() != null ? observed.ran().keySet() : null,
            untraced ? observed.reflected() : null).withRan(observed.ran(), observed.jumps());
  }

  /**
   * Plans the sessions of loaded classes, or reuses the plan the cache holds for the same classes, options
   * and cost model ({@link PlanCache}), with each session paying the program's own run ({@link ProgramRun})
   * rather than the calibration's trivial one.
   *
   * @param run the program's first run, or {@code null} when not known
   */
  static TracePlan plan(final TracedProgram traced, final RunRequest request, final ProgramRun run,
      final Consumer<String> info) throws IOException {
    final Program program = traced.program();
    final CostModel machine = CostModels.forThisMachine(info);
    final CostModel cost = run == null ? machine : run.model(machine);
    // Checked before the cache is asked: a reused plan must warn about foreign weights as a new one does.
    final TraceWeights traceWeights = request.weights() == null ? null : TraceWeights.read(request.weights(), program);
    if (traceWeights != null) {
      WeightsCheck.check(traceWeights, request.weights(), traced, info);
    }
    final Map<String, Long> learnedHits = run == null || request.weights() != null ? null : run.hits();
    final String key = PlanCache.planKey(traced, request, cost, learnedHits);
    final PlanCache.StoredPlan stored = PlanCache.readPlan(key);
    if (stored != null) {
      final List<BitSet> sessions = stored.sessionSets();
      if (sessions.size() < request.sessions()) {
        Notice.tell(info, new Notice.FewerSessions(request.sessions(), sessions.size(), 0, request.strategy(), true));
      }
      final Plan plan = Plan.of(program, traced.launch(), request.profile(), sessions);
      if (plan.id().equals(stored.planId())) {
        info.accept("plan " + plan.id() + ": " + stored.witnesses() + " witnesses of " + program.blockCount()
            + " blocks in " + Plural.of(sessions.size(), "session") + String.format(", predicted %.1f s on %s, ",
            stored.prediction().wallMillis() / 1000, Plural.of(stored.prediction().workers(), "worker"))
            + "reused from the plan cache: nothing planned");
        return new TracePlan(traced, plan, stored.prediction(), true);
      }
    }
    final TracePlan planned = FreshPlan.of(traced, request, traceWeights, cost, learnedHits, info);
    PlanCache.writePlan(key, PlanCache.StoredPlan.of(planned.plan().id(),
        planned.plan().sessions().stream().map(Plan.SessionPlan::witnesses).toList(), planned.prediction(),
        witnesses(planned.plan())));
    return planned;
  }

  private static int witnesses(final Plan plan) {
    final BitSet all = new BitSet();
    plan.sessions().forEach(s -> all.or(s.witnesses()));
    return all.cardinality();
  }
}
