package dev.jdtrace.distribute;

import dev.jdtrace.plan.cost.CostModel;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Improves a packed split by moving jobs between its sessions while a move lowers the predicted cost, the sum
 * over sessions of {@code hits × (c0 + c1 × breakpoints)} (DESIGN §3). The greedy packing places the hottest job
 * first and never looks back. On javaparser it left every unit about untraced code in one session with the
 * callbacks' first witnesses (2,196 breakpoints, 140,517 hits), and warm units in the session the sentinels then
 * went to (4,445 breakpoints). Two moves:
 * <ul>
 *   <li>one job to another session, where it fits under the cap and already finds its shared set, if it has
 *       one;</li>
 *   <li>half of a session's jobs holding a shared set to a session without it, which then holds a copy of the
 *       set: one copy of the callbacks' first witnesses costs less than their hits paying for every return
 *       site's breakpoint.</li>
 * </ul>
 * Every job stays whole in one session, so a split that decoded still decodes (Theorem 2 asks only that each
 * unit, or each pair of a split unit, lie in some session). Pinned witnesses (the check witnesses, the
 * sentinels) stay in every session holding them; a witness that no job and no pin needs any more leaves its
 * session.
 */
final class Refinement {
  /** Single-move passes over the jobs at most: each pass is linear in the jobs' witnesses. */
  private static final int MAX_PASSES = 6;
  private static final int[] NONE = {};

  private final List<Distributor.Job> jobs;
  private final double[] weight;
  private final CostModel cost;
  private final int cap;
  /**
   * Per session, per witness: the placed jobs holding it as their own, the shared sets holding it that some placed
   * job holds there, and one where it is pinned.
   */
  private final int[][] count;
  /** Per session, per shared set: the placed jobs holding the set. */
  private final int[][] holders;
  /** Per job, its session. */
  private final int[] session;
  /** Per job, the expected hits of its own witnesses: the order in which jobs are moved. */
  private final double[] jobHits;
  private final int[] breakpoints;
  private final double[] hits;

  private Refinement(final List<Distributor.Job> jobs, final int sets, final List<BitSet> sessions,
      final double[] weight, final CostModel cost, final int cap) {
    this.jobs = jobs;
    this.weight = weight;
    this.cost = cost;
    this.cap = cap;
    final int width = sessions.stream().mapToInt(BitSet::length).max().orElse(0);
    this.count = new int[sessions.size()][width];
    this.holders = new int[sessions.size()][sets];
    this.session = new int[jobs.size()];
    this.jobHits = jobs.stream().mapToDouble(job -> java.util.Arrays.stream(job.own()).mapToDouble(w -> weight[w])
        .sum()).toArray();
    this.breakpoints = new int[sessions.size()];
    this.hits = new double[sessions.size()];
  }

  /**
   * The refined split, or the split as it is when some job lies whole in none of its sessions (nothing to
   * keep whole then).
   *
   * @param sets how many shared sets the jobs index
   * @param pinned witnesses that stay in every session holding them
   */
  static List<BitSet> of(final List<Distributor.Job> jobs, final int sets, final List<BitSet> sessions,
      final BitSet pinned, final double[] weight, final CostModel cost, final int cap) {
    if (sessions.size() < 2) {
      return sessions;
    }
    final Refinement r = new Refinement(jobs, sets, sessions, weight, cost, cap);
    if (!r.place(sessions, pinned)) {
      return sessions;
    }
    // Single moves first: a copy of a shared set may pay only once they have cleared room for it.
    r.moveJobs();
    if (r.splitSharedSets()) {
      r.moveJobs();
    }
    return r.sessions();
  }

