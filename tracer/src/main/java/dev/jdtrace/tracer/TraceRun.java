package dev.jdtrace.tracer;

import dev.jdtrace.collect.LocalSession;
import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.SessionSpec;
import dev.jdtrace.collect.Within;
import dev.jdtrace.distribute.CheckWitnesses;
import dev.jdtrace.distribute.Distributor;
import dev.jdtrace.distribute.Plan;
import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.distribute.cost.SessionCount;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.plan.icfg.DecisionGroups;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.Reconstruction;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.TraceWeights;
import dev.jdtrace.reconstruct.discover.ExternalEntries;
import dev.jdtrace.trace.TraceWriter;
import dev.jdtrace.tracer.io.Output;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/** {@code jdtrace run}: plan, collect every session, reconstruct, write the trace. */
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
    final JavaCommand command = JavaCommand.parse(request.javaCommand());
    final ClassFilter filter = TracedProgram.filter(command, request.includes(), request.excludes(), info);
    // Planning alone shows nothing of the program; its input comes from a file or is empty.
    final FirstPass.Observed observed = request.allClasses() ? null : FirstPass.run(command, filter,
        request.stdin(), OutputStream.nullOutputStream(), OutputStream.nullOutputStream(), info);
    final RunRequest asked = oneSessionForThreads(observed, request, info);
    // A plan file does not carry the untraced classes the first run loaded: collect and merge plan nothing
    // on them, so neither does this plan.
    final TracedProgram traced = withEntries(load(command, filter, observed, false), asked,
        request.stdin().recorded(), info);
    return plan(traced, asked, observed == null ? null : observed.programRun(traced.program()), info);
  }

  /**
   * The request in one session when the first run saw several threads run traced code and the user did not
   * say the program is deterministic: which thread does what can then differ from run to run, and only one
   * session is exact whatever it does (DESIGN §2, "Same run"). Known before any session runs, this saves
   * the sessions that would only disagree.
   */
  private static RunRequest oneSessionForThreads(final FirstPass.Observed observed, final RunRequest request,
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
      final FirstPass.Observed observed, final boolean untraced) {
    return load(command, filter, observed, untraced, false);
  }

  /**
   * As {@link #load(JavaCommand, ClassFilter, FirstPass.Observed, boolean)}; with {@code sentinels}, only the
   * methods the first run saw run may run, and the others get sentinels ({@link Sentinels}).
   */
  private static TracedProgram load(final JavaCommand command, final ClassFilter filter,
      final FirstPass.Observed observed, final boolean untraced, final boolean sentinels) {
    return observed == null ? TracedProgram.load(command, filter, null, null, List.of(), null)
        : TracedProgram.load(command, filter, observed.classes(), untraced ? observed.untraced() : null, List.of(),
            sentinels && observed.ran() != null ? observed.ran().keySet() : null).withRan(observed.ran());
  }

  /**
   * In an open world, the program with the entries untraced code makes into traced methods: those cached
   * from an earlier run that had to learn them, or else every method. An observing run to learn them
   * first cost more than the witnesses it saves on every program measured (MathDriver 4.5 s → 3.5 s,
   * GsonDriver 16: 17.0 s → 13.1 s, JacksonDriver 7.1 s → 5.5 s), so entries are learned only when a
   * decoding diverges (untraced code that enters where no traced method could). All-blocks plans need neither:
   * every entry is a witness there, so a missing one ends in a divergence, and the streams teach it.
   *
   * @param input the input recorded so far, which keys the cache ({@link Discovery#cached}), or {@code null}
   *     to leave the cache aside
   */
  static TracedProgram withEntries(final TracedProgram traced, final RunRequest request, final byte[] input,
      final Consumer<String> info) throws IOException {
    if (!traced.needsLearning()) {
      if (traced.untraced() != null && traced.callers() != dev.jdtrace.plan.icfg.UntracedCallers.NONE) {
        info.accept("untraced code runs around the traced classes; the " + traced.untraced().size()
            + " untraced classes the first run loaded enter traced code only where their class files say: "
            + "nothing to learn");
      }
      return traced;
    }
    final Optional<List<String>> cached = input == null ? Optional.empty() : Discovery.cached(traced, input);
    if (cached.isPresent()) {
      info.accept("open world (" + traced.openWorld().get() + "): " + cached.get().size()
          + " entries from untraced code learned before, cached in " + Discovery.file(traced, input));
      return traced.withLearned(cached.get());
    }
    if (request.profile() == ProfileKind.ALL_BLOCKS) {
      return traced;
    }
    info.accept("open world (" + traced.openWorld().get() + "): every traced method is planned as a possible "
        + "entry from untraced code" + (traced.running() == null ? ""
        : " (every one the first run saw run: the others have sentinels)"));
    return traced.withEveryMethodEntry();
  }

  /**
   * Plans the sessions of loaded classes, or reuses the plan the cache holds for the same classes,
   * options and cost model ({@link PlanCache}).
   */
  public static TracePlan plan(final TracedProgram traced, final RunRequest request, final Consumer<String> info)
      throws IOException {
    return plan(traced, request, null, info);
  }

  /**
   * As {@link #plan(TracedProgram, RunRequest, Consumer)}, with each session paying the program's own run
   * ({@link ProgramRun}) rather than the calibration's trivial one.
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
    final java.util.Map<String, Long> learnedHits = run == null || request.weights() != null ? null : run.hits();
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
        return new TracePlan(traced, plan, traced.models(sessions), stored.prediction(), true);
      }
    }
    final TracePlan planned = planAfresh(traced, request, traceWeights, cost, learnedHits, info);
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

  private static TracePlan planAfresh(final TracedProgram traced, final RunRequest request,
      final TraceWeights traceWeights, final CostModel cost, final java.util.Map<String, Long> learnedHits,
      final Consumer<String> info) throws IOException {
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
    final Distributor fitting = new Distributor(program, DecisionGroups.of(optimal.model()), request.strategy(), cost);
    final IcfgPlanner.Result planned;
    final Distributor distributor;
    if (request.cap() < fitting.minimumCap()) {
      // Untraced code's choices need every callback's first witnesses in one session; witnesses that end them
      // let them split in pairs, for a few more hits.
      planned = IcfgPlanner.withSmallUnits(structure, optimal);
      distributor = new Distributor(program, DecisionGroups.of(planned.model()), request.strategy(), cost);
      info.accept("--cap " + request.cap() + " is below this plan's least cap, " + fitting.minimumCap() + ": "
          + Plural.of(planned.witnesses().cardinality() - optimal.witnesses().cardinality(), "witness")
          + " added where untraced code's choices needed every callback's first witnesses in one session; "
          + "the least cap is now " + distributor.minimumCap());
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
    final Prediction.Interpreted interpreted = new InterpretedEntries(program, entries);
    // Every session of a split holds the check witnesses too: runs that differ show it in a stream they share.
    final BitSet checks = CheckWitnesses.of(planned.witnesses(), hitWeight);
    final BitSet sentinels = traced.sentinels();
    // Every split, whatever its cap, holds the check witnesses and the sentinels: without the sentinels a method the
    // plan does not let run could run unseen, and the walk would explain its stream by another path.
    final IntFunction<IntFunction<List<BitSet>>> splitUnder = cap -> n -> Sentinels.addTo(CheckWitnesses.addTo(
        distributor.split(n, cap, hitWeight), checks, request.cap()), sentinels, hitWeight, request.cap());
    final IntFunction<List<BitSet>> split = splitUnder.apply(request.cap());
    final List<BitSet> sessions;
    final Prediction prediction;
    if (request.sessions() > 0) {
      sessions = split.apply(request.sessions());
      if (sessions.size() < request.sessions()) {
        Notice.tell(info, new Notice.FewerSessions(request.sessions(), sessions.size(), distributor.jobs(),
            request.strategy(), false));
      }
      prediction = Prediction.of(cost, sessions, learned, loaded, interpreted, request.parallel());
    } else {
      // Without a cap the cost model chooses one too: balanced breakpoints bound what a hot witness costs.
      final SessionCount.Choice choice = request.cap() < Integer.MAX_VALUE
          ? SessionCount.choose(cost, split, hitWeight, loaded, interpreted, request.parallel())
          : SessionCount.choose(cost, distributor.capsToTry(SessionCount.most(request.parallel())), splitUnder,
              hitWeight, loaded, interpreted, request.parallel());
      sessions = choice.sessions();
      prediction = choice.prediction();
    }
    final Plan plan = Plan.of(program, traced.launch(), request.profile(), sessions);
    final List<IcfgModel> models = traced.models(sessions);
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
    return new TracePlan(traced, plan, models, prediction, false);
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
    final Clock clock = new Clock();
    if (request.within() != null) {
      Within.check(request.within()); // before anything runs
    }
    final JavaCommand command = JavaCommand.parse(request.javaCommand());
    final ClassFilter filter = TracedProgram.filter(command, request.includes(), request.excludes(), info);
    FirstPass.Observed observed = request.allClasses() ? null
        : FirstPass.run(command, filter, request.stdin(), out, err, info);
    clock.firstPass = System.nanoTime() - start;
    // No first run: every class planned, or the plan cache knew what it loads (it shows no run then).
    clock.firstPassSkipped = observed == null || observed.shown() == null;
    final Shown shown = new Shown(observed == null ? null : observed.shown());
    final RunRequest asked = oneSessionForThreads(observed, request, info);
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
      final TracedProgram traced = withEntries(load(command, filter, observed, true, sentinels), asked, input, info);
      // Entries cached for this input hold only if the runs read no more of it than the key did.
      shown.entriesInput = input != null && !traced.learned().isEmpty()
          && !traced.learned().contains(TracedProgram.EVERY_METHOD) ? input.length : -1;
      clock.programRun = observed == null ? null : observed.programRun(traced.program());
      final TracePlan planned = plan(traced, asked, clock.programRun, info);
      clock.planning += System.nanoTime() - planStart;
      clock.plans = plans;
      try {
        final RunReport report = run(planned, asked, shown, out, err, info, start, true, clock);
        if (observed != null && clock.learnedHits != null) {
          observed = observed.withHits(clock.learnedHits);
        }
        if (plans > 1 || clock.learnedHits != null) {
          FirstPass.remember(command, filter, request.stdin(), observed);
        }
        return report;
      } catch (final Unplanned u) {
        // Plans made for sentinels count against their own limit, not against the class loading's.
        observed = FirstPass.replan(observed, u.classes, plans - sentinelPlans, MAX_REPLANS, info);
        shown.stale = true;
      } catch (final SentinelHit hit) {
        sentinelPlans++;
        info.accept("a session ran " + Plural.of(hit.methods.size(), "method") + " the first run did not ("
            + hit.methods.iterator().next() + (hit.methods.size() > 1 ? ", ..." : "") + "): planning again "
            + (sentinelPlans > MAX_REPLANS ? "with every method of the loaded classes" : "with them")
            + " (the program runs again)");
        observed = FirstPass.ranToo(observed, hit.methods);
        shown.stale = true;
      } catch (final InputGrew g) {
        info.accept("standard input grew after the plan was made, and the entries from untraced code cached for "
            + "the input before may not hold for it: planning again with every traced method a possible entry");
        cachedEntries = false;
        shown.stale = true;
      }
    }
  }

  /** A session hit sentinels: it ran methods the plan did not let run, and the run plans again with them. */
  private static final class SentinelHit extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Set<String> methods;

    SentinelHit(final Set<String> methods) {
      super(null, null, false, false);
      this.methods = methods;
    }
  }

  /**
   * The methods whose sentinels the sessions hit ({@code class.name+descriptor}), sorted: the plan never lets
   * the walk enter them, so no stream that holds one is decoded.
   */
  private static Set<String> sentinelsHit(final TracedProgram traced, final Plan plan,
      final List<SessionStreams> streams) {
    final BitSet sentinels = traced.sentinels();
    final BitSet hit = new BitSet();
    for (int k = 0; k < plan.sessions().size(); k++) {
      if (!plan.sessions().get(k).witnesses().intersects(sentinels)) {
        continue;
      }
      for (final dev.jdtrace.reconstruct.ThreadStream thread : streams.get(k).threads()) {
        for (final int event : thread.hits()) {
          if (event >= 0 && sentinels.get(event)) {
            hit.set(event);
          }
        }
      }
    }
    return traced.sentinelsHit(hit);
  }

  /**
   * The sessions may have read input that came after the plan was made, which the cached entries from
   * untraced code were not learned from: the run plans again without them.
   */
  private static final class InputGrew extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InputGrew() {
      super(null, null, false, false);
    }
  }

  /** Sessions loaded classes the plan did not know: the run plans again with them. */
  private static final class Unplanned extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient FirstPass.Unknown classes;

    Unplanned(final FirstPass.Unknown classes) {
      super(null, null, false, false);
      this.classes = classes;
    }
  }

  /**
   * What one run's attempts (plans again, learning, tracing again in one session) hand on: the run whose output
   * the user saw, once one has been shown (every later run stays quiet), and why the trace came from one
   * session.
   */
  private static final class Shown {
    ShownRun run;
    /**
     * Whether the run plans again because sessions loaded other classes than the shown run: the traced
     * run then differs from the shown one by what made it plan again, so its sessions are checked against
     * each other, not against the shown run.
     */
    boolean stale;
    /** Why the run was traced in one session although it could have been split, or {@code null}. */
    String oneSession;
    /** Whether sessions ran whose streams were then not merged, because they disagreed. */
    boolean retraced;
    /**
     * The length of the input that keyed the cached entries from untraced code the plan uses, or -1 when it
     * uses none: more input recorded once the sessions have ended means they may have read what those
     * entries were not learned from.
     */
    int entriesInput = -1;

    Shown(final ShownRun run) {
      this.run = run;
    }
  }

  /** Where a run's time goes, over every plan and attempt. */
  private static final class Clock {
    long firstPass;
    boolean firstPassSkipped;
    long planning;
    long sessions;
    long decoding;
    int plans = 1;
    /** The program's first run, which each session's prediction pays, or {@code null} when not known. */
    ProgramRun programRun;
    /** The hits each witness took, when they missed the prediction, or {@code null}. */
    java.util.Map<String, Long> learnedHits;
    /** jdtrace's JVM's start to the run's, in milliseconds. */
    final long startup = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();

    RunReport.Phases phases(final boolean reused) {
      return new RunReport.Phases(firstPass / 1_000_000, planning / 1_000_000, sessions / 1_000_000,
          decoding / 1_000_000, plans, reused, firstPassSkipped, startup);
    }
  }

  private static RunReport run(final TracePlan planned, final RunRequest request, final Shown shown,
      final PrintStream out, final PrintStream err, final Consumer<String> info, final long start,
      final boolean mayLearn, final Clock clock) throws IOException {
    final TracedProgram traced = planned.traced();
    final Program program = traced.program();
    final Plan plan = planned.plan();
    final Path work = Files.createTempDirectory("jdtrace-");
    try (Interruption guard = Interruption.guard(List.of(work), info)) {
      final long sessionsStart = System.nanoTime();
      // Session 0 passes its output through only when no run has shown it yet (the first run was skipped):
      // an attempt that plans again or learns shows nothing twice.
      final boolean show = shown.run == null;
      final Within within = request.within() == null ? null : Within.resolve(request.within(), program);
      final List<SessionResult> results = Sessions.runAll(plan, planned.prediction().sessionMillis(), work,
          request.parallel(), (session, part) ->
          LocalSession.run(new SessionSpec(traced.command(), program, traced.filter(), session.witnesses(),
              request.stdin(), part, plan.id(), session.index(), traced.unplanned(), traced.untraced()).within(within),
              show && session.index() == 0 ? out : OutputStream.nullOutputStream(),
              show && session.index() == 0 ? err : OutputStream.nullOutputStream()), info);
      clock.sessions += System.nanoTime() - sessionsStart;
      if (show) {
        shown.run = ShownRun.of(results.get(0));
      }
      final FirstPass.Unknown unknown = FirstPass.Unknown.of(results);
      if (!unknown.isEmpty()) {
        throw new Unplanned(unknown);
      }
      if (shown.entriesInput >= 0 && request.stdin().recorded().length != shown.entriesInput) {
        throw new InputGrew();
      }
      // Each part is read once: for the sentinels, then for the decoding.
      final long decodeStart = System.nanoTime();
      final List<SessionStreams> streams = new ArrayList<>();
      for (final Plan.SessionPlan session : plan.sessions()) {
        streams.add(SessionStreams.read(Sessions.part(work, session.index())));
      }
      final Set<String> sentinelsHit = sentinelsHit(traced, plan, streams);
      if (!sentinelsHit.isEmpty()) {
        throw new SentinelHit(sentinelsHit);
      }
      // Hits that missed the prediction are kept for the next run of this command and input (LearnedHits).
      clock.learnedHits = request.weights() == null && LearnedHits.missed(planned.prediction(), results)
          ? LearnedHits.of(program, plan, streams) : null;
      SameRunEvidence.checkBytecode(results);
      final boolean split = plan.sessions().size() > 1;
      if (split) {
        // The shown run is evidence too, unless it is one of these sessions or ran an older plan.
        final Optional<String> disagreement = SameRunEvidence.disagreement(results,
            show || shown.stale ? null : shown.run, results.stream().map(SessionResult::threads).toList(),
            request.sameRun().deterministic());
        if (disagreement.isPresent()) {
          return inOneSession(disagreement.get(), null, planned, request, shown, out, err, info, start, mayLearn,
              clock);
        }
      }
      final long entries;
      try {
        entries = writeTrace(planned.models(), plan, streams, OutputTarget.check(request.trace(), "TRACE"));
      } catch (final ReconstructionException e) {
        if (e.getMessage().contains(": ambiguous plan")) {
          throw e;
        }
        // In an open world whose entries are not known yet, the divergence may be an entry no plan could
        // see: that is learned first, once, and a divergence after it is the runs'.
        final boolean entriesUnknown = traced.needsLearning()
            && !traced.learned().contains(TracedProgram.EVERY_METHOD);
        if (split && !(mayLearn && entriesUnknown)) {
          return inOneSession("their streams fit no single path", e.getMessage(), planned, request, shown, out, err,
              info, start, mayLearn, clock);
        }
        if (!mayLearn) {
          throw e;
        }
        return learnAndRunAgain(planned, request, shown, results, streams, e, out, err, info, start, clock);
      }
      clock.decoding += System.nanoTime() - decodeStart;
      final int threads = streams.stream().mapToInt(s -> s.threads().size()).max().orElse(0);
      return new RunReport(plan, planned.prediction(), program.blockCount(), results, entries, threads,
          (System.nanoTime() - start) / 1_000_000, clock.phases(planned.reused()), evidence(shown, results));
    } finally {
      deleteTree(work);
    }
  }

  /**
   * The sessions' runs could not be shown to be one run: trace again in one session, which is exact whatever
   * the program does, or end in a divergence when the user asked for no fallback. A cap that one session
   * cannot meet leaves nothing exact to do.
   *
   * @param reason what differed, in a few plain words
   * @param detail where, when the decoding found it ({@code null} otherwise)
   */
  private static RunReport inOneSession(final String reason, final String detail, final TracePlan planned,
      final RunRequest request,
      final Shown shown, final PrintStream out, final PrintStream err, final Consumer<String> info, final long start,
      final boolean mayLearn, final Clock clock) throws IOException {
    final String told = detail == null ? reason : reason + ": " + detail;
    final RunRequest one = SameRunEvidence.inOneSession(told, request, info);
    final TracePlan again = plan(planned.traced(), one, info);
    SameRunEvidence.checkOneSession(again.plan(), told, request);
    shown.oneSession = reason;
    shown.retraced = true;
    return run(again, one, shown, out, err, info, start, mayLearn, clock);
  }

  /** What the report says about how the sessions' runs were shown to be one run. */
  private static RunReport.Evidence evidence(final Shown shown, final List<SessionResult> results) {
    return new RunReport.Evidence(shown.oneSession, shown.retraced,
        shown.run != null && !shown.run.stdoutSha256().equals(results.get(0).stdoutSha256()) ? shown.run.name()
            : null);
  }

  /**
   * A divergence may be an entry from untraced code that no plan could see: learn the entries (from the
   * streams when one session saw every entry and call site, else by one observing run), and run again
   * once. Nothing new learned: the divergence stands.
   */
  private static RunReport learnAndRunAgain(final TracePlan planned, final RunRequest request, final Shown shown,
      final List<SessionResult> results, final List<SessionStreams> streams, final ReconstructionException divergence,
      final PrintStream out, final PrintStream err, final Consumer<String> info, final long start, final Clock clock)
      throws IOException {
    final TracedProgram traced = planned.traced();
    final List<String> known = traced.learned();
    info.accept("the decoding diverged; learning where untraced code enters traced methods, then running again");
    // A --within stream holds only windows: the entries are learned by a run of their own.
    final List<String> learned = streams.size() == 1 && request.within() == null
        && ExternalEntries.canLearnFrom(traced.structure(), planned.plan().sessions().get(0).witnesses())
        ? Discovery.learnFrom(traced, request.stdin(), streams.get(0), known, info)
        : Discovery.observe(traced, request.stdin(), known, info);
    if (learned.equals(known)) {
      // No entry was missing: the sessions' streams fit no one path, so one session traces it, as without learning.
      if (planned.plan().sessions().size() > 1) {
        return inOneSession("their streams fit no single path", divergence.getMessage(), planned, request, shown, out,
            err, info, start, false, clock);
      }
      throw divergence;
    }
    final TracePlan again = plan(traced.withLearned(learned), request, clock.programRun, info);
    if (!again.plan().id().equals(planned.plan().id())) {
      return run(again, request, shown, out, err, info, start, false, clock);
    }
    // The same witnesses (all blocks): the streams already hold the run, decode them again.
    final long entries = writeTrace(again.models(), again.plan(), streams,
        OutputTarget.check(request.trace(), "TRACE"));
    final int threads = streams.stream().mapToInt(s -> s.threads().size()).max().orElse(0);
    return new RunReport(again.plan(), again.prediction(), traced.program().blockCount(), results, entries, threads,
        (System.nanoTime() - start) / 1_000_000, clock.phases(again.reused()), evidence(shown, results));
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

  static void deleteTree(final Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      for (final Path p : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }
}
