package dev.jdtrace.tracer;

import dev.jdtrace.collect.LocalSession;
import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.SessionSpec;
import dev.jdtrace.collect.Within;
import dev.jdtrace.distribute.Plan;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.ThreadStream;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One attempt at a plan: runs its sessions, collects their parts, checks they saw one run and decodes their
 * streams into the trace. A session that ran outside the plan ends the attempt with {@link PlanAgain}; sessions
 * that disagree go to {@link OneSessionFallback}, and a divergence an open world's unknown entries may explain
 * to {@link EntryLearning}.
 */
final class SessionLoop {
  private SessionLoop() {
  }

  /**
   * Runs the plan's sessions and writes the trace.
   *
   * @param mayLearn whether a divergence may still be explained by learning entries from untraced code
   */
  static RunReport run(final RunState state, final TracePlan planned, final RunRequest request,
      final boolean mayLearn) throws IOException {
    final RunSoFar shown = state.soFar();
    final RunClock clock = state.clock();
    final TracedProgram traced = planned.traced();
    final Program program = traced.program();
    final Plan plan = planned.plan();
    final Path work = Files.createTempDirectory("jdtrace-");
    planned.modelInBackground(); // the decoder's models are built while the sessions run
    try (Interruption guard = Interruption.guard(List.of(work), state.info())) {
      final long sessionsStart = System.nanoTime();
      // Session 0 passes its output through only when no run has shown it yet (the first run was skipped):
      // an attempt that plans again or learns shows nothing twice.
      final boolean show = shown.run == null;
      final Within within = request.within() == null ? null : Within.resolve(request.within(), program);
      final List<SessionResult> results = Sessions.runAll(plan, planned.prediction().sessionMillis(), work,
          request.parallel(), (session, part) ->
          LocalSession.run(new SessionSpec(traced.command(), program, traced.filter(), session.witnesses(),
              request.stdin(), part, plan.id(), session.index(), traced.unplanned(), traced.untraced()).within(within)
              .reflected(traced.reflected()).checking(traced.running()),
              show && session.index() == 0 ? state.out() : OutputStream.nullOutputStream(),
              show && session.index() == 0 ? state.err() : OutputStream.nullOutputStream()), state.info());
      clock.sessions += System.nanoTime() - sessionsStart;
      if (show) {
        shown.run = ShownRun.of(results.get(0));
      }
      final PlannedClasses.Unknown unknown = PlannedClasses.Unknown.of(results);
      if (!unknown.isEmpty()) {
        throw new PlanAgain.Unplanned(unknown);
      }
      final Set<String> reflected = new java.util.TreeSet<>();
      results.forEach(r -> reflected.addAll(r.reflectedUnknown()));
      final boolean overflowed = results.stream().anyMatch(SessionResult::reflectionOverflowed);
      if (!reflected.isEmpty() || overflowed) {
        throw new PlanAgain.Reflected(reflected, overflowed);
      }
      if (shown.entriesInput >= 0 && request.stdin().recorded().length != shown.entriesInput) {
        throw new PlanAgain.InputGrew();
      }
      // Each part is read once: for the sentinels, then for the decoding.
      final long decodeStart = System.nanoTime();
      final List<SessionStreams> streams = new ArrayList<>();
      for (final Plan.SessionPlan session : plan.sessions()) {
        streams.add(SessionStreams.read(Sessions.part(work, session.index())));
      }
      final Set<String> sentinelsHit = sentinelsHit(traced, plan, streams);
      if (!sentinelsHit.isEmpty()) {
        throw new PlanAgain.SentinelHit(sentinelsHit);
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
          return OneSessionFallback.trace(state, disagreement.get(), null, planned, request, mayLearn);
        }
      }
      final long entries;
      try {
        entries = TraceRun.writeTrace(planned.models(), plan, streams, OutputTarget.check(request.trace(), "TRACE"));
      } catch (final ReconstructionException e) {
        if (e.getMessage().contains(": ambiguous plan")) {
          throw e;
        }
        // In an open world whose entries are not known yet, the divergence may be an entry no plan could
        // see: that is learned first, once, and a divergence after it is the runs'.
        final boolean entriesUnknown = traced.needsLearning()
            && !traced.learned().contains(TracedProgram.EVERY_METHOD);
        if (split && !(mayLearn && entriesUnknown)) {
          return OneSessionFallback.trace(state, "their streams fit no single path", e.getMessage(), planned,
              request, mayLearn);
        }
        if (!mayLearn) {
          throw e;
        }
        return EntryLearning.learnAndRunAgain(state, planned, request, results, streams, e);
      }
      clock.decoding += System.nanoTime() - decodeStart;
      final int threads = streams.stream().mapToInt(s -> s.threads().size()).max().orElse(0);
      return new RunReport(plan, planned.prediction(), program.blockCount(), results, entries, threads,
          (System.nanoTime() - state.start()) / 1_000_000, clock.phases(planned.reused()), evidence(shown, results));
    } finally {
      TraceRun.deleteTree(work);
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
      for (final ThreadStream thread : streams.get(k).threads()) {
        for (final int event : thread.hits()) {
          if (event >= 0 && sentinels.get(event)) {
            hit.set(event);
          }
        }
      }
    }
    return traced.sentinelsHit(hit);
  }

  /** What the report says about how the sessions' runs were shown to be one run. */
  static RunReport.Evidence evidence(final RunSoFar shown, final List<SessionResult> results) {
    return new RunReport.Evidence(shown.oneSession, shown.retraced,
        shown.run != null && !shown.run.stdoutSha256().equals(results.get(0).stdoutSha256()) ? shown.run.name()
            : null);
  }
}
