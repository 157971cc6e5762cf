package dev.jdtrace.distributor;

import dev.jdtrace.profiler.model.Program;
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
  private Distributor() {
  }

  /**
   * The sessions' witness sets.
   *
   * @param shared witnesses every session carries
   * @param groups decision groups covering the other witnesses
   * @param sessions the number of sessions wanted; more are opened when the cap requires
   * @param cap the most breakpoints per session, or {@code Integer.MAX_VALUE}
   * @param hitWeight expected hits per block, for the optimized strategy
   * @throws IllegalArgumentException when one group alone exceeds the cap
   */
  public static List<BitSet> split(final Program program, final BitSet shared, final List<BitSet> groups,
      final Strategy strategy, final int sessions, final int cap, final double[] hitWeight) {
    final int room = cap - shared.cardinality();
    if (room < 0 || (room == 0 && !groups.isEmpty())) {
      throw new IllegalArgumentException("--cap " + cap + " is too small: every session needs the "
          + shared.cardinality() + " witnesses that decide callbacks, plus room for others; raise the cap");
    }
    final List<BitSet> jobs = strategy == Strategy.FINE ? groups : byMethod(program, groups);
    final Comparator<BitSet> heaviest = strategy == Strategy.OPTIMIZED
        ? Comparator.comparingDouble((BitSet j) -> -hits(j, hitWeight))
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
      if (job.cardinality() > room) {
        throw new IllegalArgumentException("--cap " + cap + " is too small: " + job.cardinality()
            + " witnesses must share one session with the " + shared.cardinality()
            + " every session carries; raise the cap to at least " + (job.cardinality() + shared.cardinality()));
      }
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
      load.set(best, load.get(best) + (strategy == Strategy.OPTIMIZED ? hits(job, hitWeight) : job.cardinality()));
    }
    bins.removeIf(BitSet::isEmpty);
    if (bins.isEmpty()) {
      bins.add(new BitSet());
    }
    bins.forEach(b -> b.or(shared));
    return bins;
  }

  private static double hits(final BitSet job, final double[] weight) {
    double h = 0;
    for (int b = job.nextSetBit(0); b >= 0; b = job.nextSetBit(b + 1)) {
      h += weight[b];
    }
    return h;
  }

  /** Merges the groups that have witnesses in a common method. */
  private static List<BitSet> byMethod(final Program program, final List<BitSet> groups) {
    final int[] parent = new int[groups.size()];
    final Map<Integer, Integer> methodGroup = new LinkedHashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      parent[g] = g;
      final BitSet set = groups.get(g);
      for (int b = set.nextSetBit(0); b >= 0; b = set.nextSetBit(b + 1)) {
        final Integer other = methodGroup.putIfAbsent(program.methodOf(b), g);
        if (other != null) {
          parent[find(parent, g)] = find(parent, other);
        }
      }
    }
    final Map<Integer, BitSet> merged = new LinkedHashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      merged.computeIfAbsent(find(parent, g), k -> new BitSet()).or(groups.get(g));
    }
    return new ArrayList<>(merged.values());
  }

  private static int find(final int[] parent, final int x) {
    int r = x;
    while (parent[r] != r) {
      parent[r] = parent[parent[r]];
      r = parent[r];
    }
    return r;
  }
}
