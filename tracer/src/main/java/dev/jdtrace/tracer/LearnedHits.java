package dev.jdtrace.tracer;

import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.distribute.Plan;
import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.ThreadStream;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The hits each witness took in a run, kept with what the first run saw (the plan cache's entry for the command
 * and input) to weigh the next plan's prediction. The static estimate misses long loops and methods run
 * thousands of times (commons-compress's bzip2: 40k hits expected, 374k taken), and the first run cannot count
 * them cheaply ({@code FirstRun}); the sessions count them exactly, for free. Only a miss is kept: a run
 * whose hits moved no session's prediction out of 1.5× keeps the entry as it was, so the plan cache, keyed by
 * them, keeps finding its plan.
 */
final class LearnedHits {
  /** How far a session's prediction may be moved by its hits before they are learned: the model's target. */
  static final double TARGET = 1.5;

  private LearnedHits() {
  }

  /** A witness's key: its method ({@link TracedProgram#ranKey}) and its start offset, stable across plans. */
  static String key(final Program program, final int block) {
    return TracedProgram.ranKey(program.methodOfBlock(block)) + "@" + program.block(block).startBci();
  }

  /**
   * Each witness's hits: every thread's, in the session holding it (the most of any session holding it, which in
   * one run are the same), 0 for a witness that took none.
   */
  static Map<String, Long> of(final Program program, final Plan plan, final List<SessionStreams> streams) {
    final long[] counts = new long[program.blockCount()];
    final BitSet witnesses = new BitSet();
    for (int s = 0; s < streams.size(); s++) {
      final long[] session = new long[program.blockCount()];
      for (final ThreadStream t : streams.get(s).threads()) {
        for (final int b : t.hits()) {
          if (b >= 0 && b < session.length) {
            session[b]++;
          }
        }
      }
      final BitSet w = plan.sessions().get(s).witnesses();
      witnesses.or(w);
      for (int b = w.nextSetBit(0); b >= 0; b = w.nextSetBit(b + 1)) {
        counts[b] = Math.max(counts[b], session[b]);
      }
    }
    final Map<String, Long> out = new TreeMap<>();
    for (int b = witnesses.nextSetBit(0); b >= 0; b = witnesses.nextSetBit(b + 1)) {
      out.put(key(program, b), counts[b]);
    }
    return out;
  }

  /**
   * Whether the hits missed: some session's predicted time, with its measured hits in place of the expected, is
   * more than {@link #TARGET} times apart from the prediction. Hits cheap beside the launch never miss.
   */
  static boolean missed(final Prediction prediction, final List<SessionResult> results) {
    final CostModel model = prediction.model();
    for (final SessionResult r : results) {
      final int s = r.session();
      if (s >= prediction.sessionHits().size()) {
        continue;
      }
      final double expected = prediction.sessionMillis().get(s);
      final double perHitMillis = (model.c0Micros() + model.c1Micros() * Math.max(0, r.breakpoints() - 1)) / 1000;
      final double withMeasured = expected + (r.hits() - prediction.sessionHits().get(s)) * perHitMillis;
      if (withMeasured > expected * TARGET || withMeasured * TARGET < expected) {
        return true;
      }
    }
    return false;
  }

  /**
   * The expected hits with the learned ones in place: each witness with a learned count is expected that often,
   * the others as {@code estimate} says.
   */
  static double[] weigh(final double[] estimate, final Map<String, Long> learned, final Program program,
      final BitSet witnesses) {
    final double[] out = estimate.clone();
    if (learned == null || learned.isEmpty()) {
      return out;
    }
    for (int b = witnesses.nextSetBit(0); b >= 0; b = witnesses.nextSetBit(b + 1)) {
      final Long n = learned.get(key(program, b));
      if (n != null) {
        out[b] = n;
      }
    }
    return out;
  }
}
