package dev.jdtrace.plan.icfg;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

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
 * Witnesses in no unit form a unit each. This record holds the units and answers what they hold; how they
 * are formed from a model ({@link #of}) is {@code DecisionUnitsBuilder}'s.
 *
 * @param units the units, each a set of witnesses that must stay in one session
 */
public record DecisionUnits(List<Unit> units, List<int[]> callbackCandidates) {

  /**
   * @param callbackCandidates per callback, its first witnesses (increasing): the candidates untraced code
   *     chooses between, which a {@link Choice} {@link Choice#overCallbacks over the callbacks} adds to its own;
   *     empty when some callback can reach untraced code or return before a witness, for then each needs them all
   */
  public DecisionUnits {
    units = List.copyOf(units);
    callbackCandidates = List.copyOf(callbackCandidates);
  }

  /** Units none of whose choices is over the callbacks. */
  public DecisionUnits(final List<Unit> units) {
    this(units, List.of());
  }

  /**
   * Witnesses that must stay in one session: its own witnesses, in increasing order, and for a unit about
   * untraced code the callbacks' first witnesses, which every such unit holds. Those are held once, in one
   * array that all units of one {@link DecisionUnits#of} share and nothing changes: thousands of units
   * each holding thousands of the same witnesses would otherwise take hundreds of megabytes.
   */
  public static final class Unit {
    static final int[] NONE = {};
    // Read by DecisionUnitsBuilder without copies; nothing changes them once the unit is made.
    final int[] own;
    final int[] shared;
    final int choice;
    final boolean untraced;
    final List<Choice> choices;

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

    /**
     * A unit about untraced code of its own witnesses and the callbacks' first witnesses, held as the shared set;
     * for tests and for programs built by hand. Every such unit of one {@link DecisionUnits} holds the same set.
     */
    public Unit(final BitSet own, final BitSet callbacksFirst, final int choice) {
      this(own.stream().filter(w -> !callbacksFirst.get(w)).toArray(), callbacksFirst.stream().toArray(), choice,
          true, List.of());
    }

    /** A unit of its own witnesses (increasing, none in {@code shared}) and the shared ones. */
    Unit(final int[] own, final int[] shared, final int choice, final boolean untraced,
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
     * none. Every unit of one {@link DecisionUnits#of} that holds them holds the same set.
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
   *     are candidates too ({@link DecisionUnits#callbackCandidates}), and their first witnesses, the unit's
   *     shared ones, may then be spread as the candidates are
   */
  public record Choice(int block, int[][] candidates, int[] core, boolean overCallbacks) {
    /** A choice within traced code, or whose candidates run untraced code. */
    public Choice(final int block, final int[][] candidates, final int[] core) {
      this(block, candidates, core, false);
    }
  }

  /** Splits the witnesses of a decodable model into units (as {@code DecisionUnitsBuilder} forms them). */
  public static DecisionUnits of(final IcfgModel model) {
    return DecisionUnitsBuilder.of(model);
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
}
