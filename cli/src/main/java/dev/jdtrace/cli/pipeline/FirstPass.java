package dev.jdtrace.cli.pipeline;

import dev.jdtrace.driver.ClassLoadProbe;
import dev.jdtrace.driver.SessionResult;
import dev.jdtrace.profiler.ClassFilter;
import dev.jdtrace.profiler.JavaCommand;
import dev.jdtrace.reconstruct.ReconstructionException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The classes a run plans: those a first run of the program loads ({@link ClassLoadProbe}), plus any
 * that a session then loads and the plan left out, planned again before the run gives up.
 */
final class FirstPass {
  private FirstPass() {
  }

  /**
   * The traced classes the program loads: those the plan cache remembers for this command, input and
   * build, or else those of a run without breakpoints (then remembered).
   */
  static Set<String> run(final JavaCommand command, final ClassFilter filter, final byte[] stdin,
      final Consumer<String> info) {
    final String key = PlanCache.loadedKey(command, filter, stdin);
    final Set<String> cached = PlanCache.readLoaded(key);
    if (cached != null) {
      info.accept("first run skipped: the plan cache knows the " + cached.size()
          + " traced classes this build loads on this input");
      return cached;
    }
    final ClassLoadProbe.Loaded loaded = ClassLoadProbe.run(command, filter, stdin);
    info.accept(String.format("first run: %d traced classes loaded, %.1f s", loaded.classes().size(),
        loaded.wallMillis() / 1000.0));
    PlanCache.writeLoaded(key, loaded.classes());
    return loaded.classes();
  }

  /** Remembers the classes a run needed after it planned again, so the next run plans them at once. */
  static void remember(final JavaCommand command, final ClassFilter filter, final byte[] stdin,
      final Set<String> classes) {
    PlanCache.writeLoaded(PlanCache.loadedKey(command, filter, stdin), classes);
  }

  /** The traced classes that sessions loaded and their plan left out, sorted. */
  static Set<String> unplanned(final List<SessionResult> results) {
    final Set<String> out = new TreeSet<>();
    results.forEach(r -> out.addAll(r.unplannedClasses()));
    return out;
  }

  /**
   * The classes to plan next after sessions loaded unplanned ones, or a divergence when the run has
   * planned again {@code maxReplans} times already: its class loading does not settle, and blocks of
   * those classes would run unseen.
   *
   * @param plans plans made so far
   */
  static Set<String> replan(final Set<String> planned, final Set<String> unplanned, final int plans,
      final int maxReplans, final Consumer<String> info) {
    final String which = unplanned.size() + " traced class(es) the plan left out (" + unplanned.iterator().next()
        + (unplanned.size() > 1 ? ", ..." : "") + ")";
    if (plans > maxReplans) {
      throw new ReconstructionException("the runs diverged: a session loaded " + which + " after " + plans
          + " plans; trace every class with --all-classes");
    }
    info.accept("a session loaded " + which + ": planning again with them (the program runs again)");
    final Set<String> next = new TreeSet<>(planned);
    next.addAll(unplanned);
    return next;
  }
}
