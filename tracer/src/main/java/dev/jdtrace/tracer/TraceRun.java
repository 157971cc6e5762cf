package dev.jdtrace.tracer;

import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.Within;
import dev.jdtrace.distribute.Plan;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.reconstruct.Reconstruction;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.trace.TraceWriter;
import dev.jdtrace.tracer.io.Output;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code jdtrace run}: plan, collect every session, reconstruct, write the trace. The stages are their own
 * classes: {@link PlanStage} plans (from the plan cache or {@link FreshPlan}, with {@link OpenWorldEntries}),
 * {@link SessionLoop} runs one attempt at a plan, which may fall back to {@link OneSessionFallback} or
 * {@link EntryLearning}; this class runs the first run and plans again when an attempt ran outside its plan.
 */
final class TraceRun {
  private TraceRun() {
  }

  /** Plans re-made after a session loaded a traced class the plan left out, before the run gives up. */
  static final int MAX_REPLANS = 2;

  /**
   * Loads the program and plans its sessions: only the traced classes a first run of the program loads
   * (unless the request asks for all). Without a number of sessions, the number with the least predicted
   * wall time on the request's workers is chosen.
   */
  public static TracePlan plan(final RunRequest request, final Consumer<String> info) throws IOException {
    return PlanStage.plan(request, info);
  }

  /**
   * Plans the sessions of loaded classes, or reuses the plan the cache holds for the same classes,
   * options and cost model ({@link PlanCache}).
   */
  public static TracePlan plan(final TracedProgram traced, final RunRequest request, final Consumer<String> info)
      throws IOException {
    return PlanStage.plan(traced, request, null, info);
  }

