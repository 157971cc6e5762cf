package dev.jdtrace.distribute;

import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.plan.icfg.DecisionUnits;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.plan.optimal.IntUnionFind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a decodable witness set across sessions. The decision units ({@link DecisionUnits}) stay whole in
 * one session where the cap allows and may overlap (the callbacks' first witnesses are in every unit about
 * untraced code); the strategy turns them into jobs, and the jobs are packed greedily into sessions under
 * the per-session breakpoint cap, opening more sessions when none has room. A job larger than the cap is
 * split by Theorem 2, which is pairwise: a function-strategy job into its units, a unit into its choices, a
 * choice into subsets of its candidates of which every two candidates share one ({@link PairCover}); the
 * choices over the callbacks share one such cover of the callbacks, each adding only its other candidate
 * ({@code addOverCallbacks}). So the least cap is the largest pair of candidates (with their core), not the
 * largest unit; under a cap that was not binding, the jobs and so the plans are those of whole units.
 * <ul>
 *   <li>{@link Strategy#OPTIMIZED}: hottest job first, into the session where it adds the least predicted
 *       cost {@code hits × (c0 + c1 × breakpoints)}: a hot job goes where few breakpoints are, a cold job
 *       where few hits are, and overlapping jobs join the session that already holds their witnesses;</li>
 *   <li>{@link Strategy#FINE} and {@link Strategy#FUNCTION}: largest job first, into the session it adds
 *       the fewest breakpoints to, then the one with the fewest breakpoints.</li>
 * </ul>
 * Splits may run on several threads at once (the cost model tries many session counts): what they reuse for the
 * same weights array (which must not change) and cap is computed once, under the distributor's lock.
 */
public final class Distributor {
  /** Used when no measured model is given: typical of the machines measured (DESIGN §3). */
  private static final CostModel TYPICAL = new CostModel(10, 0.05, 300, 1.24, "typical");

  private final Program program;
  private final Strategy strategy;
  private final CostModel cost;
  /** The units of distribution: decision units, or for the function strategy units merged by method. */
  private final List<Job> jobs;
  /** Per callback, its first witnesses: candidates of every choice over the callbacks. */
  private final List<int[]> callbackCandidates;
  /** Every callback's first witnesses: a choice over the callbacks holds them as candidates. */
  private final BitSet callbackWitnesses;
  /** The two largest callback candidates' sizes. */
  private final int[] largestCallbacks;

  private static final int[] NONE = {};

  /**
   * The most sessions a split opens. Each is a run of the program, and packing grows with jobs × sessions: under a
   * cap of a few breakpoints a library's plan (small units, DESIGN §2) would need tens of thousands, and its
   * packing would not end in hours.
   */
  public static final int MOST_SESSIONS = 1_000;

  /** The weights and jobs {@link #full} was computed for, compared by identity. */
  private double[] fullWeight;
  private List<Job> fullJobs;
  private Lack[] full;
  /** {@link #minimumCap}, once computed. */
  private int minimum = -1;
  /** The jobs {@link #jobsUnder} gave for the last cap that splits some, and the witness sets they share. */
  private Under split;
  /** The shared sets without a split: the callbacks' first witnesses, if any unit holds them. */
  private final SharedSets unsplitShared;

  /**
   * One unit of distribution and the block whose choice names it.
   *
   * @param own the witnesses beyond the shared ones, in increasing order: packing reads a job's few
   *     witnesses, not the words of a set as wide as the program
   * @param shared witnesses many jobs hold whole ({@link SharedSets}), one array for every job holding them,
   *     or none
   * @param set the index of {@code shared} in its {@link SharedSets}, or -1 for none
   */
  record Job(int[] own, int[] shared, int set, int choice, boolean untraced,
      List<DecisionUnits.Choice> choices, List<Job> members) {
    /** A job that is not split further. */
    Job(final int[] own, final int[] shared, final int set, final int choice, final boolean untraced) {
      this(own, shared, set, choice, untraced, List.of(), List.of());
    }

    int size() {
      return own.length + shared.length;
    }

    /** The first witness, or -1 for none (as {@code nextSetBit(0)}). */
    int first() {
      if (own.length == 0 || shared.length == 0) {
        return own.length > 0 ? own[0] : shared.length > 0 ? shared[0] : -1;
      }
      return Math.min(own[0], shared[0]);
    }
  }

  /**
   * What a session lacks of a job: how many witnesses and their expected hits, summed in increasing witness
   * order as {@link Prediction#hits} sums them, so that the costs compared are those of the witness sets.
   */
  private record Lack(int witnesses, double hits) {
    /**
     * @param holdsShared whether the session holds every shared witness already: then only the job's own
     *     witnesses are read
     */
    static Lack of(final Job job, final BitSet session, final boolean holdsShared, final double[] weight) {
      final int[] a = job.own();
      final int[] b = holdsShared ? NONE : job.shared();
      int i = 0;
      int j = 0;
      int n = 0;
      double h = 0;
      while (i < a.length || j < b.length) {
        final int w = j == b.length || (i < a.length && a[i] < b[j]) ? a[i++] : b[j++];
        if (!session.get(w)) {
          n++;
          h += weight[w];
        }
      }
      return new Lack(n, h);
    }
  }

  /**
   * A job with its sort keys, computed once rather than at every comparison, and what a session holding
   * none of its witnesses lacks of it.
   */
  private record Ranked(Job job, double hits, Lack full) {
    /**
     * What a session lacks of the job. A session holding no shared witness and none of the job's own lacks
     * all of it: the sum is the one computed once, the same numbers in the same order. Reading the shared
     * witnesses for every session at every job made a split quadratic in an open world, where thousands of
     * jobs hold thousands of them (all of commons-math3: 25 s of choosing the session count).
     *
     * @param held per shared set, how many of its witnesses the session holds
     */
    Lack lackIn(final BitSet session, final int[] held, final double[] weight) {
      final int sharedIn = job.set() < 0 ? 0 : held[job.set()];
      if (sharedIn == job.shared().length) {
        return Lack.of(job, session, true, weight);
      }
      if (sharedIn == 0 && noneIn(job.own(), session)) {
        return full;
      }
      return Lack.of(job, session, false, weight);
    }

    private static boolean noneIn(final int[] witnesses, final BitSet session) {
      for (final int w : witnesses) {
        if (session.get(w)) {
          return false;
        }
      }
      return true;
    }
  }

  /** A distributor with the typical cost model. */
  public Distributor(final Program program, final DecisionUnits groups, final Strategy strategy) {
    this(program, groups, strategy, TYPICAL);
  }

  /**
   * Forms the jobs once, so that splits into several session counts (the cost model tries many) share them.
   *
   * @param cost what a hit costs per breakpoint set, for the optimized strategy
   */
  public Distributor(final Program program, final DecisionUnits groups, final Strategy strategy,
      final CostModel cost) {
    this.program = program;
    this.strategy = strategy;
    this.cost = cost;
    // The units of one DecisionUnits that hold the callbacks' first witnesses hold the same ones.
    final int[] shared = groups.units().stream().filter(DecisionUnits.Unit::holdsShared).findFirst()
        .map(DecisionUnits.Unit::shared).orElse(NONE);
    this.unsplitShared = new SharedSets(shared.length > 0 ? List.of(shared) : List.of());
    this.callbackCandidates = groups.callbackCandidates();
    this.callbackWitnesses = new BitSet();
    callbackCandidates.forEach(candidate -> java.util.Arrays.stream(candidate).filter(w -> w >= 0)
        .forEach(callbackWitnesses::set));
    this.largestCallbacks = twoLargest(callbackCandidates.stream().mapToInt(a -> a.length).toArray());
    final List<Job> units = groups.units().stream()
        .map(u -> new Job(u.own(), u.holdsShared() ? shared : NONE, u.holdsShared() ? 0 : -1, u.choice(),
            u.untraced(), splittable(u) ? u.choices() : List.of(), List.of())).toList();
    this.jobs = strategy == Strategy.FUNCTION ? byMethod(program, units) : units;
  }

  /** How many jobs the witnesses form: no split yields more sessions than this (and at least one). */
  public int jobs() {
    return jobs.size();
  }

  /** The smallest cap under which the jobs fit: the largest unit that cannot be split, or pair of candidates. */
  public synchronized int minimumCap() {
    if (minimum < 0) {
      minimum = Math.max(1, limiting().map(this::least).orElse(0));
    }
    return minimum;
  }

  /**
   * The caps worth trying when the user sets none, after none at all: half the plan's witnesses, then halving,
   * while at least {@link #minimumCap} and while {@code mostSessions} sessions of the cap can hold them all. A
   * cap balances the sessions' breakpoints, which bounds what a misestimated hot witness costs (its hits pay
   * for at most a cap of breakpoints); a cap below a unit splits it by Theorem 2 as a user's cap does.
   */
  public List<Integer> capsToTry(final int mostSessions) {
    final int witnesses = witnessCount();
    final List<Integer> caps = new ArrayList<>();
    caps.add(Integer.MAX_VALUE);
    for (int cap = witnesses / 2; cap >= minimumCap() && (long) cap * mostSessions >= witnesses; cap /= 2) {
      caps.add(cap);
    }
    return List.copyOf(caps);
  }

  /** The largest job when no cap splits any: the largest unit, or with the function strategy, method group. */
  public int largestUnit() {
    return jobs.stream().mapToInt(Job::size).max().orElse(0);
  }

  /**
   * The sessions' witness sets.
   *
   * @param sessions the number of sessions wanted; more are opened when the cap requires
   * @param cap the most breakpoints per session, or {@code Integer.MAX_VALUE}
   * @param hitWeight expected hits per block
   * @throws CapTooSmallException when the cap is below {@link #minimumCap}, naming the largest job
   * @throws TooManySessionsException when the cap needs more than {@link #MOST_SESSIONS} sessions
   */
  public List<BitSet> split(final int sessions, final int cap, final double[] hitWeight) {
    final int minimum = minimumCap();
    if (cap < minimum) {
      // With no unit at all (a plan without witnesses) the least cap is 1: a session holds at least a breakpoint.
      throw new CapTooSmallException(cap, minimum, limiting().map(this::describe)
          .orElse("a session needs room for one breakpoint"));
    }
    final Under under = jobsUnder(cap);
    final List<Job> jobs = under.jobs();
    final SharedSets sharedSets = under.shared();
    final List<Ranked> sorted = new ArrayList<>(jobs.size());
    final Lack[] full = fullLacks(jobs, hitWeight);
    for (int k = 0; k < jobs.size(); k++) {
      sorted.add(new Ranked(jobs.get(k), strategy == Strategy.OPTIMIZED ? full[k].hits() : 0, full[k]));
    }
    final Comparator<Ranked> order = strategy == Strategy.OPTIMIZED
        ? Comparator.comparingDouble((Ranked r) -> -r.hits())
        : Comparator.comparing((Ranked r) -> !r.job().untraced()).thenComparingInt(r -> -r.job().size());
    sorted.sort(order.thenComparingInt(r -> r.job().first()));
    final List<BitSet> bins = new ArrayList<>();
    final List<Double> hits = new ArrayList<>();
    // Per session: breakpoints, and how many witnesses of each shared set it holds.
    int[] sizes = new int[Math.max(1, sessions)];
    final List<int[]> held = new ArrayList<>();
    for (int i = 0; i < Math.max(1, sessions); i++) {
      bins.add(new BitSet());
      hits.add(0.0);
      held.add(new int[sharedSets.count()]);
    }
    for (final Ranked ranked : sorted) {
      final Job job = ranked.job();
      int best = -1;
      double bestScore = Double.POSITIVE_INFINITY;
      int bestSize = Integer.MAX_VALUE;
      for (int i = 0; i < bins.size(); i++) {
        final Lack lack = ranked.lackIn(bins.get(i), held.get(i), hitWeight);
        final int added = lack.witnesses();
        final int size = sizes[i] + added;
        if (size > cap) {
          continue;
        }
        final double score = strategy == Strategy.OPTIMIZED
            ? addedCost(hits.get(i), sizes[i], lack.hits(), added)
            : added;
        if (score < bestScore || (score == bestScore && size < bestSize)) {
          best = i;
          bestScore = score;
          bestSize = size;
        }
      }
      if (best < 0) {
        if (bins.size() == MOST_SESSIONS) {
          throw new TooManySessionsException(cap, witnessCount());
        }
        bins.add(new BitSet());
        hits.add(0.0);
        held.add(new int[sharedSets.count()]);
        best = bins.size() - 1;
        if (best == sizes.length) {
          sizes = java.util.Arrays.copyOf(sizes, best * 2);
        }
      }
      final BitSet bin = bins.get(best);
      final Lack lack = ranked.lackIn(bin, held.get(best), hitWeight);
      hits.set(best, hits.get(best) + lack.hits());
      sizes[best] += lack.witnesses();
      sharedSets.add(bin, held.get(best), job.own());
      if (job.set() < 0 || held.get(best)[job.set()] < job.shared().length) {
        sharedSets.add(bin, held.get(best), job.shared());
      }
    }
    bins.removeIf(BitSet::isEmpty);
    if (bins.isEmpty()) {
      bins.add(new BitSet());
    }
    return bins;
  }

  /** The plan's witnesses: those its jobs hold, their shared sets included (a split's jobs hold the same). */
  private int witnessCount() {
    final BitSet all = new BitSet();
    for (final Job job : jobs) {
      set(all, job.own());
      set(all, job.shared());
    }
    return all.cardinality();
  }

  /**
   * The split improved by moving jobs between its sessions ({@link Refinement}), for the optimized strategy; the
   * others keep the even breakpoints they were packed for.
   *
   * @param sessions a split this distributor made under the same cap, with witnesses added that must stay
   * @param pinned witnesses that stay in every session holding them (the check witnesses, the sentinels)
   */
  public List<BitSet> refine(final List<BitSet> sessions, final int cap, final double[] hitWeight,
      final BitSet pinned) {
    if (strategy != Strategy.OPTIMIZED) {
      return sessions;
    }
    final Under under = jobsUnder(cap);
    return Refinement.of(under.jobs(), under.shared().count(), sessions, pinned, hitWeight, cost, cap);
  }

  /**
   * What an empty session lacks of each job, per job; kept for the last weights, since the cost model splits
   * the same jobs with the same weights into many session counts.
   */
  private synchronized Lack[] fullLacks(final List<Job> jobs, final double[] hitWeight) {
    if (fullWeight != hitWeight || fullJobs != jobs) {
      full = new Lack[jobs.size()];
      for (int k = 0; k < full.length; k++) {
        full[k] = Lack.of(jobs.get(k), new BitSet(), false, hitWeight);
      }
      fullWeight = hitWeight;
      fullJobs = jobs;
    }
    return full;
  }

  /**
   * The jobs under a cap: each job that fits whole, else its parts (a function-strategy job's units, a
   * unit's choices, a choice's pairwise cover), in the jobs' order. Kept for the last cap, since the cost
   * model splits under one cap into many session counts.
   */
  private synchronized Under jobsUnder(final int cap) {
    if (largestUnit() <= cap) {
      return new Under(cap, jobs, unsplitShared);
    }
    if (split == null || split.cap() != cap) {
      final List<Job> out = new ArrayList<>();
      final Split parts = new Split(cap, out);
      for (final Job job : jobs) {
        addUnder(job, parts);
      }
      split = new Under(cap, List.copyOf(out), new SharedSets(parts.sets));
    }
    return split;
  }

  /** The jobs under a cap, and the witness sets they share. */
  private record Under(int cap, List<Job> jobs, SharedSets shared) {
  }

  /**
   * The jobs of one split being formed, and the witness sets they share: the callbacks' first witnesses
   * (set 0, for jobs kept whole), then the callbacks' groups once a choice over the callbacks is covered.
   */
  private final class Split {
    final int cap;
    final List<Job> out;
    final List<int[]> sets = new ArrayList<>(unsplitShared.sets());
    /** The callbacks in groups of half the cap, as {@link PairCover} forms them, once needed. */
    List<List<Integer>> groups;
    /** Per callback, its first witnesses (the candidate's size). */
    int[] callbackSizes;
    /** The index in {@link #sets} of the first group's witnesses; the groups' follow in order. */
    int firstGroupSet;
    /** The other candidates already met with every group: many untraced calls return to the same witnesses. */
    final java.util.Set<java.nio.IntBuffer> othersCovered = new java.util.HashSet<>();

    Split(final int cap, final List<Job> out) {
      this.cap = cap;
      this.out = out;
    }
  }

  private void addUnder(final Job job, final Split split) {
    if (job.size() <= split.cap || (job.members().isEmpty() && job.choices().isEmpty())) {
      split.out.add(job);
    } else if (!job.members().isEmpty()) {
      for (final Job unit : job.members()) {
        addUnder(unit, split);
      }
    } else {
      for (final DecisionUnits.Choice c : job.choices()) {
        addChoice(job, c, split);
      }
    }
  }

  /** One choice of a unit: whole if it fits, else a pairwise cover of its candidates, each with the core. */
  private void addChoice(final Job unit, final DecisionUnits.Choice c, final Split split) {
    final int cap = split.cap;
    final List<Job> out = split.out;
    final int[][] candidates = beyondCore(c);
    final BitSet all = new BitSet();
    set(all, c.core());
    for (final int[] candidate : candidates) {
      set(all, candidate);
    }
    // Over the callbacks, their first witnesses are candidates, spread like the others, not shared.
    final int[] shared = c.overCallbacks() ? NONE : unit.shared();
    final int room = cap - shared.length - c.core().length;
    if (all.cardinality() + shared.length > cap && c.overCallbacks() && c.candidates().length == 1
        && c.core().length == 0) {
      addOverCallbacks(candidates[candidates.length - 1], split);
      return;
    }
    final List<int[]> subsets = all.cardinality() + shared.length <= cap
        ? List.<int[]>of(java.util.stream.IntStream.range(0, candidates.length).toArray())
        : PairCover.of(java.util.Arrays.stream(candidates).mapToInt(a -> a.length).toArray(), room);
    for (final int[] subset : subsets) {
      final BitSet own = new BitSet();
      set(own, c.core());
      for (final int i : subset) {
        set(own, candidates[i]);
      }
      out.add(new Job(own.stream().toArray(), shared, shared.length > 0 ? 0 : -1, c.block(), unit.untraced()));
    }
  }

  /**
   * Untraced code's choice between the callbacks and one other candidate, too large for a session: every two
   * callbacks, and each callback with the other candidate, must share a session (Theorem 2). Every such
   * choice has the same callbacks, so their pairwise cover is formed once per split, from groups of half the
   * cap; a choice then adds only its other candidate with each group. A cover per choice made a library's
   * thousands of untraced calls thousands of covers of ~1,000 callbacks, which the packer could not place in
   * minutes (javaparser under {@code --cap 400}).
   */
  private void addOverCallbacks(final int[] other, final Split split) {
    if (split.groups == null) {
      final int[] sizes = callbackCandidates.stream()
          .mapToInt(a -> (int) java.util.Arrays.stream(a).filter(w -> w >= 0).count()).toArray();
      split.callbackSizes = sizes;
      split.groups = PairCover.groups(sizes, split.cap);
      split.firstGroupSet = split.sets.size();
      for (final List<Integer> group : split.groups) {
        split.sets.add(callbackWitnesses(group));
      }
      for (final int[] subset : PairCover.of(sizes, split.cap)) {
        split.out.add(new Job(callbackWitnesses(java.util.Arrays.stream(subset).boxed().toList()), NONE, -1, -1,
            true));
      }
    }
    if (other.length == 0 || !split.othersCovered.add(java.nio.IntBuffer.wrap(other))) {
      return; // No witness to meet the callbacks with (the thread's end), or met already.
    }
    for (int g = 0; g < split.groups.size(); g++) {
      final int[] group = split.sets.get(split.firstGroupSet + g);
      final BitSet own = new BitSet();
      set(own, other);
      for (final int w : group) {
        own.clear(w);
      }
      if (group.length + own.cardinality() <= split.cap) {
        split.out.add(new Job(own.stream().toArray(), group, split.firstGroupSet + g, -1, true));
        continue;
      }
      // A group that does not fit with the candidate meets it in bins of the room it leaves (each callback
      // fits with it: the cap is at least the largest pair).
      for (final List<Integer> bin : PairCover.bins(split.groups.get(g), split.callbackSizes,
          split.cap - other.length)) {
        final BitSet both = new BitSet();
        set(both, other);
        set(both, callbackWitnesses(bin));
        split.out.add(new Job(both.stream().toArray(), NONE, -1, -1, true));
      }
    }
  }

  /** The first witnesses of the given callbacks, increasing. */
  private int[] callbackWitnesses(final List<Integer> callbacks) {
    final BitSet witnesses = new BitSet();
    for (final int k : callbacks) {
      for (final int w : callbackCandidates.get(k)) {
        if (w >= 0) {
          witnesses.set(w);
        }
      }
    }
    return witnesses.stream().toArray();
  }

  /** A choice's candidates (the callbacks first, if over them) without its core's witnesses. */
  private int[][] beyondCore(final DecisionUnits.Choice c) {
    final BitSet core = new BitSet();
    set(core, c.core());
    final java.util.stream.Stream<int[]> callbacks = c.overCallbacks() ? callbackCandidates.stream()
        : java.util.stream.Stream.empty();
    return java.util.stream.Stream.concat(callbacks, java.util.Arrays.stream(c.candidates()))
        .map(a -> java.util.Arrays.stream(a).filter(w -> w >= 0 && !core.get(w)).toArray()).toArray(int[][]::new);
  }

  /** The least cap a job needs: its size if it cannot be split, else the largest of its parts' least caps. */
  private int least(final Job job) {
    if (!job.members().isEmpty()) {
      return job.members().stream().mapToInt(this::least).max().orElse(0);
    }
    if (job.choices().isEmpty()) {
      return job.size();
    }
    return Math.min(job.size(), job.choices().stream().mapToInt(c -> leastPair(job, c)).max().orElse(0));
  }

  /**
   * The shared witnesses (unless the choice is over the callbacks), the core and the two largest candidates
   * of a choice (one if it has one).
   */
  private int leastPair(final Job unit, final DecisionUnits.Choice c) {
    final BitSet core = new BitSet();
    set(core, c.core());
    final int[] sizes = new int[c.candidates().length + (c.overCallbacks() ? 2 : 0)];
    for (int i = 0; i < c.candidates().length; i++) {
      sizes[i] = (int) java.util.Arrays.stream(c.candidates()[i]).filter(w -> w >= 0 && !core.get(w)).count();
    }
    if (c.overCallbacks()) { // their core is empty: the callbacks' two largest, computed once
      sizes[sizes.length - 2] = largestCallbacks[0];
      sizes[sizes.length - 1] = largestCallbacks[1];
    }
    final int[] top = twoLargest(sizes);
    return (c.overCallbacks() ? 0 : unit.shared().length) + c.core().length + top[0] + top[1];
  }

  private static int[] twoLargest(final int[] sizes) {
    int first = 0;
    int second = 0;
    for (final int n : sizes) {
      if (n > first) {
        second = first;
        first = n;
      } else if (n > second) {
        second = n;
      }
    }
    return new int[] {first, second};
  }

  /** Whether a unit's choices hold all its own witnesses, so that splitting it by them loses none. */
  private boolean splittable(final DecisionUnits.Unit u) {
    if (u.choices().isEmpty()) {
      return false;
    }
    final BitSet held = new BitSet();
    for (final DecisionUnits.Choice c : u.choices()) {
      if (c.overCallbacks()) { // the callbacks' first witnesses are its candidates too
        if (callbackCandidates.isEmpty()) {
          return false;
        }
        held.or(callbackWitnesses);
      }
      set(held, c.core());
      for (final int[] candidate : c.candidates()) {
        set(held, candidate);
      }
    }
    for (final int w : u.own()) {
      if (!held.get(w)) {
        return false;
      }
    }
    return true;
  }

  private static void set(final BitSet set, final int[] witnesses) {
    for (final int w : witnesses) {
      set.set(w);
    }
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

  /** The unit (or method group) whose least cap is the largest: a lower cap cannot work. */
  private java.util.Optional<Job> limiting() {
    return jobs.stream().max(Comparator.comparingInt(this::least));
  }

  /** Names what limits a job's cap for the user: the decision it stands for and why it needs its witnesses. */
  private String describe(final Job limiting) {
    Job job = limiting;
    while (!job.members().isEmpty()) {
      final Job group = job;
      job = group.members().stream().filter(u -> least(u) == least(group)).findFirst().orElseThrow();
    }
    final int n = least(job);
    if (n < job.size()) {
      final Job unit = job;
      final DecisionUnits.Choice c = job.choices().stream().filter(x -> leastPair(unit, x) == n).findFirst()
          .orElseThrow();
      final String at = c.block() < 0 ? "the choice of which callback untraced code calls"
          : "the decision at " + where(c.block());
      return at + " needs " + n + " witnesses in one session (the first witnesses of its two largest candidates"
          + (job.untraced() && !c.overCallbacks() ? ", with the callbacks' first witnesses that break its cycles "
          + "through untraced code)" : ")");
    }
    if (job.choice() < 0) {
      return "the choice of which callback untraced code calls needs the " + n
          + " first witnesses of the callbacks in one session";
    }
    return "the decision at " + where(job.choice()) + " needs " + n + " witnesses in one session"
        + (job.untraced() ? " (its candidates' first witnesses and the callbacks' first witnesses, which break "
            + "its cycles through untraced code)" : "");
  }

  /** A block for the user: its method and source line. */
  private String where(final int block) {
    final Block b = program.block(block);
    final int m = program.methodOf(block);
    final String source = program.declaringClass(m).sourceFile();
    return program.methods().get(m).id() + " (" + (source == null ? "?" : source) + ":"
        + (b.firstLine() > 0 ? b.firstLine() : "?") + ")";
  }

  /** Merges the jobs within traced code that have witnesses in a common method. */
  private static List<Job> byMethod(final Program program, final List<Job> units) {
    final List<Job> out = new ArrayList<>();
    final List<Job> traced = new ArrayList<>();
    for (final Job j : units) {
      (j.untraced() ? out : traced).add(j);
    }
    final IntUnionFind sets = new IntUnionFind(traced.size());
    final int[] methodGroup = new int[program.methods().size()];
    java.util.Arrays.fill(methodGroup, -1);
    for (int g = 0; g < traced.size(); g++) {
      for (final int b : traced.get(g).own()) {
        final int m = program.methodOf(b);
        if (methodGroup[m] < 0) {
          methodGroup[m] = g;
        } else {
          sets.union(g, methodGroup[m]);
        }
      }
    }
    // Each merged job: its jobs' witnesses, sorted without repeats, named by its first job's choice.
    final Map<Integer, List<Job>> merged = new LinkedHashMap<>();
    for (int g = 0; g < traced.size(); g++) {
      merged.computeIfAbsent(sets.find(g), k -> new ArrayList<>()).add(traced.get(g));
    }
    for (final List<Job> group : merged.values()) {
      final int[] members = group.stream().flatMapToInt(j -> java.util.Arrays.stream(j.own())).sorted()
          .distinct().toArray();
      out.add(group.size() == 1 ? group.get(0)
          : new Job(members, NONE, -1, group.get(0).choice(), false, List.of(), List.copyOf(group)));
    }
    return List.copyOf(out);
  }
}
