package dev.jdtrace.reconstruct;

import dev.jdtrace.distributor.Plan;
import dev.jdtrace.profiler.model.Program;
import dev.jdtrace.reconstruct.trace.TraceDictionary;
import dev.jdtrace.reconstruct.trace.TraceVisitor;
import java.util.List;

/**
 * Turns the session streams of a plan into the full per-thread block path and hands it to a trace
 * visitor. Every stream must come from this plan.
 */
public final class Reconstruction {
  private Reconstruction() {
  }

  /**
   * Reconstructs and emits the trace.
   *
   * @return the number of block entries emitted
   * @throws ReconstructionException when the streams are not from this plan, or cannot be explained
   */
  public static long reconstruct(final Program program, final Plan plan, final List<SessionStreams> sessions,
      final TraceVisitor out) {
    checkCompatible(plan, sessions);
    if (sessions.size() != 1 || !plan.profile().equals("all-blocks")) {
      throw new ReconstructionException("this version reconstructs only the all-blocks profile in one session");
    }
    final List<ThreadStream> threads = sessions.get(0).threads();
    final List<String> names = ThreadNames.assign(threads);
    out.dictionary(TraceDictionary.of(program));
    long blocks = 0;
    // For the all-blocks profile every block is a witness, so each stream is the path itself.
    for (int i = 0; i < threads.size(); i++) {
      out.thread(names.get(i));
      for (final int block : threads.get(i).hits()) {
        out.block(block);
      }
      blocks += threads.get(i).hits().length;
    }
    out.end();
    return blocks;
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
