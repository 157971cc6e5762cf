package dev.jdtrace.tracer;

import dev.jdtrace.collect.AttachResult;
import dev.jdtrace.collect.AttachSession;
import dev.jdtrace.collect.AttachSpec;
import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.collect.JvmClasses;
import dev.jdtrace.collect.NoTracedClassLoadedException;
import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.collect.Within;
import dev.jdtrace.distribute.CapTooSmallException;
import dev.jdtrace.distribute.Plan;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.GeneratedClasses;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.AttachedThreads;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * {@code jdtrace attach}: plan the sessions, run them on running JVMs (replicas in parallel, the
 * sessions of one JVM one after another), check they saw the same run, match their threads, decode.
 */
final class AttachRun {
  private AttachRun() {
  }

  /** Rounds of sessions an attach may run: each one after the first plans the classes the last one loaded. */
  static final int ROUNDS = 3;

  /**
   * Runs every session and writes the trace. A plan from class files covers the traced classes the JVM
   * had loaded; when sessions see another one prepared (a first request loads its handlers), every session
   * runs again on a plan that holds it.
   *
   * @param out where session 0's trigger output goes
   * @param err where session 0's trigger errors go
   * @throws ReconstructionException when traced classes still load unplanned after {@value #ROUNDS} rounds
   */
  static AttachReport run(final AttachRequest request, final PrintStream out, final PrintStream err,
      final Consumer<String> info) throws IOException {
    final Set<String> learned = new TreeSet<>();
    RunRequest planning = request.planning();
    if (planning.within() != null) {
      Within.check(planning.within()); // before anything attaches
    }
    // Why the sessions' windows were not merged, once one more session traces alone; and that said in full.
    String oneSession = null;
    String told = null;
    final Set<Endpoint> toldHeld = java.util.concurrent.ConcurrentHashMap.newKeySet();
    // Breakpoints the threads at rest in traced code take from --cap, once a session has found them.
    int reserved = 0;
    for (int round = 1; ; ) {
      final TracedProgram traced = traced(request, learned, info);
      tellHeld(request.targets().get(0), toldHeld, info);
      final TracePlan planned;
      try {
        planned = TraceRun.plan(traced, planning, info);
      } catch (final CapTooSmallException e) {
        if (reserved == 0) {
          throw e;
        }
        throw new CapTooSmallException(request.planning().cap(), e.minimum() + reserved, e.job() + ", and each of the "
            + Plural.of(reserved, "thread") + " at rest in traced code needs a breakpoint of its own");
      }
      final Plan plan = planned.plan();
      if (told != null) {
        SameRunEvidence.checkOneSession(plan, told, planning);
      }
      final Within within = planning.within() == null ? null : Within.resolve(planning.within(), traced.program());
      final Path work = Files.createTempDirectory("jdtrace-attach-");
      try (Interruption guard = Interruption.guard(List.of(work), info)) {
        final List<AttachResult> results = runAll(request, traced, plan, within, work, out, err, info, toldHeld);
        final int reserve = results.stream().mapToInt(AttachResult::reserveNeeded).max().orElse(0);
        if (reserve > 0) {
          // --cap counts every breakpoint set at once: a thread at rest in traced code at the cut needs one.
          planning = reservedFor(reserve, request, planning, round, info);
          reserved = reserve;
          round++;
          continue;
        }
        final PlannedClasses.Unknown unknown = PlannedClasses.Unknown.of(results.stream().map(AttachResult::run).toList());
        if (!unknown.traced().isEmpty()) {
          final String which = unknown.describe();
          if (results.stream().anyMatch(AttachResult::targetExited)) {
            throw new TargetException("the sessions loaded " + which + ", but the target exited, so the sessions "
                + "cannot run again with them: start it again and send it a first request before the attach");
          }
          if (round == ROUNDS) {
            throw new ReconstructionException("the sessions still loaded " + which + " after " + ROUNDS
                + " rounds: the target keeps loading new traced classes; no trace written");
          }
          info.accept("the sessions loaded " + which + ": planning again with them (the sessions run again)");
          learned.addAll(unknown.traced());
          round++;
          continue;
        }
        check(request, traced, results);
        final boolean split = plan.sessions().size() > 1;
        final List<AttachResult> complete = results.stream().filter(r -> r.truncated() == null).toList();
        final Optional<String> disagreement = !split ? Optional.empty() : SameRunEvidence.disagreement(
            complete.stream().map(AttachResult::run).toList(), null,
            complete.stream().map(r -> r.run().threads() - r.residentThreads()).toList(),
            planning.sameRun().deterministic());
        if (disagreement.isPresent()) {
          oneSession = disagreement.get();
          told = oneSession + " (for attach: the trigger's exit code and output, and the threads that ran traced "
              + "code)";
          planning = SameRunEvidence.inOneSession(told, planning, info);
          continue;
        }
        final List<SessionStreams> streams = new ArrayList<>();
        for (final Plan.SessionPlan session : plan.sessions()) {
          streams.add(SessionStreams.read(Sessions.part(work, session.index())));
        }
        try {
          final AttachedThreads.Matched matched = AttachedThreads.match(results, streams, request.allowTruncated(),
              traced.program());
          final long entries = TraceRun.writeTrace(planned.models(), plan, matched.streams(),
              OutputTarget.check(request.planning().trace(), "TRACE"));
          return new AttachReport(plan, results, entries, matched.threads(), matched.leftOut(), oneSession);
        } catch (final ReconstructionException e) {
          if (!split || e.getMessage().contains(": ambiguous plan")) {
            throw e;
          }
          oneSession = "their streams fit no single path";
          told = oneSession + ": " + e.getMessage();
          planning = SameRunEvidence.inOneSession(told, planning, info);
        }
      } finally {
        TraceRun.deleteTree(work);
      }
    }
  }

