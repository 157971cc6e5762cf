package dev.jdtrace.distribute;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/**
 * Witnesses that every session of a split plan holds, so that sessions whose runs took different paths are
 * likely to show it in a stream they share. A split is exact only when every session ran the same path
 * (DESIGN §2, "Same run"): each decision is seen by the sessions that hold its witnesses, and a run that
 * decided otherwise in another session goes unseen there. A check witness is seen by all of them, so the
 * decoding walk, which must agree with every session's stream, diverges where one run went another way.
 *
 * <p>They are the plan's coldest witnesses that ran: expected at most once per run ({@link #MAX_HITS}), so
 * they add about one hit per session each, and at most {@link #MAX_CHECKS} of them, so the breakpoints they add
 * slow every hit by a few microseconds at most (DESIGN §3). Cold blocks are where runs that differ usually
 * differ: which item came first, which handler ran, which arm of a switch on a value that varies. Adding
 * witnesses to a session keeps it realizable (a superset of a profile breaks the same diamonds and cycles).
 */
public final class CheckWitnesses {
  /** The most check witnesses a plan holds. */
  public static final int MAX_CHECKS = 32;
  /** The most hits a check witness is expected to take per run. */
  public static final double MAX_HITS = 1.0;

  private CheckWitnesses() {
  }

  /**
   * The check witnesses of a plan: its witnesses expected to be hit more than never and at most {@link
   * #MAX_HITS} times, coldest first (then by block id, so the choice is stable), at most {@link #MAX_CHECKS}.
   *
   * @param witnesses every witness of the plan
   * @param expectedHits expected hits per block and run
   */
  public static BitSet of(final BitSet witnesses, final double[] expectedHits) {
    final List<Integer> cold = new ArrayList<>();
    witnesses.stream().filter(b -> expectedHits[b] > 0 && expectedHits[b] <= MAX_HITS).forEach(cold::add);
    cold.sort(Comparator.<Integer>comparingDouble(b -> expectedHits[b]).thenComparing(b -> b));
    final BitSet checks = new BitSet();
    cold.stream().limit(MAX_CHECKS).forEach(checks::set);
    return checks;
  }

  /**
   * The sessions with the check witnesses added to each, as far as its cap allows; a plan of one session is
   * returned as it is (it merges nothing, so there is nothing to check).
   */
  public static List<BitSet> addTo(final List<BitSet> sessions, final BitSet checks, final int cap) {
    if (sessions.size() < 2) {
      return sessions;
    }
    final List<BitSet> out = new ArrayList<>();
    for (final BitSet session : sessions) {
      final BitSet withChecks = (BitSet) session.clone();
      checks.stream().filter(b -> !withChecks.get(b)).limit(Math.max(0, cap - (long) withChecks.cardinality()))
          .forEach(withChecks::set);
      out.add(withChecks);
    }
    return out;
  }
}
