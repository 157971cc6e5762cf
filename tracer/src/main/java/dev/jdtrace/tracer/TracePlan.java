package dev.jdtrace.tracer;

import dev.jdtrace.distribute.Plan;
import dev.jdtrace.distribute.PlanFile;
import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.plan.icfg.IcfgModel;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A plan with what running and decoding it needs: the program as loaded here, the sessions' witnesses,
 * and the decoder's model of each session, so that no caller builds models itself.
 */
public final class TracePlan {
  private final TracedProgram traced;
  private final Plan plan;
  private final Prediction prediction;
  private final boolean reused;
  /**
   * The decoder's models, built when first asked or, once sessions are to run, on a thread of their own meanwhile:
   * a plan read to collect one session never decodes, and javaparser's 6-8 sessions took 1.5-2.5 s to model.
   */
  private final FutureTask<List<IcfgModel>> models;

  /**
   * @param prediction the sessions' predicted costs, {@code null} for a plan read from a file
   * @param reused whether the plan came from the plan cache (nothing was planned)
   */
  TracePlan(final TracedProgram traced, final Plan plan, final Prediction prediction, final boolean reused) {
    this.traced = traced;
    this.plan = plan;
    this.prediction = prediction;
    this.reused = reused;
    this.models = new FutureTask<>(() -> traced.models(plan.sessions().stream().map(Plan.SessionPlan::witnesses)
        .toList()));
  }

  /**
   * A plan file's plan, rebuilt on the class files a java command finds here.
   *
   * @throws IllegalArgumentException when the program launched or its class files differ from the plan's
   */
  public static TracePlan of(final PlanFile file, final List<String> javaCommand) {
    final TracedProgram traced = TracedProgram.load(javaCommand, file.includes(), file.excludes(), file.classSet(),
        file.entries(), line -> { });
    return new TracePlan(traced, file.toPlan(traced.program(), traced.launch()), null, false);
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

  /**
   * Starts building the decoder's models on a thread of their own, while the sessions run; at most once, and not
   * after {@link #models} has built them.
   */
  void modelInBackground() {
    final Thread t = new Thread(models, "jdtrace-session-models");
    t.setDaemon(true); // nothing to wait for when the run ends before decoding (it failed, or plans again)
    t.start();
  }

  /** The decoder's model of each session, in session order. */
  public List<IcfgModel> models() {
    models.run(); // builds them here unless begun in the background (a FutureTask runs once)
    try {
      return models.get();
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while modelling the sessions", e);
    } catch (final ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  /** The plan file of a plan made here, for collect and merge elsewhere. */
  public PlanFile file() {
    return PlanFile.of(plan, prediction, traced.program(), traced.command().args(), traced.launch(),
        traced.includes(), traced.filter().excludes(), traced.learned(), traced.unplanned().isEmpty());
  }
}