  /** Counts each job in the first session holding it whole, and each pin where it is; false if a job is in none. */
  private boolean place(final List<BitSet> sessions, final BitSet pinned) {
    for (int s = 0; s < sessions.size(); s++) {
      final BitSet in = sessions.get(s);
      for (int w = pinned.nextSetBit(0); w >= 0 && w < count[s].length; w = pinned.nextSetBit(w + 1)) {
        if (in.get(w)) {
          add(s, w);
        }
      }
    }
    // Whether each session holds each shared set whole, read once: thousands of jobs hold the same set. (A job
    // without a shared set has none: set -1.)
    final int[][] sharedOf = new int[holders[0].length][];
    jobs.stream().filter(job -> job.set() >= 0).forEach(job -> sharedOf[job.set()] = job.shared());
    final boolean[][] holdsSet = new boolean[sessions.size()][sharedOf.length];
    for (int s = 0; s < sessions.size(); s++) {
      for (int k = 0; k < sharedOf.length; k++) {
        holdsSet[s][k] = sharedOf[k] == null || holds(sessions.get(s), sharedOf[k]);
      }
    }
    for (int j = 0; j < jobs.size(); j++) {
      final Distributor.Job job = jobs.get(j);
      int home = -1;
      for (int s = 0; s < sessions.size() && home < 0; s++) {
        if ((job.set() < 0 || holdsSet[s][job.set()]) && holds(sessions.get(s), job.own())) {
          home = s;
        }
      }
      if (home < 0) {
        return false;
      }
      session[j] = home;
      addJob(j, home);
    }
    return true;
  }

  /**
   * Tries, for each session holding several jobs of a shared set, moving every other one of them (by hits) to
   * each session without the set; keeps the best move that lowers the cost, and tries again. Whether any was kept.
   */
  private boolean splitSharedSets() {
    boolean any = false;
    for (boolean moved = true; moved; ) {
      moved = false;
      for (int set = 0; set < holders[0].length; set++) {
        for (int a = 0; a < count.length; a++) {
          if (holders[a][set] < 2) {
            continue;
          }
          final List<Integer> half = everyOtherHolder(a, set);
          final double before = total();
          int best = -1;
          double bestCost = before;
          for (int b = 0; b < count.length; b++) {
            if (b == a || holders[b][set] > 0) {
              continue;
            }
            moveAll(half, b);
            final double after = fits(b) ? total() : Double.POSITIVE_INFINITY;
            moveAll(half, a);
            if (after < bestCost) {
              best = b;
              bestCost = after;
            }
          }
          if (best >= 0) {
            moveAll(half, best);
            moved = true;
            any = true;
          }
        }
      }
    }
    return any;
  }

  /** The jobs of a session holding a shared set, hottest first, every other one from the second. */
  private List<Integer> everyOtherHolder(final int s, final int set) {
    final List<Integer> holding = IntStream.range(0, jobs.size())
        .filter(j -> session[j] == s && jobs.get(j).set() == set).boxed()
        .sorted(Comparator.comparingDouble((Integer j) -> -jobHits[j])).toList();
    final List<Integer> half = new ArrayList<>();
    for (int i = 1; i < holding.size(); i += 2) {
      half.add(holding.get(i));
    }
    return half;
  }

