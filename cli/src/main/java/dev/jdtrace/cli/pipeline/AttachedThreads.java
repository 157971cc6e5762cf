package dev.jdtrace.cli.pipeline;

import dev.jdtrace.driver.AttachResult;
import dev.jdtrace.driver.ThreadActivity;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.ThreadStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Matches the threads of attached sessions. A server's traced work runs on pool or per-request threads
 * whose names change from session to session, so names cannot match them. Instead a thread's identity is
 * its rank: the order in which the session's recorded threads began traced code. Rank r of every session
 * is one thread of the trace, named as in session 0.
 *
 * <p>Ranks are only well defined when the threads ran traced code one after another. So with more than
 * one session, any two threads of a session whose traced activity interleaves are refused as a
 * divergence, and so are sessions that recorded different numbers of threads. A match that passes these
 * checks but is still wrong (say, two requests handled in the opposite order) gives streams the decoding
 * walk cannot explain together, also a divergence. One session needs no match: its threads keep their names.
 */
final class AttachedThreads {
  private AttachedThreads() {
  }

  /**
   * The renamed streams.
   *
   * @param streams per session, the threads kept, renamed by rank
   * @param threads threads kept
   * @param leftOut threads left out because a guardrail cut them or cut their session short
   */
  record Matched(List<SessionStreams> streams, int threads, int leftOut) {
  }

  static Matched match(final List<AttachResult> results, final List<SessionStreams> sessions,
      final boolean allowTruncated) {
    int ranks = Integer.MAX_VALUE;
    int most = 0;
    final Set<Integer> cut = new HashSet<>();
    for (int s = 0; s < sessions.size(); s++) {
      final AttachResult r = results.get(s);
      final int n = sessions.get(s).threads().size();
      most = Math.max(most, n);
      if (sessions.size() > 1) {
        checkOneAfterAnother(r);
      }
      if (r.truncated() != null) {
        cut.addAll(r.cutThreads());
      }
      ranks = Math.min(ranks, n);
    }
    if (ranks != most && !(allowTruncated && results.stream().anyMatch(r -> r.truncated() != null))) {
      throw new ReconstructionException("the sessions recorded different numbers of threads (from " + ranks + " to "
          + most + "): attach matches threads by the order in which they began traced code, so every session's "
          + "trigger must make the same threads run traced code");
    }
    final List<SessionStreams> out = new ArrayList<>();
    for (final SessionStreams s : sessions) {
      final List<ThreadStream> kept = new ArrayList<>();
      for (int rank = 0; rank < ranks; rank++) {
        if (!cut.contains(rank)) {
          final ThreadStream t = s.threads().get(rank);
          kept.add(new ThreadStream(sessions.get(0).threads().get(rank).name(), rank, t.firstSeen(), t.hits(),
              t.exceptions()));
        }
      }
      out.add(new SessionStreams(s.planId(), s.session(), kept));
    }
    final int threads = out.get(0).threads().size();
    return new Matched(out, threads, most - threads);
  }

  private static void checkOneAfterAnother(final AttachResult r) {
    final List<ThreadActivity> a = r.activity();
    for (int i = 0; i + 1 < a.size(); i++) {
      if (a.get(i).overlaps(a.get(i + 1))) {
        throw new ReconstructionException("threads " + a.get(i).name() + " and " + a.get(i + 1).name()
            + " ran traced code at the same time in session " + r.run().session() + " on " + r.target()
            + ": attach matches threads across sessions by the order in which they began traced code, which "
            + "needs them to run one after another (send one request at a time, or use --sessions 1)");
      }
    }
  }
}
