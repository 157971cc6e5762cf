package dev.jdtrace.tracer;

import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.discover.ExternalEntries;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * Learning the entries untraced code makes into traced methods after a decoding diverged, and running again
 * with them once ({@link LearnedEntries} learns them). What the plan starts with is {@link OpenWorldEntries}'.
 */
final class EntryLearning {
  private EntryLearning() {
  }

  /**
   * A divergence may be an entry from untraced code that no plan could see: learn the entries (from the
   * streams when one session saw every entry and call site, else by one observing run), and run again
   * once. Nothing new learned: the divergence stands.
   */
  static RunReport learnAndRunAgain(final RunState state, final TracePlan planned, final RunRequest request,
      final List<SessionResult> results, final List<SessionStreams> streams, final ReconstructionException divergence)
      throws IOException {
    final Consumer<String> info = state.info();
    final TracedProgram traced = planned.traced();
    final List<String> known = traced.learned();
    info.accept("the decoding diverged; learning where untraced code enters traced methods, then running again");
    // A --within stream holds only windows: the entries are learned by a run of their own.
    final List<String> learned = streams.size() == 1 && request.within() == null
        && ExternalEntries.canLearnFrom(traced.structure(), planned.plan().sessions().get(0).witnesses())
        ? LearnedEntries.learnFrom(traced, request.stdin(), streams.get(0), known, info)
        : LearnedEntries.observe(traced, request.stdin(), known, info);
    if (learned.equals(known)) {
      // No entry was missing: the sessions' streams fit no one path, so one session traces it, as without learning.
      if (planned.plan().sessions().size() > 1) {
        return OneSessionFallback.trace(state, "their streams fit no single path", divergence.getMessage(), planned,
            request, false);
      }
      throw divergence;
    }
    final TracePlan again = PlanStage.plan(traced.withLearned(learned), request, state.clock().programRun, info);
    if (!again.plan().id().equals(planned.plan().id())) {
      return SessionLoop.run(state, again, request, false);
    }
    // The same witnesses (all blocks): the streams already hold the run, decode them again.
    final long entries = TraceRun.writeTrace(again.models(), again.plan(), streams,
        OutputTarget.check(request.trace(), "TRACE"));
    final int threads = streams.stream().mapToInt(s -> s.threads().size()).max().orElse(0);
    return new RunReport(again.plan(), again.prediction(), traced.program().blockCount(), results, entries, threads,
        (System.nanoTime() - state.start()) / 1_000_000, state.clock().phases(again.reused()),
        SessionLoop.evidence(state.soFar(), results));
  }
}
