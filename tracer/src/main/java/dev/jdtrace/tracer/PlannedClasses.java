package dev.jdtrace.tracer;

import dev.jdtrace.collect.FirstRun;
import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.GeneratedClasses;
import dev.jdtrace.plan.JavaCommand;
import java.io.OutputStream;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The classes a run plans: those a first run of the program loads ({@link FirstRun}), plus any
 * that a session then loads and the plan left out, planned again before the run gives up.
 */
final class PlannedClasses {
  private PlannedClasses() {
  }

  /**
   * What a first run saw.
   *
   * @param classes the traced classes it loaded
   * @param ran their methods that ran ({@code class.name+descriptor}) with how often ({@code FirstRun.Loaded.ran}),
   *     or {@code null} when not known
   * @param jumps the jumps the JVM counted in those methods ({@code FirstRun.Loaded.jumps}), or {@code null} when
   *     not known
   * @param untraced the untraced, non-JDK classes it loaded, or {@code null} when not known
   * @param threads the threads it saw enter traced methods (a lower bound), 0 when not known
   * @param shown the first run, whose output passed through, or {@code null} when it was skipped
   * @param wallMillis the first run's wall time, launch to exit (what each session pays before its hits,
   *     {@link ProgramRun}), or -1 when not known
   * @param probes what the first run's own breakpoints cost it, or {@code null} when not known
   * @param hits the hits each witness took in a later run whose prediction they missed ({@link LearnedHits}), or
   *     {@code null} when none did
   * @param reflected the traced methods reflection entered ({@code class.name+descriptor}), with those
   *     sessions then saw it enter, or {@code null} when not known
   */
  record Observed(Set<String> classes, java.util.Map<String, Integer> ran, java.util.Map<String, long[]> jumps,
      Set<String> untraced, int threads, ShownRun shown, long wallMillis, FirstRun.Probes probes,
      java.util.Map<String, Long> hits, Set<String> reflected) {
    /** What the plan cache remembers: no run was made, none was shown. */
    Observed(final Set<String> classes, final java.util.Map<String, Integer> ran,
        final java.util.Map<String, long[]> jumps, final Set<String> untraced, final int threads,
        final long wallMillis, final FirstRun.Probes probes, final java.util.Map<String, Long> hits,
        final Set<String> reflected) {
      this(classes, ran, jumps, untraced, threads, null, wallMillis, probes, hits, reflected);
    }

    /** The same, with the hits a run took where its prediction missed them. */
    Observed withHits(final java.util.Map<String, Long> learned) {
      return new Observed(classes, ran, jumps, untraced, threads, shown, wallMillis, probes, learned, reflected);
    }

    /**
     * The same, with methods that sessions saw reflection enter and the first run did not (each counted
     * as run once): the next plan makes them entries, and lets them run.
     */
    Observed reflectedToo(final Set<String> methods) {
      final Set<String> more = new TreeSet<>(reflected == null ? Set.of() : reflected);
      more.addAll(methods);
      return new Observed(classes, ran, jumps, untraced, threads, shown, wallMillis, probes, hits, more)
          .ranToo(methods);
    }

    /** The same, with reflection no longer watched: it opens the world, as when nothing is known of it. */
    Observed reflectionUnwatched() {
      return new Observed(classes, ran, jumps, untraced, threads, shown, wallMillis, probes, hits, null);
    }

    /**
     * What a first run saw, with methods it did not see run that a session then ran (each counted as run once):
     * the next plan lets them run.
     */
    Observed ranToo(final Set<String> methods) {
      if (ran == null) {
        return this;
      }
      final java.util.Map<String, Integer> more = new java.util.TreeMap<>(ran);
      methods.forEach(m -> more.putIfAbsent(m, 1));
      return new Observed(classes, more, jumps, untraced, threads, shown, wallMillis, probes, hits, reflected);
    }

    /**
     * The program's run as the cost model counts it, or {@code null} when neither the first run's time (with
     * what its breakpoints cost it) nor any learned hits are known.
     */
    ProgramRun programRun() {
      final boolean timed = wallMillis >= 0 && ran != null && probes != null;
      if (!timed && hits == null) {
        return null;
      }
      return new ProgramRun(timed ? wallMillis : -1, probes, hits);
    }
  }

  /**
   * The traced classes the program loads and the methods that run: those the plan cache remembers for
   * this command, input and build, or else those of a first run (then remembered). The first run reads
   * {@code stdin} as it arrives and its output passes through to {@code out} and {@code err}: for a
   * program that asks before it reads on, it is the run the user answers.
   */
  static Observed run(final JavaCommand command, final ClassFilter filter, final StandardInput stdin,
      final OutputStream out, final OutputStream err, final Consumer<String> info) {
    return run(command, filter, stdin, out, err, info, seen -> { });
  }

