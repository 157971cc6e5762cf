package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.plan.optimal.IntUnionFind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The witnesses that must share a debugger session: one unit per kind of choice of the decoder (the seed's
 * Theorem 1, generalised to the ICFG). A session holding a unit whole decides that unit's choices alone:
 * its FIRST sets for the candidates equal the whole profile's, and it breaks every cycle through them.
 * Any split whose every unit lies within one session decodes; a witness may be in several sessions, as in
 * the seed's {@code {{b3,b2},{b4,b2}}}. So does any split in which every two candidates of each choice a unit
 * keeps ({@link Unit#choices}) share a session with the choice's core (Theorem 2 is pairwise, see
 * {@link Choice}): the distributor splits units so when a cap requires.
 * <ul>
 *   <li><b>Choices within traced code</b> (a branch, or a call with several traced targets, none of whose
 *       candidates can reach untraced code before a witness): the witnesses that can come first on each
 *       candidate, FOLLOW sets substituted for returns. Their cycles stay in traced code, where the full
 *       profile breaks them with witnesses of these same sets, so they need nothing else. Choices sharing a
 *       witness are united ({@code O(choices × set size)} union-find) into one group.</li>
 *   <li><b>Choices about untraced code</b>: at an untraced call, which callback runs next or whether it
 *       returns. They need the first witnesses of every callback (untraced code may call any of them, and
 *       the order of two callbacks is visible only to a session that sees both) plus the call's return
 *       site: one unit per untraced call site.</li>
 *   <li><b>Choices whose candidates run untraced code</b> before a witness: the candidates' witnesses plus
 *       the callbacks' first witnesses, which break the cycles through untraced code that callbacks close.
 *       When a candidate returns from a callback into untraced code, the loop can close at an untraced
 *       call's return site, so that unit also holds the witnesses of the return sites from which the
 *       other candidates' witnesses can be reached ({@link UntracedReturns}).</li>
 * </ul>
 * Witnesses in no unit form a unit each.
 *
 * @param units the units, each a set of witnesses that must stay in one session
 */
public record DecisionGroups(List<Unit> units, List<int[]> callbackCandidates) {

  /**
   * @param callbackCandidates per callback, its first witnesses (increasing): the candidates untraced code
   *     chooses between, which a {@link Choice} {@link Choice#overCallbacks over the callbacks} adds to its own;
   *     empty when some callback can reach untraced code or return before a witness, for then each needs them all
   */
  public DecisionGroups {
    units = List.copyOf(units);
    callbackCandidates = List.copyOf(callbackCandidates);
  }

  /** Units none of whose choices is over the callbacks. */
  public DecisionGroups(final List<Unit> units) {
    this(units, List.of());
  }

  /**
   * Witnesses that must stay in one session: its own witnesses, in increasing order, and for a unit about
   * untraced code the callbacks' first witnesses, which every such unit holds. Those are held once, in one
   * array that all units of one {@link DecisionGroups#of} share and nothing changes: thousands of units
   * each holding thousands of the same witnesses would otherwise take hundreds of megabytes.
   */
  public static final class Unit {
    private static final int[] NONE = {};
    private final int[] own;
    private final int[] shared;
    private final int choice;
    private final boolean untraced;
    private final List<Choice> choices;

    /**
     * A unit of the witnesses of a set.
     *
     * @param choice a block whose choice the unit decides, to name the unit in messages, or -1 for the
     *     callbacks' own choice at the thread's untraced bottom frame
     * @param untraced whether the unit decides choices about untraced code, so holds the callbacks' first
     *     witnesses; such units overlap, and packing them together spares breakpoints
     */
    public Unit(final BitSet witnesses, final int choice, final boolean untraced) {
      this(witnesses.stream().toArray(), NONE, choice, untraced, List.of());
    }

    /**
     * A unit that may be split by its choices (see {@link Choice}); for tests and for programs built by hand.
     *
     * @param choices the choices it decides, whose parts together hold every witness of the unit
     */
    public Unit(final BitSet witnesses, final int choice, final boolean untraced, final List<Choice> choices) {
      this(witnesses.stream().toArray(), NONE, choice, untraced, List.copyOf(choices));
    }

    /** A unit of its own witnesses (increasing, none in {@code shared}) and the shared ones. */
    private Unit(final int[] own, final int[] shared, final int choice, final boolean untraced,
        final List<Choice> choices) {
      this.own = own;
      this.shared = shared;
      this.choice = choice;
      this.untraced = untraced;
      this.choices = choices;
    }

    /** The block whose choice the unit decides, or -1 for the callbacks' own choice. */
    public int choice() {
      return choice;
    }

    /** Whether the unit decides choices about untraced code. */
    public boolean untraced() {
      return untraced;
    }

    /**
     * The choices the unit decides, by which it may be split (Theorem 2, pairwise), or none when it must
     * stay whole. Every own witness of the unit is in a core or a candidate of one of them.
     */
    public List<Choice> choices() {
      return choices;
    }

    /** The witnesses beyond the shared callbacks' first witnesses, in increasing order. */
    public int[] own() {
      return own.clone();
    }

    /**
     * The callbacks' first witnesses when the unit holds them as the shared set, in increasing order, else
     * none. Every unit of one {@link DecisionGroups#of} that holds them holds the same set.
     */
    public int[] shared() {
      return shared.clone();
    }

    /** Whether the unit holds the shared callbacks' first witnesses. */
    public boolean holdsShared() {
      return shared.length > 0;
    }

    /** The witnesses as a set. */
    public BitSet witnesses() {
      final BitSet set = new BitSet();
      addTo(set);
      return set;
    }

    /** Number of witnesses. */
    public int size() {
      return own.length + shared.length;
    }

    /** Whether the unit holds a witness. */
    public boolean holds(final int witness) {
      return Arrays.binarySearch(own, witness) >= 0 || Arrays.binarySearch(shared, witness) >= 0;
    }

    /** Adds the unit's witnesses to a set. */
    public void addTo(final BitSet set) {
      for (final int w : shared) {
        set.set(w);
      }
      for (final int w : own) {
        set.set(w);
      }
    }

    /** Number of the unit's witnesses not in {@code set}. */
    public int missingFrom(final BitSet set) {
      int n = 0;
      for (final int w : shared) {
        n += set.get(w) ? 0 : 1;
      }
      for (final int w : own) {
        n += set.get(w) ? 0 : 1;
      }
      return n;
    }
  }

  /**
   * One choice of the walk between candidates, as a unit holds it. Theorem 2 is pairwise: the walk keeps the
   * candidates consistent with every session's head, and a session holding two candidates' first witnesses
   * (and the core) sees the same FIRST sets for them as the whole profile does, which are disjoint; so it
   * rules out the wrong one of the two, and the other sessions only rule out more. Any split in which every
   * pair of candidates (with the core) shares a session decides the choice, not only one holding them all.
   *
   * @param block the block whose choice it is, to name it in messages
   * @param candidates per candidate, its first witnesses beyond the unit's shared ones, increasing
   * @param core witnesses every candidate needs with it (beyond the shared ones), increasing: the return
   *     sites where loops through untraced code close
   * @param overCallbacks whether the choice is untraced code's: which callback it calls next, or the
   *     candidates given (its return, the way on after a class initialiser, the thread's end). The callbacks
   *     are candidates too ({@link DecisionGroups#callbackCandidates}), and their first witnesses, the unit's
   *     shared ones, may then be spread as the candidates are
   */
  public record Choice(int block, int[][] candidates, int[] core, boolean overCallbacks) {
    /** A choice within traced code, or whose candidates run untraced code. */
    public Choice(final int block, final int[][] candidates, final int[] core) {
      this(block, candidates, core, false);
    }
  }

  /** A unit's own witnesses as a key, to keep one unit of each witness set. */
  private record Key(int[] own) {
    @Override
    public boolean equals(final Object o) {
      return o instanceof Key k && Arrays.equals(own, k.own);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(own);
    }
  }

  /**
   * What a block that started an untraced initialiser can reach first as it goes on: its traced
   * initialisers, its traced callees (then its return site), its successors.
   */
  private static List<int[]> wayOn(final IcfgModel model, final int b) {
    final Program p = model.program();
    final FirstSets first = model.first();
    final FollowSets follow = model.follow();
    final int method = p.methodOf(b);
    final List<int[]> out = new ArrayList<>();
    for (final int clinit : model.clinits(b)) {
      out.add(first.of(p.blockId(clinit, 0)));
    }
    final int[] ret = p.successorCount(b) == 0 ? new int[0] : follow.substitute(first.of(p.successor(b, 0)), method);
    final CallTargets t = model.targets(b);
    if (t != null) {
      for (final int m : t.traced()) {
        out.add(continued(first.of(p.blockId(m, 0)), ret));
      }
    }
    for (int i = 0; i < p.successorCount(b); i++) {
      out.add(follow.substitute(first.of(p.successor(b, i)), method));
    }
    return out;
  }

  /** Splits the witnesses of a decodable model into units. */
  public static DecisionGroups of(final IcfgModel model) {
    final Program p = model.program();
    final FirstSets first = model.first();
    final FollowSets follow = model.follow();
    final IntUnionFind sets = new IntUnionFind(p.blockCount());
    final Map<Integer, Integer> choiceOf = new LinkedHashMap<>();
    final BitSet joined = new BitSet();
    final BitSet callbackFirsts = new BitSet();
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      addWitnesses(callbackFirsts, first.of(p.blockId(m, 0)));
    }
    final int[] shared = callbackFirsts.stream().toArray();
    // The callbacks as candidates of untraced code's choice: only if each reaches a witness before untraced
    // code or a return into it, for then its first witnesses are the whole profile's FIRST set.
    final List<int[]> callbackCandidates = new ArrayList<>();
    boolean spreadable = true;
    for (int m = callbacks.nextSetBit(0); m >= 0 && spreadable; m = callbacks.nextSetBit(m + 1)) {
      final int[] f = first.of(p.blockId(m, 0));
      spreadable = f.length > 0 && f[0] >= 0;
      callbackCandidates.add(f);
    }
    if (!spreadable) {
      callbackCandidates.clear();
    }
    // By untraced call block: its return site's FIRST set, FOLLOW substituted.
    final int[][] returnSites = new int[p.blockCount()][];
    final List<Unit> untraced = new ArrayList<>();
    final List<Integer> returnLoops = new ArrayList<>();
    // The choices within traced code, each with a witness that names its group once the groups are known.
    final List<Choice> tracedChoices = new ArrayList<>();
    final List<Integer> anchors = new ArrayList<>();
    for (int b = 0; b < p.blockCount(); b++) {
      final int method = p.methodOf(b);
      if (!model.runs(method)) {
        continue; // A method the plan does not let run decides nothing.
      }
      final int successors = p.successorCount(b);
      if (model.untracedInit(b)) {
        // An untraced initialiser the block starts may call back, or the block goes on: one session decides.
        final List<int[]> way = wayOn(model, b);
        untraced.add(new Unit(beyond(callbackFirsts, way), shared, b, true,
            overCallbacks(b, spreadable, way.stream().reduce(Unit.NONE, FirstSets::union))));
      }
      final List<int[]> candidates = new ArrayList<>();
      if (p.end(b) == BlockEnd.INVOKE) {
        final CallTargets t = model.targets(b);
        if (successors == 0 || (!t.external() && t.traced().size() < 2)) {
          continue; // No return, or one target: no choice.
        }
        final int[] ret = follow.substitute(first.of(p.successor(b, 0)), method);
        if (t.external()) {
          returnSites[b] = ret;
          untraced.add(new Unit(beyond(callbackFirsts, List.of(ret)), shared, b, true,
              overCallbacks(b, spreadable, ret)));
          continue;
        }
        for (final int m : t.traced()) {
          candidates.add(continued(first.of(p.blockId(m, 0)), ret));
        }
      } else if (successors > 1) {
        for (int i = 0; i < successors; i++) {
          candidates.add(follow.substitute(first.of(p.successor(b, i)), method));
        }
      }
      if (candidates.isEmpty()) {
        continue;
      }
      final boolean returnsToUntraced = candidates.stream().anyMatch(c -> has(c, FirstSets.AFTER_CALLBACK));
      final boolean runsUntraced = candidates.stream().anyMatch(c -> has(c, FirstSets.EXTERNAL));
      if (returnsToUntraced || runsUntraced) {
        if (returnsToUntraced) {
          returnLoops.add(untraced.size());
        }
        untraced.add(new Unit(beyond(callbackFirsts, candidates), shared, b, true,
            List.of(new Choice(b, parts(callbackFirsts, candidates), Unit.NONE))));
      } else {
        int anchor = -1;
        for (final int[] c : candidates) {
          anchor = join(sets, c, anchor);
          addWitnesses(joined, c);
        }
        if (anchor >= 0) {
          choiceOf.putIfAbsent(sets.find(anchor), b);
          tracedChoices.add(new Choice(b, parts(null, candidates), Unit.NONE));
          anchors.add(anchor);
        }
      }
    }
    // A candidate returning from a callback into untraced code can meet an untraced call's return site: the
    // unit holds those return sites' witnesses where the cycle can close on what the candidates reach.
    // Each such unit is the callbacks' first witnesses plus its targets, so one graph answers them all.
    if (!returnLoops.isEmpty()) {
      final List<int[]> targets = new ArrayList<>();
      for (final int i : returnLoops) {
        targets.add(untraced.get(i).own);
      }
      final int[][] reaching = new UntracedReturns(model, callbackFirsts).reaching(targets);
      for (int k = 0; k < returnLoops.size(); k++) {
        final int i = returnLoops.get(k);
        final Unit u = untraced.get(i);
        if (reaching[k].length == 0) {
          continue;
        }
        final List<int[]> parts = new ArrayList<>();
        parts.add(u.own);
        final List<int[]> sites = new ArrayList<>();
        for (final int x : reaching[k]) {
          if (returnSites[x] != null) { // null: a call in a method the plan does not let run
            parts.add(returnSites[x]);
            sites.add(returnSites[x]);
          }
        }
        final int[] all = beyond(callbackFirsts, parts);
        // The return sites are the core: every pair of candidates needs them, the loop may close there.
        final List<Choice> withCore = u.choices.stream()
            .map(c -> new Choice(c.block(), c.candidates(), beyond(callbackFirsts, sites))).toList();
        untraced.set(i, new Unit(all, shared, u.choice, true, withCore));
      }
    }
    final List<Unit> units = new ArrayList<>();
    if (shared.length > 0) {
      // At the thread's untraced bottom: a callback, or the thread's end (no witness).
      units.add(new Unit(Unit.NONE, shared, -1, true, overCallbacks(-1, spreadable, Unit.NONE)));
    }
    // One unit per witness set; it decides the choices of every unit it stands for, so it keeps all of them
    // (or none, when one of them must stay whole).
    final Map<Key, Integer> seen = new HashMap<>();
    for (final Unit u : untraced) {
      final Integer at = seen.putIfAbsent(new Key(u.own), units.size());
      if (at == null) {
        units.add(u);
      } else {
        final Unit kept = units.get(at);
        final List<Choice> both = new ArrayList<>(kept.choices);
        both.addAll(u.choices);
        units.set(at, new Unit(kept.own, kept.shared, kept.choice, true,
            kept.choices.isEmpty() || u.choices.isEmpty() ? List.of() : List.copyOf(both)));
      }
    }
    // The shared witnesses once, not once per unit holding them: thousands of units hold thousands of them.
    final BitSet covered = (BitSet) callbackFirsts.clone();
    for (final Unit u : units) {
      for (final int w : u.own) {
        covered.set(w);
      }
    }
    // The remaining witnesses by union-find root, in the order of each group's first witness.
    final BitSet witnesses = model.witnesses();
    final int[] group = new int[p.blockCount()];
    Arrays.fill(group, -1);
    final int[] groupOf = new int[p.blockCount()];
    int[] counts = new int[16];
    int groups = 0;
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      groupOf[w] = -1;
      if (joined.get(w) || !covered.get(w)) {
        final int root = sets.find(w);
        if (group[root] < 0) {
          if (groups == counts.length) {
            counts = Arrays.copyOf(counts, groups * 2);
          }
          group[root] = groups++;
        }
        groupOf[w] = group[root];
        counts[group[root]]++;
      }
    }
    final int[][] members = new int[groups][];
    for (int g = 0; g < groups; g++) {
      members[g] = new int[counts[g]];
      counts[g] = 0;
    }
    final int[] roots = new int[groups];
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      if (groupOf[w] >= 0) {
        final int g = groupOf[w];
        if (counts[g] == 0) {
          roots[g] = sets.find(w);
        }
        members[g][counts[g]++] = w;
      }
    }
    // Each group's choices, by the group of the witness that anchored each.
    final List<List<Choice>> choicesOf = new ArrayList<>();
    for (int g = 0; g < groups; g++) {
      choicesOf.add(new ArrayList<>());
    }
    for (int k = 0; k < tracedChoices.size(); k++) {
      final int g = group[sets.find(anchors.get(k))];
      if (g >= 0) {
        choicesOf.get(g).add(tracedChoices.get(k));
      }
    }
    for (int g = 0; g < groups; g++) {
      final Integer choice = choiceOf.get(roots[g]);
      units.add(new Unit(members[g], Unit.NONE, choice == null ? members[g][0] : choice, false,
          List.copyOf(choicesOf.get(g))));
    }
    return new DecisionGroups(units, callbackCandidates);
  }

  /**
   * Untraced code's choice between the callbacks and one other candidate, if it can be spread: the callbacks
   * can, and the other candidate reaches a witness (or the thread's end) before untraced code again.
   */
  private static List<Choice> overCallbacks(final int block, final boolean spreadable, final int[] other) {
    if (!spreadable || (other.length > 0 && other[0] < 0)) {
      return List.of();
    }
    return List.of(new Choice(block, new int[][] {other}, Unit.NONE, true));
  }

  /** The largest unit: with it, a session cap below its size cannot work. */
  public Unit largest() {
    Unit best = null;
    for (final Unit u : units) {
      if (best == null || u.size() > best.size()) {
        best = u;
      }
    }
    return best;
  }

  /** A callee's entry FIRST set with its EXIT continued at the call's return site. */
  static int[] continued(final int[] entry, final int[] returnSite) {
    if (!has(entry, FirstSets.EXIT)) {
      return entry;
    }
    return FirstSets.union(Arrays.stream(entry).filter(x -> x != FirstSets.EXIT).toArray(), returnSite);
  }

  private static boolean has(final int[] set, final int element) {
    return Arrays.binarySearch(set, element) >= 0;
  }

  /** The witnesses of the sets (which also hold tokens) that are not in {@code shared}, in increasing order. */
  private static int[] beyond(final BitSet shared, final List<int[]> sets) {
    int n = 0;
    for (final int[] set : sets) {
      n += set.length;
    }
    final int[] out = new int[n];
    int k = 0;
    for (final int[] set : sets) {
      for (final int w : set) {
        if (w >= 0 && !shared.get(w)) {
          out[k++] = w;
        }
      }
    }
    Arrays.sort(out, 0, k);
    int distinct = 0;
    for (int i = 0; i < k; i++) {
      if (distinct == 0 || out[distinct - 1] != out[i]) {
        out[distinct++] = out[i];
      }
    }
    return Arrays.copyOf(out, distinct);
  }

  /** Each candidate's witnesses, tokens and the {@code shared} ones (if any) left out, increasing. */
  private static int[][] parts(final BitSet shared, final List<int[]> candidates) {
    final int[][] out = new int[candidates.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = beyond(shared == null ? new BitSet() : shared, List.of(candidates.get(i)));
    }
    return out;
  }

  private static void addWitnesses(final BitSet to, final int[] set) {
    for (final int w : set) {
      if (w >= 0) {
        to.set(w);
      }
    }
  }

  /** Unites every witness of the set with the anchor; returns the (possibly new) anchor. */
  private static int join(final IntUnionFind sets, final int[] set, final int anchor) {
    int a = anchor;
    for (final int w : set) {
      if (w < 0) {
        continue;
      }
      if (a < 0) {
        a = w;
      } else {
        sets.union(w, a);
      }
    }
    return a;
  }
}
