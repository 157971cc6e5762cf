package dev.jdtrace.tracer;

import dev.jdtrace.collect.FirstRun;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Expected hits when no trace weighs the plan, for predicting a session's cost (not for choosing
 * witnesses). The Ball-Larus estimate runs each loop body ten times per entry of its loop, so nested loops
 * multiply (100, 1,000, … hits per method run), and every method of every traced class counts once: that
 * is how the static prediction came out 10⁴ times the measured hits on a real library. Here a block is
 * expected at most {@value #CAP} times per run of its method, and, when the first run saw which methods
 * ran and about how often ({@code FirstRun.Loaded#ran}), each method runs that often and the others never: once,
 * as counted by the JVM's profile, or, run again and not profiled, {@value #AGAIN_RUNS} times (on a javaparser
 * parse such methods ran 40 times on average, 12 the median; the JVM profiles a method from about 200 runs). A
 * method seen once is expected once: it is the common case of set-up code.
 */
final class StaticHits {
  /** The most hits expected of one block per run of its method: one loop of ten, nesting not multiplied. */
  static final double CAP = 10;
  /** Runs expected of a method that ran again and that the JVM did not profile: between 2 and about 200. */
  static final double AGAIN_RUNS = 20;

  private StaticHits() {
  }

  /**
   * The estimate hedged for distribution: each witness in a method that ran is expected at least the
   * mean of those witnesses. The estimate is off by 3 to 10 times per session on libraries nobody tuned for
   * (commons-compress: a session expected at 24k hits took 172k), and a witness wrongly thought cold lands in
   * a session of many breakpoints; the floor makes a session's breakpoints count for its hits too, so the
   * split balances them where the estimate cannot tell.
   */
  static double[] hedged(final double[] hits, final java.util.BitSet witnesses) {
    double sum = 0;
    int ran = 0;
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      if (hits[w] > 0) {
        sum += hits[w];
        ran++;
      }
    }
    final double floor = ran == 0 ? 0 : sum / ran;
    final double[] out = hits.clone();
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      if (out[w] > 0) {
        out[w] = Math.max(out[w], floor);
      }
    }
    return out;
  }

  /**
   * The block weights capped at {@link #CAP}, times the runs expected of their method. In a method the JVM profiled,
   * a block whose every way in the profile accounts for ({@link Counted#known}) is expected as often as counted, cold
   * branches included; any other at least as often as counted. On a javaparser parse, taking the larger of the two
   * everywhere expected a session's hits at up to twice what it took: a branch the profile saw taken rarely or never
   * was still expected at half its method's runs.
   */
  static double[] of(final double[] blockWeights, final TracedProgram traced) {
    final Program p = traced.program();
    final Map<String, Integer> ran = traced.ran();
    final double[] out = new double[blockWeights.length];
    for (int m = 0; m < p.methods().size(); m++) {
      final MethodCfg method = p.methods().get(m);
      final String key = TracedProgram.ranKey(method);
      final int seen = ran == null ? 1 : ran.getOrDefault(key, 0);
      final double runs = seen == FirstRun.AGAIN ? AGAIN_RUNS : seen;
      final long[] jumps = traced.jumps().get(key);
      final Counted counted = jumps == null ? null : counted(method, seen, jumps);
      final int base = p.blockId(m, 0);
      for (int b = 0; b < method.blocks().size(); b++) {
        final double estimate = runs * Math.min(blockWeights[base + b], CAP);
        out[base + b] = counted == null ? estimate
            : counted.known()[b] ? counted.entries()[b] : Math.max(estimate, counted.entries()[b]);
      }
    }
    return out;
  }

  /**
   * What the JVM's profile proves of a method's blocks.
   *
   * @param entries each block's entries the profile counted: a lower bound
   * @param known whether the profile accounts for every way into the block: the method's entry, a jump it counted, or
   *     the one way on of a block it knows and whose end it did not count. Not an exception handler, nor a block
   *     after a switch (whose profile is not read) or after a branch it did not count
   */
  record Counted(long[] entries, boolean[] known) {
  }

  /**
   * The entries of each block of a method that the JVM's profile proves: a lower bound. A block is entered by every
   * jump the profile counted to it, and by every entry of a block before it whose only way on leads there and whose
   * end the profile did not count (a call, a fall-through, a jump run before the profile began); the method's entry
   * block by each of its {@code seen} runs. A loop run thousands of times in one run of its method is expected that
   * often, where the estimate counts {@value #CAP}. (A call that throws does not go on to its return site: a bound
   * for the estimate, not for a proof.)
   *
   * @param jumps triples (from bci, to bci, times) as {@code JitProfile} reads them
   */
  static Counted counted(final MethodCfg method, final int seen, final long[] jumps) {
    final List<Block> blocks = method.blocks();
    final Map<Integer, Integer> startingAt = new HashMap<>();
    final Map<Integer, Integer> endingAt = new HashMap<>();
    for (final Block b : blocks) {
      startingAt.put(b.startBci(), b.index());
      endingAt.put(b.endBci(), b.index());
    }
    final long[] counted = new long[blocks.size()];
    final boolean[] jumpCounted = new boolean[blocks.size()];
    counted[0] = seen;
    for (int i = 0; i + 2 < jumps.length; i += 3) {
      final Integer from = endingAt.get((int) jumps[i]);
      final Integer to = startingAt.get((int) jumps[i + 1]);
      if (from != null && to != null) {
        jumpCounted[from] = true;
        counted[to] += jumps[i + 2];
      }
    }
    // Ways in that the profile does not count: exceptions, and the ways on of an end it did not count.
    final boolean[] unknown = new boolean[blocks.size()];
    for (final Block b : blocks) {
      for (final int h : b.handlers()) {
        unknown[h] = true;
      }
      if (!jumpCounted[b.index()] && b.successors().size() > 1) {
        for (final int s : b.successors()) {
          unknown[s] = true;
        }
      }
    }
    // A block passes its entries on along its one way on unless the profile counted that jump, once every block that
    // leads there so has passed on its own (Kahn's order). A cycle holds a jump the profile counts (a loop's test or
    // its goto): a cycle without one, a jump run before the profile began, passes nothing on, which still bounds.
    final int[] waiting = new int[blocks.size()];
    for (final Block b : blocks) {
      if (!jumpCounted[b.index()] && b.successors().size() == 1) {
        waiting[b.successors().get(0)]++;
      }
    }
    final java.util.ArrayDeque<Integer> ready = new java.util.ArrayDeque<>();
    for (int b = 0; b < blocks.size(); b++) {
      if (waiting[b] == 0) {
        ready.add(b);
      }
    }
    final boolean[] known = new boolean[blocks.size()];
    while (!ready.isEmpty()) {
      final Block b = blocks.get(ready.poll());
      known[b.index()] = !unknown[b.index()];
      if (!jumpCounted[b.index()] && b.successors().size() == 1) {
        final int next = b.successors().get(0);
        counted[next] += counted[b.index()];
        unknown[next] |= unknown[b.index()];
        if (--waiting[next] == 0) {
          ready.add(next);
        }
      }
    }
    return new Counted(counted, known);
  }
}