  /** Moves single jobs, hottest first, each to the session where it lowers the cost most, pass after pass. */
  private void moveJobs() {
    final int[] order = IntStream.range(0, jobs.size()).boxed()
        .sorted(Comparator.comparingDouble((Integer j) -> -jobHits[j])).mapToInt(Integer::intValue).toArray();
    for (int pass = 0; pass < MAX_PASSES; pass++) {
      boolean moved = false;
      for (final int j : order) {
        final int a = session[j];
        final Distributor.Job job = jobs.get(j);
        // Its shared set leaves with it only from the session where it is the set's last holder.
        final int[] leaving = job.set() >= 0 && holders[a][job.set()] == 1 ? job.shared() : NONE;
        final Change freed = held(a, job.own(), 1).plus(held(a, leaving, 1));
        final double removal = cost(hits[a] - freed.hits(), breakpoints[a] - freed.breakpoints())
            - cost(hits[a], breakpoints[a]);
        int best = -1;
        double bestGain = 1e-9 * Math.max(1, total());
        for (int b = 0; b < count.length; b++) {
          // A job holding a shared set goes only where the set is (the first one there would pay for a copy), so
          // only its own witnesses can be new there.
          if (b == a || (job.set() >= 0 && holders[b][job.set()] == 0)) {
            continue;
          }
          final Change added = held(b, job.own(), 0);
          if (breakpoints[b] + added.breakpoints() > cap) {
            continue;
          }
          final double gain = -removal - (cost(hits[b] + added.hits(), breakpoints[b] + added.breakpoints())
              - cost(hits[b], breakpoints[b]));
          if (gain > bestGain) {
            best = b;
            bestGain = gain;
          }
        }
        if (best >= 0) {
          moveJob(j, best);
          moved = true;
        }
      }
      if (!moved) {
        return;
      }
    }
  }

  private void moveAll(final List<Integer> moving, final int to) {
    for (final int j : moving) {
      moveJob(j, to);
    }
  }

  private void moveJob(final int j, final int to) {
    removeJob(j, session[j]);
    session[j] = to;
    addJob(j, to);
  }

  private void addJob(final int j, final int s) {
    final Distributor.Job job = jobs.get(j);
    for (final int w : job.own()) {
      add(s, w);
    }
    // A shared set counts once per session however many jobs hold it: moving one job then reads its own
    // witnesses only, unless it is the set's first or last holder there.
    if (job.set() >= 0 && holders[s][job.set()]++ == 0) {
      for (final int w : job.shared()) {
        add(s, w);
      }
    }
  }

  private void removeJob(final int j, final int s) {
    final Distributor.Job job = jobs.get(j);
    for (final int w : job.own()) {
      remove(s, w);
    }
    if (job.set() >= 0 && --holders[s][job.set()] == 0) {
      for (final int w : job.shared()) {
        remove(s, w);
      }
    }
  }

  private void add(final int s, final int w) {
    if (count[s][w]++ == 0) {
      breakpoints[s]++;
      hits[s] += weight[w];
    }
  }

  private void remove(final int s, final int w) {
    if (--count[s][w] == 0) {
      breakpoints[s]--;
      hits[s] -= weight[w];
    }
  }

  private boolean fits(final int s) {
    return breakpoints[s] <= cap;
  }

  /** Breakpoints and expected hits that a move frees in a session or adds to it. */
  private record Change(int breakpoints, double hits) {
    Change plus(final Change other) {
      return new Change(breakpoints + other.breakpoints, hits + other.hits);
    }
  }

  /** Of some witnesses, those a session counts {@code times} times: 1 to be freed by a move, 0 to be added. */
  private Change held(final int s, final int[] witnesses, final int times) {
    int n = 0;
    double h = 0;
    for (final int w : witnesses) {
      if (count[s][w] == times) {
        n++;
        h += weight[w];
      }
    }
    return new Change(n, h);
  }

  private double cost(final double h, final int n) {
    return Math.max(0, h) * (cost.c0Micros() + cost.c1Micros() * n);
  }

  private double total() {
    double sum = 0;
    for (int s = 0; s < count.length; s++) {
      sum += cost(hits[s], breakpoints[s]);
    }
    return sum;
  }

  private List<BitSet> sessions() {
    final List<BitSet> out = new ArrayList<>();
    for (final int[] c : count) {
      final BitSet s = new BitSet(c.length);
      for (int w = 0; w < c.length; w++) {
        if (c[w] > 0) {
          s.set(w);
        }
      }
      if (!s.isEmpty()) {
        out.add(s);
      }
    }
    return out;
  }

  private static boolean holds(final BitSet session, final int[] witnesses) {
    for (final int w : witnesses) {
      if (!session.get(w)) {
        return false;
      }
    }
    return true;
  }
}
