package dev.jdtrace.reconstruct;

import dev.jdtrace.distribute.Plan;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.reconstruct.walk.WalkCalls;
import dev.jdtrace.reconstruct.walk.Walker;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.util.ArrayList;
import java.util.Arrays;
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
    final List<List<int[]>> paths = new ArrayList<>();
    for (final MatchedThread t : threads) {
      paths.add(allBlocks ? byWindow(t.streams().get(0))
          : decode(models, t, calls.apply(t.name())));
    }
    out.dictionary(TraceDictionary.of(models.get(0)));
    long blocks = 0;
    for (int i = 0; i < threads.size(); i++) {
      out.thread(threads.get(i).name());
      final boolean windowed = threads.get(i).streams().get(0).windows() != null;
      for (final int[] part : paths.get(i)) {
        if (windowed) {
          out.window();
        }
        for (final int block : part) {
          out.block(block);
        }
        blocks += part.length;
      }
    }
    out.end();
    return blocks;
  }

  /** An all-blocks stream's path, one part per {@code --within} window (or the whole path, without windows). */
  private static List<int[]> byWindow(final ThreadStream thread) {
    if (thread.windows() == null) {
      return List.of(witnessHits(thread));
    }
    final List<int[]> parts = new ArrayList<>();
    for (int k = 0; k < thread.windowCount(); k++) {
      parts.add(witnessHits(thread.window(k)));
    }
    return parts;
  }

  /** The thread's path: one walk, or with {@code --within}, one walk per window, in order. */
  private static List<int[]> decode(final List<IcfgModel> models, final MatchedThread t, final WalkCalls calls) {
    final List<ThreadStream> streams = t.streams();
    if (streams.stream().allMatch(s -> s.windows() == null)) {
      return List.of(new Walker(models, t.name(), streams).observe(calls).decode());
    }
    final int windows = windows(t);
    final List<int[]> parts = new ArrayList<>();
    int length = 0;
    for (int k = 0; k < windows; k++) {
      final int part = k;
      final int offset = length;
      final int[] path = new Walker(models, t.name(), streams.stream().map(s -> s.window(part)).toList())
          .window(streams.get(0).windowEntry(k)).observe(shifted(calls, offset)).decode();
      parts.add(path);
      length += path.length;
    }
    return parts;
  }

  /**
   * The number of a thread's {@code --within} windows, the same in every session, each the call of the same method
   * and holding every event of the thread.
   */
  private static int windows(final MatchedThread t) {
    final List<ThreadStream> streams = t.streams();
    final ThreadStream first = streams.get(0);
    for (int s = 0; s < streams.size(); s++) {
      final ThreadStream other = streams.get(s);
      if (other.windowCount() == 0 || other.windows()[0] != 0) {
        throw new ReconstructionException("thread " + t.name() + " diverged: session " + s + " holds "
            + (other.windowCount() == 0 ? "no call" : "events before the first call") + " of the --within methods");
      }
      if (other.windowCount() != first.windowCount()) {
        throw new ReconstructionException("thread " + t.name() + " diverged: session 0 saw "
            + first.windowCount() + " calls of the --within methods, session " + s + " " + other.windowCount());
      }
      for (int k = 0; k < first.windowCount(); k++) {
        if (other.windowEntry(k) != first.windowEntry(k)) {
          throw new ReconstructionException("thread " + t.name() + " diverged: its call " + (k + 1) + " of the "
              + "--within methods entered other methods in sessions 0 and " + s);
        }
      }
    }
    return first.windowCount();
  }

  /** The observer of one window, whose ordinals start at {@code offset} in the thread's path. */
  private static WalkCalls shifted(final WalkCalls calls, final long offset) {
    return calls == WalkCalls.NONE ? calls : new WalkCalls() {
      @Override
      public void enter(final int method, final long ordinal) {
        calls.enter(method, offset + ordinal);
      }

      @Override
      public void exit(final int method, final long ordinal) {
        calls.exit(method, offset + ordinal);
      }
    };
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
