package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.icfg.DecisionUnits.Choice;
import dev.jdtrace.plan.icfg.DecisionUnits.Unit;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Forms the {@link DecisionUnits} of a decodable model: one unit per choice about untraced code (an untraced
 * initialiser's way on, an untraced call's return, a choice whose candidates run untraced code first), each
 * holding the callbacks' first witnesses as the shared set; the choices within traced code grouped by
 * {@link TracedUnits}. The choices and their candidates come from {@link BlockChoices}.
 */
final class DecisionUnitsBuilder {
  private final IcfgModel model;
  private final Program p;
  private final BlockChoices choices;
  /** The callbacks' first witnesses: every unit about untraced code holds them, as the shared set. */
  private final BitSet callbackFirsts = new BitSet();
  private final int[] shared;
  /** Whether untraced code's choices between the callbacks can be spread over sessions (see below). */
  private final boolean spreadable;
  private final List<int[]> callbackCandidates = new ArrayList<>();
  /** By untraced call block: its return site's FIRST set, FOLLOW substituted. */
  private final int[][] returnSites;
  private final List<Unit> untraced = new ArrayList<>();
  /** The indexes in {@link #untraced} of the units whose candidates return from a callback into untraced code. */
  private final List<Integer> returnLoops = new ArrayList<>();
  private final TracedUnits traced;

  private DecisionUnitsBuilder(final IcfgModel model) {
    this.model = model;
    this.p = model.program();
    this.choices = new BlockChoices(model);
    final FirstSets first = model.first();
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      addWitnesses(callbackFirsts, first.of(p.blockId(m, 0)));
    }
    this.shared = callbackFirsts.stream().toArray();
    // The callbacks as candidates of untraced code's choice: only if each reaches a witness before untraced
    // code or a return into it, for then its first witnesses are the whole profile's FIRST set.
    boolean spreads = true;
    for (int m = callbacks.nextSetBit(0); m >= 0 && spreads; m = callbacks.nextSetBit(m + 1)) {
      final int[] f = first.of(p.blockId(m, 0));
      spreads = f.length > 0 && f[0] >= 0;
      callbackCandidates.add(f);
    }
    if (!spreads) {
      callbackCandidates.clear();
    }
    this.spreadable = spreads;
    this.returnSites = new int[p.blockCount()][];
    this.traced = new TracedUnits(p.blockCount());
  }

  /** Splits the witnesses of a decodable model into units. */
  static DecisionUnits of(final IcfgModel model) {
    final DecisionUnitsBuilder builder = new DecisionUnitsBuilder(model);
    for (int b = 0; b < builder.p.blockCount(); b++) {
      if (model.runs(builder.p.methodOf(b))) { // A method the plan does not let run decides nothing.
        builder.choicesAt(b);
      }
    }
    builder.closeReturnLoops();
    return builder.build();
  }

  /** Adds the units or traced choices of the choices a block makes. */
  private void choicesAt(final int b) {
    if (model.untracedInit(b)) {
      // An untraced initialiser the block starts may call back, or the block goes on: one session decides.
      final List<int[]> way = firsts(choices.wayOn(b));
      untraced.add(new Unit(beyond(callbackFirsts, way), shared, b, true,
          overCallbacks(b, way.stream().reduce(Unit.NONE, FirstSets::union))));
    }
    final BlockChoices.Candidate returns = choices.untracedReturn(b);
    if (returns != null) {
      final int[] ret = returns.first();
      returnSites[b] = ret;
      untraced.add(new Unit(beyond(callbackFirsts, List.of(ret)), shared, b, true, overCallbacks(b, ret)));
      return;
    }
    final List<int[]> candidates = firsts(choices.candidates(b));
    if (candidates.isEmpty()) {
      return;
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
      traced.add(b, candidates);
    }
  }

  /**
   * A candidate returning from a callback into untraced code can meet an untraced call's return site: the
   * unit holds those return sites' witnesses where the cycle can close on what the candidates reach.
   * Each such unit is the callbacks' first witnesses plus its targets, so one graph answers them all.
   */
  private void closeReturnLoops() {
    if (returnLoops.isEmpty()) {
      return;
    }
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

  private DecisionUnits build() {
    final List<Unit> units = new ArrayList<>();
    if (shared.length > 0) {
      // At the thread's untraced bottom: a callback, or the thread's end (no witness).
      units.add(new Unit(Unit.NONE, shared, -1, true, overCallbacks(-1, Unit.NONE)));
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
    traced.addUnits(model.witnesses(), covered, p.blockCount(), units);
    return new DecisionUnits(units, callbackCandidates);
  }

  /**
   * Untraced code's choice between the callbacks and one other candidate, if it can be spread: the callbacks
   * can, and the other candidate reaches a witness (or the thread's end) before untraced code again.
   */
  private List<Choice> overCallbacks(final int block, final int[] other) {
    if (!spreadable || (other.length > 0 && other[0] < 0)) {
      return List.of();
    }
    return List.of(new Choice(block, new int[][] {other}, Unit.NONE, true));
  }

  private static List<int[]> firsts(final List<BlockChoices.Candidate> candidates) {
    final List<int[]> out = new ArrayList<>(candidates.size());
    for (final BlockChoices.Candidate c : candidates) {
      out.add(c.first());
    }
    return out;
  }

  private static boolean has(final int[] set, final int element) {
    return Arrays.binarySearch(set, element) >= 0;
  }

  /** The witnesses of the sets (which also hold tokens) that are not in {@code shared}, in increasing order. */
  static int[] beyond(final BitSet shared, final List<int[]> sets) {
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
  static int[][] parts(final BitSet shared, final List<int[]> candidates) {
    final int[][] out = new int[candidates.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = beyond(shared == null ? new BitSet() : shared, List.of(candidates.get(i)));
    }
    return out;
  }

  static void addWitnesses(final BitSet to, final int[] set) {
    for (final int w : set) {
      if (w >= 0) {
        to.set(w);
      }
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
}
