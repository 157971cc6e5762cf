package dev.jdtrace.reconstruct;

import dev.jdtrace.distributor.Plan;
import dev.jdtrace.profiler.icfg.IcfgModel;
import dev.jdtrace.profiler.icfg.ProfileKind;
import dev.jdtrace.reconstruct.walk.WalkCalls;
import dev.jdtrace.reconstruct.walk.Walker;
import java.util.ArrayList;
import java.util.Arrays;
import dev.jdtrace.reconstruct.trace.TraceDictionary;
import dev.jdtrace.reconstruct.trace.TraceVisitor;
import java.util.List;
import java.util.function.Function;

/**
 * Turns the session streams of a plan into the full per-thread block path and hands it to a trace
 * visitor. Every stream must come from this plan.
 */
public final class Reconstruction {
  private static final Function<String, WalkCalls> UNOBSERVED = thread -> WalkCalls.NONE;

  private Reconstruction() {
  }

  /**
   * Reconstructs and emits the trace.
   *
   * @return the number of block entries emitted
   * @throws ReconstructionException when the streams are not from this plan, or cannot be explained
   */
  public static long reconstruct(final List<IcfgModel> models, final Plan plan, final List<SessionStreams> sessions,
      final TraceVisitor out) {
    return reconstruct(models, plan, sessions, out, UNOBSERVED);
  }

  /**
   * Reconstructs and emits the trace, reporting each thread's calls and returns as the decoding walk makes
   * them; with an observer, an all-blocks plan is walked too rather than read off its stream.
   *
   * @param calls the observer of each thread's walk, by thread name
   * @return the number of block entries emitted
   */
  public static long reconstruct(final List<IcfgModel> models, final Plan plan, final List<SessionStreams> sessions,
      final TraceVisitor out, final Function<String, WalkCalls> calls) {
    checkCompatible(plan, sessions);
    if (sessions.size() != plan.sessions().size() || models.size() != sessions.size()) {
      throw new ReconstructionException("the plan has " + plan.sessions().size() + " sessions but "
          + sessions.size() + " session streams were given: merge needs every session of the plan");
    }
    final List<SessionStreams> ordered = new ArrayList<>(sessions);
    ordered.sort(java.util.Comparator.comparingInt(SessionStreams::session));
    final boolean allBlocks = plan.profile() == ProfileKind.ALL_BLOCKS && ordered.size() == 1 && calls == UNOBSERVED;
    final List<MatchedThread> threads = MatchedThread.match(ordered);
    // Decode every thread before writing anything, so a divergence leaves no partial trace behind.
    final List<int[]> paths = new ArrayList<>();
    for (final MatchedThread t : threads) {
      paths.add(allBlocks ? witnessHits(t.streams().get(0))
          : new Walker(models, t.name(), t.streams()).observe(calls.apply(t.name())).decode());
    }
    out.dictionary(TraceDictionary.of(models.get(0)));
    long blocks = 0;
    for (int i = 0; i < threads.size(); i++) {
      out.thread(threads.get(i).name());
      for (final int block : paths.get(i)) {
        out.block(block);
      }
      blocks += paths.get(i).length;
    }
    out.end();
    return blocks;
  }

  /** With every block a witness, the stream's hits are the path itself. */
  private static int[] witnessHits(final ThreadStream thread) {
    return Arrays.stream(thread.hits()).filter(h -> h >= 0).toArray();
  }

  private static void checkCompatible(final Plan plan, final List<SessionStreams> sessions) {
    for (final SessionStreams s : sessions) {
      if (!s.planId().equals(plan.id())) {
        throw new ReconstructionException("session " + s.session() + " was recorded for plan " + s.planId()
            + ", not for this plan " + plan.id() + ": re-collect it with this plan");
      }
    }
  }
}
