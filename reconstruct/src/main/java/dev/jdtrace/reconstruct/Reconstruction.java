package dev.jdtrace.reconstruct;

import dev.jdtrace.distributor.Plan;
import dev.jdtrace.profiler.icfg.IcfgModel;
import dev.jdtrace.reconstruct.walk.Walker;
import java.util.ArrayList;
import java.util.Arrays;
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
  public static long reconstruct(final IcfgModel model, final Plan plan, final List<SessionStreams> sessions,
      final TraceVisitor out) {
    checkCompatible(plan, sessions);
    if (sessions.size() != 1) {
      throw new ReconstructionException("this version reconstructs one session only");
    }
    final boolean allBlocks = plan.profile().equals("all-blocks");
    // Threads in start order, so that the trace does not depend on which thread reached a witness first.
    final List<ThreadStream> threads = new ArrayList<>(sessions.get(0).threads());
    threads.sort(ThreadNames.startOrder());
    final List<String> names = ThreadNames.assign(threads);
    // Decode every thread before writing anything, so a divergence leaves no partial trace behind.
    final List<int[]> paths = new ArrayList<>();
    for (int i = 0; i < threads.size(); i++) {
      paths.add(allBlocks ? witnessHits(threads.get(i)) : new Walker(model, names.get(i), threads.get(i)).decode());
    }
    out.dictionary(TraceDictionary.of(model.program()));
    long blocks = 0;
    for (int i = 0; i < threads.size(); i++) {
      out.thread(names.get(i));
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
