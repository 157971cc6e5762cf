package dev.jdtrace.tracer;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Where the sentinels of a plan go: the entry blocks of the methods the first run never saw run, which the
 * plan gives no witnesses and lets no call, callback or class initialisation enter. A hit on one means the
 * run went where the plan did not look, and the run plans again with that method. They go to the coldest
 * sessions (every breakpoint set slows every hit of its session, DESIGN §3), as many as each session's cap
 * leaves room for; what none has room for opens sessions of sentinels only. Each sentinel is in exactly one
 * session: the sessions are checked to be one run (DESIGN §2, "Same run"), so one session's hit tells it.
 */
final class Sentinels {
  private Sentinels() {
  }

  /**
   * The sessions with the sentinels added.
   *
   * @param hitWeight each block's expected hits, which rank the sessions from coldest
   * @param cap the most breakpoints per session, or {@code Integer.MAX_VALUE}
   */
  static List<BitSet> addTo(final List<BitSet> sessions, final BitSet sentinels, final double[] hitWeight,
      final int cap) {
    if (sentinels.isEmpty()) {
      return sessions;
    }
    final List<BitSet> out = new ArrayList<>();
    sessions.forEach(s -> out.add((BitSet) s.clone()));
    final int[] coldestFirst = IntStream.range(0, out.size()).boxed()
        .sorted(Comparator.comparingDouble(i -> hits(out.get(i), hitWeight))).mapToInt(Integer::intValue).toArray();
    int next = sentinels.nextSetBit(0);
    for (final int i : coldestFirst) {
      final BitSet session = out.get(i);
      while (next >= 0 && (session.get(next) || session.cardinality() < cap)) {
        session.set(next);
        next = sentinels.nextSetBit(next + 1);
      }
    }
    while (next >= 0) {
      final BitSet more = new BitSet();
      while (next >= 0 && more.cardinality() < cap) {
        more.set(next);
        next = sentinels.nextSetBit(next + 1);
      }
      out.add(more);
    }
    return out;
  }

  private static double hits(final BitSet session, final double[] hitWeight) {
    double hits = 0;
    for (int b = session.nextSetBit(0); b >= 0; b = session.nextSetBit(b + 1)) {
      hits += hitWeight[b];
    }
    return hits;
  }
}
