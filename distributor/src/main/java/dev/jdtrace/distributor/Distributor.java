package dev.jdtrace.distributor;

import dev.jdtrace.distributor.cost.Prediction;
import dev.jdtrace.profiler.model.Program;
import dev.jdtrace.profiler.optimal.IntUnionFind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a decodable witness set across sessions: decision groups (which must stay whole) become jobs
 * according to the strategy; jobs are packed greedily, heaviest first, into the least loaded session
 * that has room under the per-session breakpoint cap.
 */
public final class Distributor {
  private final BitSet shared;
  private final Strategy strategy;
  /** The units of distribution: decision groups, or for the coarser strategies groups merged by method. */
  private final List<BitSet> jobs;

  /**
   * Forms the jobs once, so that splits into several session counts (the cost model tries many) share them.
   *
   * @param shared witnesses every session carries
   * @param groups decision groups covering the other witnesses
   */
  public Distributor(final Program program, final BitSet shared, final List<BitSet> groups,
      final Strategy strategy) {
    this.shared = (BitSet) shared.clone();
    this.strategy = strategy;
    this.jobs = strategy == Strategy.FINE ? List.copyOf(groups) : byMethod(program, groups);
  }

  /** How many jobs the witnesses form: no split yields more sessions than this (and at least one). */
  public int jobs() {
    return jobs.size();
  }

  /** The smallest cap under which the jobs fit: the shared witnesses plus the largest job. */
  public int minimumCap() {
    return shared.cardinality() + Math.max(jobs.isEmpty() ? 0 : 1,
        jobs.stream().mapToInt(BitSet::cardinality).max().orElse(0));
  }

  /**
   * The sessions' witness sets.
   *
   * @param sessions the number of sessions wanted; more are opened when the cap requires
   * @param cap the most breakpoints per session, or {@code Integer.MAX_VALUE}
   * @param hitWeight expected hits per block, for the optimized strategy
   * @throws IllegalArgumentException when the cap is below {@link #minimumCap}
   */
  public List<BitSet> split(final int sessions, final int cap, final double[] hitWeight) {
    final int minimum = minimumCap();
    if (cap < minimum) {
      throw new IllegalArgumentException("--cap " + cap + " is too small: every session carries the "
          + shared.cardinality() + " witnesses that decide callbacks, and the largest job that must stay in one "
          + "session has " + (minimum - shared.cardinality()) + " more; use --cap " + minimum + " or more");
    }
    final int room = cap - shared.cardinality();
    final Comparator<BitSet> heaviest = strategy == Strategy.OPTIMIZED
        ? Comparator.comparingDouble((BitSet j) -> -Prediction.hits(j, hitWeight))
        : Comparator.comparingInt((BitSet j) -> -j.cardinality());
    final List<BitSet> sorted = new ArrayList<>(jobs);
    sorted.sort(heaviest.thenComparingInt(j -> j.nextSetBit(0)));
    final List<BitSet> bins = new ArrayList<>();
    final List<Double> load = new ArrayList<>();
    for (int i = 0; i < Math.max(1, sessions); i++) {
      bins.add(new BitSet());
      load.add(0.0);
    }
    for (final BitSet job : sorted) {
      int best = -1;
      for (int i = 0; i < bins.size(); i++) {
        if (bins.get(i).cardinality() + job.cardinality() <= room && (best < 0 || load.get(i) < load.get(best))) {
          best = i;
        }
      }
      if (best < 0) {
        bins.add(new BitSet());
        load.add(0.0);
        best = bins.size() - 1;
      }
      bins.get(best).or(job);
      load.set(best, load.get(best)
          + (strategy == Strategy.OPTIMIZED ? Prediction.hits(job, hitWeight) : job.cardinality()));
    }
    bins.removeIf(BitSet::isEmpty);
    if (bins.isEmpty()) {
      bins.add(new BitSet());
    }
    bins.forEach(b -> b.or(shared));
    return bins;
  }

  /** Merges the groups that have witnesses in a common method. */
  private static List<BitSet> byMethod(final Program program, final List<BitSet> groups) {
    final IntUnionFind sets = new IntUnionFind(groups.size());
    final Map<Integer, Integer> methodGroup = new LinkedHashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      final BitSet set = groups.get(g);
      for (int b = set.nextSetBit(0); b >= 0; b = set.nextSetBit(b + 1)) {
        final Integer other = methodGroup.putIfAbsent(program.methodOf(b), g);
        if (other != null) {
          sets.union(g, other);
        }
      }
    }
    final Map<Integer, BitSet> merged = new LinkedHashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      merged.computeIfAbsent(sets.find(g), k -> new BitSet()).or(groups.get(g));
    }
    return List.copyOf(merged.values());
  }
}
