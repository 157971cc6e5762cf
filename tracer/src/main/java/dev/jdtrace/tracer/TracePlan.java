package dev.jdtrace.tracer;

import dev.jdtrace.distribute.Plan;
import dev.jdtrace.distribute.PlanFile;
import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.plan.icfg.IcfgModel;
import java.util.List;

/**
 * A plan with what running and decoding it needs: the program as loaded here, the sessions' witnesses,
 * and the decoder's model of each session, so that no caller builds models itself.
 */
public final class TracePlan {
  private final TracedProgram traced;
  private final Plan plan;
  private final Prediction prediction;
  private final boolean reused;
  // Built on first use: a plan read to collect one session never decodes.
  private List<IcfgModel> models;

  /**
   * @param models the decoder's model per session, or {@code null} to build them when first asked
   * @param prediction the sessions' predicted costs, {@code null} for a plan read from a file
   * @param reused whether the plan came from the plan cache (nothing was planned)
   */
  TracePlan(final TracedProgram traced, final Plan plan, final List<IcfgModel> models, final Prediction prediction,
      final boolean reused) {
    this.traced = traced;
    this.plan = plan;
    this.models = models;
    this.prediction = prediction;
    this.reused = reused;
  }

  /**
   * A plan file's plan, rebuilt on the class files a java command finds here.
   *
   * @throws IllegalArgumentException when the program launched or its class files differ from the plan's
   */
  public static TracePlan of(final PlanFile file, final List<String> javaCommand) {
    final TracedProgram traced = TracedProgram.load(javaCommand, file.includes(), file.excludes(), file.classSet(),
        file.entries(), line -> { });
    return new TracePlan(traced, file.toPlan(traced.program(), traced.launch()), null, null, false);
  }

  /** The program as loaded. */
  public TracedProgram traced() {
    return traced;
  }

  /** The sessions' witnesses and the plan's identity. */
  public Plan plan() {
    return plan;
  }

  /** The sessions' predicted costs; {@code null} for a plan read from a file. */
  public Prediction prediction() {
    return prediction;
  }

  /** Whether the plan came from the plan cache (nothing was planned). */
  public boolean reused() {
    return reused;
  }

  /** The decoder's model of each session, in session order. */
  public synchronized List<IcfgModel> models() {
    if (models == null) {
      models = traced.models(plan.sessions().stream().map(Plan.SessionPlan::witnesses).toList());
    }
    return models;
  }

  /** The plan file of a plan made here, for collect and merge elsewhere. */
  public PlanFile file() {
    return PlanFile.of(plan, prediction, traced.program(), traced.command().args(), traced.launch(),
        traced.includes(), traced.filter().excludes(), traced.learned(), traced.unplanned().isEmpty());
  }
}
