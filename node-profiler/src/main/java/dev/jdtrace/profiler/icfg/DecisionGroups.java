package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.BlockEnd;
import dev.jdtrace.profiler.model.Program;
import dev.jdtrace.profiler.optimal.IntUnionFind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The witnesses that must share a debugger session: one unit per kind of choice of the decoder (the seed's
 * Theorem 1, generalised to the ICFG). A session holding a unit whole decides that unit's choices alone:
 * its FIRST sets for the candidates equal the whole profile's, and it breaks every cycle through them.
 * Any split whose every unit lies within one session decodes; a witness may be in several sessions, as in
 * the seed's {@code {{b3,b2},{b4,b2}}}.
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
public record DecisionGroups(List<Unit> units) {

  public DecisionGroups {
    units = List.copyOf(units);
  }

  /**
   * Witnesses that must stay in one session.
   *
   * @param witnesses the witnesses
   * @param choice a block whose choice the unit decides, to name the unit in messages, or -1 for the
   *     callbacks' own choice at the thread's untraced bottom frame
   * @param untraced whether the unit decides choices about untraced code, so holds the callbacks' first
   *     witnesses; such units overlap, and packing them together spares breakpoints
   */
  public record Unit(BitSet witnesses, int choice, boolean untraced) {
    public Unit {
      witnesses = (BitSet) witnesses.clone();
    }

    @Override
    public BitSet witnesses() {
      return (BitSet) witnesses.clone();
    }

    /** Number of witnesses. */
    public int size() {
      return witnesses.cardinality();
    }

    /** Whether the unit holds a witness, without copying. */
    public boolean holds(final int witness) {
      return witnesses.get(witness);
    }

    /** Adds the unit's witnesses to a set, without copying. */
    public void addTo(final BitSet set) {
      set.or(witnesses);
    }

    /** Number of the unit's witnesses not in {@code set}. */
    public int missingFrom(final BitSet set) {
      final BitSet rest = (BitSet) witnesses.clone();
      rest.andNot(set);
      return rest.cardinality();
    }
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
    final Map<Integer, int[]> returnSites = new LinkedHashMap<>();
    final List<Unit> untraced = new ArrayList<>();
    final List<Integer> returnLoops = new ArrayList<>();
    for (int b = 0; b < p.blockCount(); b++) {
      final Block block = p.block(b);
      final int method = p.methodOf(b);
      final List<int[]> candidates = new ArrayList<>();
      if (block.end() == BlockEnd.INVOKE) {
        final CallTargets t = model.targets(b);
        if (block.successors().isEmpty()) {
          continue;
        }
        final int[] ret = follow.substitute(first.of(p.blockId(method, block.successors().get(0))), method);
        if (t.external()) {
          final BitSet unit = (BitSet) callbackFirsts.clone();
          addWitnesses(unit, ret);
          returnSites.put(b, ret);
          untraced.add(new Unit(unit, b, true));
          continue;
        }
        if (t.traced().size() < 2) {
          continue; // One target: no choice.
        }
        for (final int m : t.traced()) {
          candidates.add(continued(first.of(p.blockId(m, 0)), ret));
        }
      } else if (block.successors().size() > 1) {
        for (final int s : block.successors()) {
          candidates.add(follow.substitute(first.of(p.blockId(method, s)), method));
        }
      }
      if (candidates.isEmpty()) {
        continue;
      }
      final boolean returnsToUntraced = candidates.stream().anyMatch(c -> has(c, FirstSets.AFTER_CALLBACK));
      final boolean runsUntraced = candidates.stream().anyMatch(c -> has(c, FirstSets.EXTERNAL));
      if (returnsToUntraced || runsUntraced) {
        final BitSet unit = (BitSet) callbackFirsts.clone();
        candidates.forEach(c -> addWitnesses(unit, c));
        if (returnsToUntraced) {
          returnLoops.add(untraced.size());
        }
        untraced.add(new Unit(unit, b, true));
      } else {
        int anchor = -1;
        for (final int[] c : candidates) {
          anchor = join(sets, c, anchor);
          addWitnesses(joined, c);
        }
        if (anchor >= 0) {
          choiceOf.putIfAbsent(sets.find(anchor), b);
        }
      }
    }
    // A candidate returning from a callback into untraced code can meet an untraced call's return site: the
    // unit holds those return sites' witnesses where the cycle can close on what the candidates reach.
    // Each such unit is the callbacks' first witnesses plus its targets, so one graph answers them all.
    if (!returnLoops.isEmpty()) {
      final List<BitSet> targets = new ArrayList<>();
      for (final int i : returnLoops) {
        final BitSet t = untraced.get(i).witnesses();
        t.andNot(callbackFirsts);
        targets.add(t);
      }
      final int[][] reaching = new UntracedReturns(model, callbackFirsts).reaching(targets);
      for (int k = 0; k < returnLoops.size(); k++) {
        final int i = returnLoops.get(k);
        final Unit u = untraced.get(i);
        final BitSet unit = u.witnesses();
        for (final int x : reaching[k]) {
          addWitnesses(unit, returnSites.get(x));
        }
        untraced.set(i, new Unit(unit, u.choice(), true));
      }
    }
    final List<Unit> units = new ArrayList<>();
    if (!callbackFirsts.isEmpty()) {
      units.add(new Unit(callbackFirsts, -1, true));
    }
    final Set<BitSet> seen = new LinkedHashSet<>();
    for (final Unit u : untraced) {
      if (seen.add(u.witnesses())) {
        units.add(u);
      }
    }
    final BitSet covered = new BitSet();
    units.forEach(u -> u.addTo(covered));
    final Map<Integer, BitSet> groups = new LinkedHashMap<>();
    final BitSet witnesses = model.witnesses();
    for (int w = witnesses.nextSetBit(0); w >= 0; w = witnesses.nextSetBit(w + 1)) {
      if (joined.get(w) || !covered.get(w)) {
        groups.computeIfAbsent(sets.find(w), k -> new BitSet()).set(w);
      }
    }
    for (final Map.Entry<Integer, BitSet> g : groups.entrySet()) {
      final Integer choice = choiceOf.get(g.getKey());
      units.add(new Unit(g.getValue(), choice == null ? g.getValue().nextSetBit(0) : choice, false));
    }
    return new DecisionGroups(units);
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
  private static int[] continued(final int[] entry, final int[] returnSite) {
    if (!has(entry, FirstSets.EXIT)) {
      return entry;
    }
    return FirstSets.union(Arrays.stream(entry).filter(x -> x != FirstSets.EXIT).toArray(), returnSite);
  }

  private static boolean has(final int[] set, final int element) {
    return Arrays.binarySearch(set, element) >= 0;
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