  /**
   * The traced classes: those of the class path that the first target has loaded (with {@code learned},
   * loaded by earlier sessions), or all of them when it has loaded none yet. The class path is the request's,
   * or else the target's own, told over JDWP, when its entries are readable here and hold every traced class
   * the target has loaded (each session still checks every class's bytecode against the JVM's). Otherwise
   * the classes the first target has loaded are read over JDI: then the traced set is exactly those classes,
   * so one loaded later stays untraced rather than unplanned.
   */
  private static TracedProgram traced(final AttachRequest request, final Set<String> learned,
      final Consumer<String> info) {
    final ClassFilter filter = new ClassFilter(request.planning().includes(), request.planning().excludes());
    final Endpoint first = request.targets().get(0);
    final JvmClasses.Running running = JvmClasses.running(first, filter);
    final Set<String> loaded = new TreeSet<>(running.loaded());
    loaded.addAll(learned);
    List<Path> classpath = request.classpath();
    if (classpath == null) {
      final List<Path> told = running.classPath();
      final List<Path> readable = told.stream().filter(Files::exists).toList();
      // Classes generated at run time (lambda proxies) have no class file anywhere, and are not traced.
      if (!readable.isEmpty() && ProgramLoader.tracedNames(readable, filter).containsAll(
          loaded.stream().filter(c -> !GeneratedClasses.isGenerated(c)).toList())) {
        Notice.tell(info, new Notice.TargetClassPath(readable.size(), told.size(), first));
        classpath = readable;
      }
    }
    if (classpath == null) {
      final Program program = JvmClasses.read(first, filter);
      final List<String> names = program.classes().stream().map(c -> c.name()).toList();
      Notice.tell(info, new Notice.LoadedClassesOnly(names.size(), first));
      return TracedProgram.ofRunning(List.of(), new ClassFilter(names, request.planning().excludes()), program,
          Set.of());
    }
    Program program = ProgramLoader.load(classpath, filter, loaded::contains);
    if (program.classes().isEmpty()) {
      program = ProgramLoader.load(classpath, filter);
    }
    if (program.classes().isEmpty()) {
      throw new NoMatchingClassException(request.planning().includes(), 0);
    }
    return TracedProgram.ofRunning(classpath, filter, program, TracedProgram.unplanned(classpath, filter, program));
  }

  /** The request planning fewer witnesses per session, to leave room for the threads at rest's own breakpoints. */
  private static RunRequest reservedFor(final int reserve, final AttachRequest request, final RunRequest planning,
      final int round, final Consumer<String> info) {
    final int cap = request.planning().cap() - reserve;
    if (round == ROUNDS || cap < 1) {
      throw new CapTooSmallException(request.planning().cap(), reserve + 1, "each of the " + Plural.of(reserve,
          "thread") + " at rest in traced code at the attach needs a breakpoint of its own, on top of the witnesses");
    }
    info.accept("each of the " + Plural.of(reserve, "thread") + " at rest in traced code needs a breakpoint of its "
        + "own: planning again with at most " + cap + " witnesses per session under --cap " + request.planning().cap()
        + " (the sessions run again)");
    return planning.withCap(Math.min(planning.cap(), cap));
  }

