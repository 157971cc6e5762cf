package dev.jdtrace.tracer;

import dev.jdtrace.collect.FirstRun;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.JavaCommand;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Loads the traced classes a first run saw while its JVM prints its profile and exits (GuavaDriver 0.15 s,
 * javaparser 0.6 s), on a thread of its own: the load needs what the run saw at the VM's death, not the JVM's counts.
 * The first plan of {@code jdtrace run} takes it, as {@code PlanStage.load} would have loaded it.
 */
final class EarlyLoad {
  private final JavaCommand command;
  private final ClassFilter filter;
  private FirstRun.AtDeath seen;
  private CompletableFuture<TracedProgram> program;

  EarlyLoad(final JavaCommand command, final ClassFilter filter) {
    this.command = command;
    this.filter = filter;
  }

  /** Starts loading what the first run saw; called at its VM's death. */
  void start(final FirstRun.AtDeath atDeath) {
    seen = atDeath;
    program = CompletableFuture.supplyAsync(() -> TracedProgram.load(command, filter, atDeath.classes(),
        atDeath.untraced(), List.of(), atDeath.ran(), atDeath.reflected()), task -> {
          final Thread t = new Thread(task, "jdtrace-early-load");
          t.setDaemon(true);
          t.start();
        });
  }

  /**
   * The program as {@code PlanStage.load(command, filter, observed, true, true)} loads it, once: when the load
   * started is of what {@code observed} saw; else {@code null}.
   */
  TracedProgram take(final PlannedClasses.Observed observed) {
    final CompletableFuture<TracedProgram> started = program;
    program = null;
    if (started == null || observed == null || observed.ran() == null
        || !seen.classes().equals(observed.classes()) || !seen.ran().equals(observed.ran().keySet())
        || !Objects.equals(seen.untraced(), observed.untraced())
        || !Objects.equals(seen.reflected(), observed.reflected())) {
      return null;
    }
    try {
      return started.join().withRan(observed.ran(), observed.jumps());
    } catch (final CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e;
    }
  }
}