  /**
   * Runs the whole pipeline on this machine. The program's output is shown once, live: by the first run,
   * or by session 0 when the first run is skipped; every other run is quiet and checked against it.
   *
   * @param out where the shown run's standard output goes
   * @param err where the shown run's standard error goes
   * @param info receives one-line progress messages
   */
  public static RunReport run(final RunRequest request, final PrintStream out, final PrintStream err,
      final Consumer<String> info) throws IOException {
    final long start = System.nanoTime();
    final RunClock clock = new RunClock();
    if (request.within() != null) {
      Within.check(request.within()); // before anything runs
    }
    final JavaCommand command = JavaCommand.parse(request.javaCommand());
    final ClassFilter filter = TracedProgram.filter(command, request.includes(), request.excludes(), info);
    final EarlyLoad early = new EarlyLoad(command, filter);
    PlannedClasses.Observed observed = request.allClasses() ? null
        : PlannedClasses.run(command, filter, request.stdin(), out, err, info,
            request.profile() == ProfileKind.ALL_BLOCKS ? seen -> { } : early::start);
    clock.firstPass = System.nanoTime() - start;
    // No first run: every class planned, or the plan cache knew what it loads (it shows no run then).
    clock.firstPassSkipped = observed == null || observed.shown() == null;
    final RunSoFar shown = new RunSoFar(observed == null ? null : observed.shown());
    final RunState state = new RunState(out, err, info, start, clock, shown);
    final RunRequest asked = PlanStage.oneSessionForThreads(observed, request, info);
    if (asked != request) {
      shown.oneSession = SameRunEvidence.threadsReason(observed.threads());
    }
    boolean cachedEntries = true;
    // Only what the first run saw run is planned, the rest guarded by sentinels, until they were hit too often.
    int sentinelPlans = 0;
    for (int plans = 1; ; plans++) {
      final long planStart = System.nanoTime();
      final byte[] input = cachedEntries ? request.stdin().recorded() : null;
      final boolean sentinels = asked.profile() != ProfileKind.ALL_BLOCKS && sentinelPlans <= MAX_REPLANS;
      final TracedProgram loaded = sentinels ? early.take(observed) : null;
      final TracedProgram traced = OpenWorldEntries.withEntries(
          loaded != null ? loaded : PlanStage.load(command, filter, observed, true, sentinels), asked, input, info);
      // Entries cached for this input hold only if the runs read no more of it than the key did.
      shown.entriesInput = input != null && !traced.learned().isEmpty()
          && !traced.learned().contains(TracedProgram.EVERY_METHOD) ? input.length : -1;
      clock.programRun = observed == null ? null : observed.programRun();
      final TracePlan planned = PlanStage.plan(traced, asked, clock.programRun, info);
      clock.planning += System.nanoTime() - planStart;
      clock.plans = plans;
      try {
        final RunReport report = SessionLoop.run(state, planned, asked, true);
        if (observed != null && clock.learnedHits != null) {
          observed = observed.withHits(clock.learnedHits);
        }
        if (plans > 1 || clock.learnedHits != null) {
          PlannedClasses.remember(command, filter, request.stdin(), observed);
        }
        return report;
      } catch (final PlanAgain.Unplanned u) {
        // Plans made for sentinels count against their own limit, not against the class loading's.
        observed = PlannedClasses.replan(observed, u.classes, plans - sentinelPlans, MAX_REPLANS, info);
        shown.stale = true;
      } catch (final PlanAgain.SentinelHit hit) {
        sentinelPlans++;
        info.accept("a session ran " + Plural.of(hit.methods.size(), "method") + " the first run did not ("
            + hit.methods.iterator().next() + (hit.methods.size() > 1 ? ", ..." : "") + "): planning again "
            + (sentinelPlans > MAX_REPLANS ? "with every method of the loaded classes" : "with them")
            + " (the program runs again)");
        observed = observed.ranToo(hit.methods);
        shown.stale = true;
      } catch (final PlanAgain.Reflected r) {
        // Counted with the sentinels' plans: past their limit, reflection opens the world as when unwatched.
        sentinelPlans++;
        final boolean watch = sentinelPlans <= MAX_REPLANS && !r.tooMany;
        info.accept((r.tooMany ? "a session called reflection more than " + SessionResult.MOST_REFLECTIVE_CALLS
            + " times, too often to watch" : "a session saw reflection enter "
            + Plural.of(r.methods.size(), "traced method") + " the first run did not (" + r.methods.iterator().next()
            + (r.methods.size() > 1 ? ", ..." : "") + ")")
            + ": planning again " + (watch ? "with them as entries" : "with every traced method a possible entry")
            + " (the program runs again)");
        observed = watch ? observed.reflectedToo(r.methods) : observed.ranToo(r.methods).reflectionUnwatched();
        shown.stale = true;
      } catch (final PlanAgain.InputGrew g) {
        info.accept("standard input grew after the plan was made, and the entries from untraced code cached for "
            + "the input before may not hold for it: planning again with every traced method a possible entry");
        cachedEntries = false;
        shown.stale = true;
      }
    }
  }

  /**
   * Decodes the streams and writes the trace through {@link Output}: a trace file is replaced only by a
   * complete trace, so a failed decoding or a full disk never leaves a broken one.
   *
   * @return block entries written
   */
  public static long writeTrace(final List<IcfgModel> models, final Plan plan, final List<SessionStreams> streams,
      final OutputTarget trace) {
    try (Output out = trace.open();
        TraceWriter writer = new TraceWriter(out)) {
      final long entries = Reconstruction.reconstruct(models, plan, streams, writer);
      out.commit();
      return entries;
    }
  }

  /**
   * Deletes a directory and all it holds. Another thread may delete the same tree meanwhile (an interruption's
   * hook while the run cleans up after its killed sessions): a file already gone is what was wanted.
   */
  static void deleteTree(final Path dir) throws IOException {
    Files.walkFileTree(dir, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(final Path file, final BasicFileAttributes attributes) throws IOException {
        Files.deleteIfExists(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(final Path file, final IOException e) throws IOException {
        return gone(e);
      }

      @Override
      public FileVisitResult postVisitDirectory(final Path directory, final IOException e) throws IOException {
        if (e != null) {
          gone(e);
        }
        Files.deleteIfExists(directory);
        return FileVisitResult.CONTINUE;
      }

      private FileVisitResult gone(final IOException e) throws IOException {
        if (e instanceof NoSuchFileException) {
          return FileVisitResult.CONTINUE;
        }
        throw e;
      }
    });
  }
}