  /** One worker per target; each runs its sessions in order. Results in session order. */
  private static List<AttachResult> runAll(final AttachRequest request, final TracedProgram traced, final Plan plan,
      final Within within, final Path work,
      final PrintStream out, final PrintStream err, final Consumer<String> info, final Set<Endpoint> toldHeld) {
    final List<Endpoint> targets = request.targets();
    final int total = plan.sessions().size();
    final ExecutorService pool = Executors.newFixedThreadPool(Math.min(targets.size(), total));
    // A session that finds threads at rest needing breakpoints of their own makes the round plan again: the
    // sessions after it would only pause the service for streams that are thrown away.
    final AtomicBoolean replans = new AtomicBoolean();
    try {
      final List<Future<List<AttachResult>>> futures = new ArrayList<>();
      for (int t = 0; t < Math.min(targets.size(), total); t++) {
        final int first = t;
        futures.add(pool.submit(() -> {
          final List<AttachResult> mine = new ArrayList<>();
          for (int k = first; k < total && !replans.get(); k += targets.size()) {
            final Plan.SessionPlan s = plan.sessions().get(k);
            final AttachResult r = AttachSession.run(new AttachSpec(targets.get(first), traced.program(),
                traced.filter(), s.witnesses(), Sessions.part(work, k), plan.id(), k, request.window(),
                request.guardrails().withMaxBreakpoints(request.planning().cap()), traced.unplanned(), within),
                k == 0 ? out : OutputStream.nullOutputStream(),
                k == 0 ? err : OutputStream.nullOutputStream());
            tellHeld(targets.get(first), toldHeld, info);
            info.accept(describe(r, total));
            mine.add(r);
            if (r.reserveNeeded() > 0) {
              replans.set(true);
            }
            if (r.targetExited() && k + targets.size() < total) {
              throw new TargetException(r.target() + " exited during session " + k + " (of " + total + "): the "
                  + "sessions after it have no JVM to attach to; trace it in one session (--sessions 1), or keep it "
                  + "running until the sessions end");
            }
          }
          return mine;
        }));
      }
      final AttachResult[] results = new AttachResult[total];
      for (final Future<List<AttachResult>> f : futures) {
        for (final AttachResult r : f.get()) {
          results[r.run().session()] = r;
        }
      }
      // Sessions skipped for a round that plans again have no result.
      return Arrays.stream(results).filter(Objects::nonNull).toList();
    } catch (final ExecutionException e) {
      throw Sessions.failure(e);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while tracing");
    } finally {
      pool.shutdownNow();
    }
  }

  /** Says once per target that its start ran untraced: it was held there ({@code suspend=y}) and an attach let it go. */
  private static void tellHeld(final Endpoint target, final Set<Endpoint> told, final Consumer<String> info) {
    if (AttachSession.releasedFromStart(target) && told.add(target)) {
      info.accept(target + " was held at its start (suspend=y) and runs since jdtrace's first attach: what it ran "
          + "before the first session's breakpoints were set (the start of its main) is not traced; `jdtrace run` "
          + "traces a program from its start");
    }
  }

  private static String describe(final AttachResult r, final int total) {
    final SessionResult s = r.run();
    return String.format("session %d (of %d) on %s: %s, %s, %s%s%s, %.1f s, VM paused at most "
            + "%.1f ms%s", s.session(), total, r.target(), Plural.of(s.breakpoints(), "breakpoint"),
        Plural.of(s.hits(), "hit"), Plural.of(s.threads(), "thread"),
        r.residentThreads() == 0 ? "" : " (" + r.residentThreads() + " at rest inside traced code at the attach, "
            + "traced from there)",
        r.skippedThreads() == 0 ? "" : " (" + r.skippedThreads() + " running inside traced code at the attach, not "
            + "recorded)",
        s.wallMillis() / 1000.0, r.longestPauseMicros() / 1000.0, r.truncated() == null ? "" : ", TRUNCATED: "
            + r.truncated().describe()) + (r.targetExited() ? "; the target exited during the session: its threads "
            + "end where they stood at its death" : "");
  }

  /**
   * Refusals first (nothing was traced), then classes never loaded, then truncation; whether the sessions
   * saw the same run is {@link SameRunEvidence}'s.
   */
  private static void check(final AttachRequest request, final TracedProgram traced,
      final List<AttachResult> results) {
    for (final AttachResult r : results) {
      if (!r.run().refusedClasses().isEmpty()) {
        throw new TargetException("session " + r.run().session() + " on " + r.target() + ": "
            + r.run().refusedClasses().get(0));
      }
    }
    for (final AttachResult r : results) {
      if (r.loadedClasses() == 0) {
        throw new NoTracedClassLoadedException(r.target(), traced.filter().includes(), r.run().session());
      }
    }
    for (final AttachResult r : results) {
      if (r.truncated() != null && !request.allowTruncated()) {
        throw new TruncatedSessionException(r.run().session(), r.target(), r.truncated());
      }
    }
  }
}

