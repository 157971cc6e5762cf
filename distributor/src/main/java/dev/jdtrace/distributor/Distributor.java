package dev.jdtrace.distributor;

import dev.jdtrace.distributor.cost.CostModel;
import dev.jdtrace.distributor.cost.Prediction;
import dev.jdtrace.profiler.icfg.DecisionGroups;
import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.Program;
import dev.jdtrace.profiler.optimal.IntUnionFind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a decodable witness set across sessions. The decision units ({@link DecisionGroups}) must each
 * stay whole in one session and may overlap (the callbacks' first witnesses are in every unit about
 * untraced code); the strategy turns them into jobs, and the jobs are packed greedily into sessions under
 * the per-session breakpoint cap, opening more sessions when none has room:
 * <ul>
 *   <li>{@link Strategy#OPTIMIZED}: hottest job first, into the session where it adds the least predicted
 *       cost {@code hits × (c0 + c1 × breakpoints)}: a hot job goes where few breakpoints are, a cold job
 *       where few hits are, and overlapping jobs join the session that already holds their witnesses;</li>
 *   <li>{@link Strategy#FINE} and {@link Strategy#FUNCTION}: largest job first, into the session it adds
 *       the fewest breakpoints to, then the one with the fewest breakpoints.</li>
 * </ul>
 */
public final class Distributor {
  /** Used when no measured model is given: typical of the machines measured (DESIGN §3). */
  private static final CostModel TYPICAL = new CostModel(10, 0.05, 300, 1.24, "typical");

  private final Program program;
  private final Strategy strategy;
  private final CostModel cost;
  /** The units of distribution: decision units, or for the function strategy units merged by method. */
  private final List<Job> jobs;

  /** One unit of distribution and the block whose choice names it. */
  private record Job(BitSet witnesses, int choice, boolean untraced) {
  }

  /** A distributor with the typical cost model. */
  public Distributor(final Program program, final DecisionGroups groups, final Strategy strategy) {
    this(program, groups, strategy, TYPICAL);
  }

  /**
   * Forms the jobs once, so that splits into several session counts (the cost model tries many) share them.
   *
   * @param cost what a hit costs per breakpoint set, for the optimized strategy
   */
  public Distributor(final Program program, final DecisionGroups groups, final Strategy strategy,
      final CostModel cost) {
    this.program = program;
    this.strategy = strategy;
    this.cost = cost;
    final List<Job> units = groups.units().stream().map(u -> new Job(u.witnesses(), u.choice(), u.untraced()))
        .toList();
    this.jobs = strategy == Strategy.FUNCTION ? byMethod(program, units) : units;
  }

  /** How many jobs the witnesses form: no split yields more sessions than this (and at least one). */
  public int jobs() {
    return jobs.size();
  }

  /** The smallest cap under which the jobs fit: the largest job's size. */
  public int minimumCap() {
    return Math.max(1, largest().map(j -> j.witnesses().cardinality()).orElse(0));
  }

  /**
   * The sessions' witness sets.
   *
   * @param sessions the number of sessions wanted; more are opened when the cap requires
   * @param cap the most breakpoints per session, or {@code Integer.MAX_VALUE}
   * @param hitWeight expected hits per block
   * @throws CapTooSmallException when the cap is below {@link #minimumCap}, naming the largest job
   */
  public List<BitSet> split(final int sessions, final int cap, final double[] hitWeight) {
    final int minimum = minimumCap();
    if (cap < minimum) {
      throw new CapTooSmallException(cap, minimum, describe(largest().orElseThrow()));
    }
    final List<Job> sorted = new ArrayList<>(jobs);
    final Comparator<Job> order = strategy == Strategy.OPTIMIZED
        ? Comparator.comparingDouble((Job j) -> -Prediction.hits(j.witnesses(), hitWeight))
        : Comparator.comparing((Job j) -> !j.untraced()).thenComparingInt(j -> -j.witnesses().cardinality());
    sorted.sort(order.thenComparingInt(j -> j.witnesses().nextSetBit(0)));
    final List<BitSet> bins = new ArrayList<>();
    final List<Double> hits = new ArrayList<>();
    for (int i = 0; i < Math.max(1, sessions); i++) {
      bins.add(new BitSet());
      hits.add(0.0);
    }
    for (final Job job : sorted) {
      int best = -1;
      double bestScore = Double.POSITIVE_INFINITY;
      int bestSize = Integer.MAX_VALUE;
      for (int i = 0; i < bins.size(); i++) {
        final BitSet bin = bins.get(i);
        final BitSet added = (BitSet) job.witnesses().clone();
        added.andNot(bin);
        final int size = bin.cardinality() + added.cardinality();
        if (size > cap) {
          continue;
        }
        final double score = strategy == Strategy.OPTIMIZED
            ? addedCost(hits.get(i), bin.cardinality(), Prediction.hits(added, hitWeight), added.cardinality())
            : added.cardinality();
        if (score < bestScore || (score == bestScore && size < bestSize)) {
          best = i;
          bestScore = score;
          bestSize = size;
        }
      }
      if (best < 0) {
        bins.add(new BitSet());
        hits.add(0.0);
        best = bins.size() - 1;
      }
      final BitSet added = (BitSet) job.witnesses().clone();
      added.andNot(bins.get(best));
      hits.set(best, hits.get(best) + Prediction.hits(added, hitWeight));
      bins.get(best).or(added);
    }
    bins.removeIf(BitSet::isEmpty);
    if (bins.isEmpty()) {
      bins.add(new BitSet());
    }
    return bins;
  }

  /**
   * What adding {@code addedHits} expected hits on {@code addedBreakpoints} new breakpoints costs a session
   * that has {@code hits} on {@code breakpoints}: the new hits pay for every breakpoint, the old ones for the
   * new breakpoints.
   */
  private double addedCost(final double hits, final int breakpoints, final double addedHits,
      final int addedBreakpoints) {
    return addedHits * (cost.c0Micros() + cost.c1Micros() * (breakpoints + addedBreakpoints))
        + hits * cost.c1Micros() * addedBreakpoints;
  }

  private java.util.Optional<Job> largest() {
    return jobs.stream().max(Comparator.comparingInt(j -> j.witnesses().cardinality()));
  }

  /** Names a job for the user: the decision it stands for and why it needs its witnesses together. */
  private String describe(final Job job) {
    final int n = job.witnesses().cardinality();
    if (job.choice() < 0) {
      return "the choice of which callback untraced code calls needs the " + n
          + " first witnesses of the callbacks in one session";
    }
    final Block b = program.block(job.choice());
    final int m = program.methodOf(job.choice());
    final String source = program.declaringClass(m).sourceFile();
    final String where = program.methods().get(m).id() + " (" + (source == null ? "?" : source) + ":"
        + (b.firstLine() > 0 ? b.firstLine() : "?") + ")";
    return "the decision at " + where + " needs " + n + " witnesses in one session"
        + (job.untraced() ? " (its candidates' first witnesses and the callbacks' first witnesses, which break "
            + "its cycles through untraced code)" : strategy == Strategy.FUNCTION
            ? " (the decisions of its methods, kept together by strategy function)" : "");
  }

  /** Merges the jobs within traced code that have witnesses in a common method. */
  private static List<Job> byMethod(final Program program, final List<Job> units) {
    final List<Job> out = new ArrayList<>();
    final List<Job> traced = new ArrayList<>();
    for (final Job j : units) {
      (j.untraced() ? out : traced).add(j);
    }
    final IntUnionFind sets = new IntUnionFind(traced.size());
    final Map<Integer, Integer> methodGroup = new LinkedHashMap<>();
    for (int g = 0; g < traced.size(); g++) {
      final BitSet set = traced.get(g).witnesses();
      for (int b = set.nextSetBit(0); b >= 0; b = set.nextSetBit(b + 1)) {
        final Integer other = methodGroup.putIfAbsent(program.methodOf(b), g);
        if (other != null) {
          sets.union(g, other);
        }
      }
    }
    final Map<Integer, BitSet> merged = new LinkedHashMap<>();
    final Map<Integer, Integer> choice = new LinkedHashMap<>();
    for (int g = 0; g < traced.size(); g++) {
      merged.computeIfAbsent(sets.find(g), k -> new BitSet()).or(traced.get(g).witnesses());
      choice.putIfAbsent(sets.find(g), traced.get(g).choice());
    }
    merged.forEach((root, set) -> out.add(new Job(set, choice.get(root), false)));
    return List.copyOf(out);
  }
}