  /** As {@link #run}, telling {@code atDeath} what a first run saw as soon as its VM died ({@link EarlyLoad}). */
  static Observed run(final JavaCommand command, final ClassFilter filter, final StandardInput stdin,
      final OutputStream out, final OutputStream err, final Consumer<String> info,
      final Consumer<FirstRun.AtDeath> atDeath) {
    final String key = PlanCache.loadedKey(command, filter, stdin);
    final Observed cached = key == null ? null : PlanCache.readLoaded(key);
    if (cached != null) {
      info.accept("first run skipped: the plan cache knows the " + loadedClasses(cached.classes())
          + " this build loads on this input");
      return cached;
    }
    final FirstRun.Loaded loaded;
    // Ctrl-C kills the program and says so, as during the sessions; a long first run says it still runs.
    try (Interruption guard = Interruption.guard(List.of(), info);
        Ticker ticker = Ticker.start("first run", () -> "", info)) {
      loaded = FirstRun.run(command, filter, stdin, out, err, atDeath);
    }
    if (Interruption.happened()) {
      // Ctrl-C or SIGTERM killed the first run (the hook sets this before it kills): its one line is the last.
      throw new java.util.concurrent.CancellationException("interrupted during the first run");
    }
    info.accept(String.format("first run: %s loaded, %d of their methods ran, %.1f s",
        loadedClasses(loaded.classes()), loaded.ran().size(), loaded.wallMillis() / 1000.0));
    final Observed observed = new Observed(loaded.classes(), loaded.ran(), loaded.jumps(), loaded.untraced(),
        loaded.threads(), new ShownRun("the first run", loaded.exitCode(), loaded.stdoutSha256()),
        loaded.wallMillis(), loaded.probes(), null, loaded.reflected());
    // Input typed during the run may have ended only now: its key is known once it is complete.
    remember(command, filter, stdin, observed);
    return observed;
  }

  /**
   * The traced classes loaded, counted as planning counts them: classes the JDK generates (lambda proxies) have
   * no class file to plan, and are named apart so the two counts agree (javaparser: "387 traced classes and 390
   * generated ones", not "777").
   */
  static String loadedClasses(final Set<String> classes) {
    final long generated = classes.stream().filter(GeneratedClasses::isGenerated).count();
    final String withFiles = Plural.of(classes.size() - (int) generated, "traced class");
    return generated == 0 ? withFiles : withFiles + " (and " + Plural.of((int) generated, "generated one") + ")";
  }

  /**
   * Remembers the classes a run needed (after a first run, or after it planned again, so the next run
   * plans them at once), keyed by the complete input: nothing while the input has not ended.
   */
  static void remember(final JavaCommand command, final ClassFilter filter, final StandardInput stdin,
      final Observed observed) {
    final String key = PlanCache.loadedKey(command, filter, stdin);
    if (key != null) {
      PlanCache.writeLoaded(key, observed);
    }
  }

  /**
   * The classes sessions loaded that their plan did not know, sorted: traced ones it left out, and untraced
   * ones it did not assume.
   */
  record Unknown(Set<String> traced, Set<String> untraced) {
    static Unknown of(final List<SessionResult> results) {
      final Set<String> traced = new TreeSet<>();
      final Set<String> untraced = new TreeSet<>();
      results.forEach(r -> {
        traced.addAll(r.unplannedClasses());
        untraced.addAll(r.untracedUnknown());
      });
      return new Unknown(traced, untraced);
    }

    boolean isEmpty() {
      return traced.isEmpty() && untraced.isEmpty();
    }

    /** The classes in one line: how many of each kind, and the first of each. */
    String describe() {
      final String t = traced.isEmpty() ? "" : Plural.of(traced.size(), "traced class") + " the plan left out ("
          + traced.iterator().next() + (traced.size() > 1 ? ", ..." : "") + ")";
      final String u = untraced.isEmpty() ? "" : Plural.of(untraced.size(), "untraced class") + " the first run did not "
          + "load (" + untraced.iterator().next() + (untraced.size() > 1 ? ", ..." : "") + ")";
      return t.isEmpty() ? u : u.isEmpty() ? t : t + " and " + u;
    }
  }

  /**
   * The classes to plan next after sessions loaded classes their plan did not know, or a divergence when
   * the run has planned again {@code maxReplans} times already: its class loading does not settle, and
   * blocks of those classes would run unseen, or enter traced code where the plan does not expect it.
   *
   * @param plans plans made so far
   */
  static Observed replan(final Observed planned, final Unknown unknown, final int plans,
      final int maxReplans, final Consumer<String> info) {
    final String which = unknown.describe();
    if (plans > maxReplans) {
      throw new UnsettledLoadingException(which, plans);
    }
    info.accept("a session loaded " + which + ": planning again with them (the program runs again)");
    final Set<String> next = new TreeSet<>(planned.classes());
    next.addAll(unknown.traced());
    Set<String> untraced = planned.untraced();
    if (untraced != null) {
      untraced = new TreeSet<>(untraced);
      untraced.addAll(unknown.untraced());
    }
    // Methods of added classes ran unseen by the first run: the prediction no longer knows which ran.
    return new Observed(next, unknown.traced().isEmpty() ? planned.ran() : null, planned.jumps(), untraced,
        planned.threads(), planned.shown(), planned.wallMillis(), planned.probes(), planned.hits(),
        planned.reflected());
  }
}
