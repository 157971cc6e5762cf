package dev.jdtrace.distribute;

import static dev.jdtrace.plan.optimal.FlowGraphs.bits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.plan.icfg.DecisionUnits;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The packing of decision units into sessions: every unit whole in one session, every witness somewhere, the
 * cap kept; the optimized strategy puts hot units where few breakpoints are, and overlapping units about
 * untraced code together.
 */
class DistributorTest {
  private static final Program NONE = new Program(List.of());
  private static final CostModel MODEL = new CostModel(10, 0.05, 300, 1.24, "test");
  /** As calibrated on this project's machine: a hit's walk of 100 breakpoints costs more than the hit itself. */
  private static final CostModel WALKS = new CostModel(6, 0.15, 200, 1.7, "walk-bound");

  @Test
  void hotUnitGetsASmallSessionAndColdUnitsShareOne() {
    final List<DecisionUnits.Unit> units = new ArrayList<>();
    units.add(unit(false, 0));
    for (int w = 1; w <= 40; w++) {
      units.add(unit(false, w));
    }
    final double[] hits = new double[41];
    hits[0] = 1_000_000;
    java.util.Arrays.fill(hits, 1, 41, 1);
    final List<BitSet> split = new Distributor(NONE, new DecisionUnits(units), Strategy.OPTIMIZED, MODEL)
        .split(2, Integer.MAX_VALUE, hits);
    assertThat(split).hasSize(2);
    assertThat(split).anySatisfy(s -> assertThat(s).isEqualTo(bits(0)));
  }

  @Test
  void unitsAboutUntracedCodeShareTheSessionHoldingTheCallbackWitnesses() {
    // Witnesses 0-2 are the callbacks' first witnesses, in every unit about untraced code.
    final List<DecisionUnits.Unit> units = List.of(unit(true, 0, 1, 2), unit(true, 0, 1, 2, 3),
        unit(true, 0, 1, 2, 4), unit(false, 5), unit(false, 6));
    final double[] hits = {10, 10, 10, 1, 1, 50, 50};
    for (final Strategy s : List.of(Strategy.FINE, Strategy.OPTIMIZED)) { // FUNCTION needs methods
      final List<BitSet> split = new Distributor(NONE, new DecisionUnits(units), s, MODEL).split(2, 6, hits);
      assertThat(split.stream().filter(b -> b.get(0)).count()).as(s.name()).isEqualTo(1);
    }
  }

  @Test
  void unitsAboutUntracedCodeSplitOverTwoCopiesOfTheCallbackWitnessesWhenThatCostsLess() {
    // As on javaparser: 100 callbacks' first witnesses taking 10,000 hits, and 400 untraced calls whose return sites
    // take 120,000 (300 each), more breakpoints and hits than the callbacks'; one cold unit.
    final BitSet callbacksFirst = new BitSet();
    callbacksFirst.set(0, 100);
    final List<DecisionUnits.Unit> units = new ArrayList<>();
    for (int w = 100; w < 500; w++) {
      units.add(new DecisionUnits.Unit(bits(w), callbacksFirst, w));
    }
    units.add(unit(false, 500));
    final double[] hits = new double[501];
    java.util.Arrays.fill(hits, 0, 100, 100);
    java.util.Arrays.fill(hits, 100, 500, 300);
    hits[500] = 1;
    final Distributor d = new Distributor(NONE, new DecisionUnits(units), Strategy.OPTIMIZED, WALKS);
    final List<BitSet> packed = d.split(2, Integer.MAX_VALUE, hits);
    // Packing one by one never pays for a second copy: the first unit to move would carry it alone.
    assertThat(packed).hasSize(2).filteredOn(s -> s.get(0)).hasSize(1);
    final List<BitSet> refined = d.refine(packed, Integer.MAX_VALUE, hits, new BitSet());
    assertThat(refined).hasSize(2).allSatisfy(s -> assertThat(s.get(0, 100)).isEqualTo(callbacksFirst));
    assertThat(refined).allSatisfy(s -> assertThat(s.get(100, 500).cardinality()).isEqualTo(200));
    assertThat(cost(refined, hits)).isLessThan(cost(packed, hits) * 0.95);
  }

  @Test
  void pinnedWitnessesStayAndAWitnessNoUnitNeedsLeaves() {
    // Witness 3 is pinned in the cold session (a sentinel); witness 1 was copied into the hot one, which no unit needs.
    final List<DecisionUnits.Unit> units = List.of(unit(false, 0), unit(false, 1), unit(false, 2));
    final double[] hits = {1000, 1, 1, 0};
    final Distributor d = new Distributor(NONE, new DecisionUnits(units), Strategy.OPTIMIZED, WALKS);
    final List<BitSet> refined = d.refine(List.of(bits(0, 1), bits(1, 2, 3)), Integer.MAX_VALUE, hits, bits(3));
    assertThat(refined).containsExactly(bits(0), bits(1, 2, 3));
  }

  @Test
  void capBelowTheLargestUnitNamesItAndTheCapThatWorks() {
    // Choice -1: the callbacks' own choice, at the bottom of every thread.
    final Distributor d = new Distributor(NONE, new DecisionUnits(List.of(new DecisionUnits.Unit(bits(0, 1, 2), -1,
        true), unit(false, 3))), Strategy.FINE, MODEL);
    assertThat(d.minimumCap()).isEqualTo(3);
    assertThatThrownBy(() -> d.split(1, 2, new double[4])).isInstanceOfSatisfying(CapTooSmallException.class, e -> {
      assertThat(e.cap()).isEqualTo(2);
      assertThat(e.minimum()).isEqualTo(3);
      assertThat(e.job()).isEqualTo("the choice of which callback untraced code calls needs the 3 first witnesses "
          + "of the callbacks in one session");
    });
  }

  @Test
  void unitOverTheCapIsSplitSoThatEveryTwoCandidatesShareASession() {
    // One choice of four candidates of two witnesses each: 8 together, any pair 4.
    final int[][] candidates = {{0, 1}, {2, 3}, {4, 5}, {6, 7}};
    final DecisionUnits.Unit unit = new DecisionUnits.Unit(bits(0, 1, 2, 3, 4, 5, 6, 7), 0, false,
        List.of(new DecisionUnits.Choice(0, candidates, new int[0])));
    final Distributor d = new Distributor(NONE, new DecisionUnits(List.of(unit)), Strategy.FINE, MODEL);
    assertThat(d.largestUnit()).isEqualTo(8);
    assertThat(d.minimumCap()).isEqualTo(4);
    assertThat(d.split(1, 8, new double[8])).containsExactly(bits(0, 1, 2, 3, 4, 5, 6, 7));
    final List<BitSet> split = d.split(1, 5, new double[8]);
    assertThat(split).allSatisfy(s -> assertThat(s.cardinality()).isLessThanOrEqualTo(5));
    for (int a = 0; a < 4; a++) {
      for (int b = a + 1; b < 4; b++) {
        final BitSet pair = bits(candidates[a][0], candidates[a][1], candidates[b][0], candidates[b][1]);
        assertThat(split).as("candidates %d and %d", a, b).anySatisfy(s -> {
          final BitSet both = (BitSet) pair.clone();
          both.andNot(s);
          assertThat(both.isEmpty()).isTrue();
        });
      }
    }
  }

  /**
   * Untraced code's choices over the callbacks, each at an untraced call between every callback and its return
   * site, under a cap far below them: every two callbacks and every callback with every return site share a
   * session (Theorem 2), and the callbacks' pairwise cover is formed once, not once per call, so each session
   * holding a group of callbacks meets as many return sites as it has room for.
   */
  @Test
  void choicesOverTheCallbacksShareOneCoverOfThem() {
    final int callbacks = 8;
    final int calls = 12;
    final List<int[]> callbackCandidates = new ArrayList<>();
    final BitSet callbackWitnesses = new BitSet();
    for (int k = 0; k < callbacks; k++) {
      callbackCandidates.add(new int[] {k});
      callbackWitnesses.set(k);
    }
    final List<DecisionUnits.Unit> units = new ArrayList<>();
    // At the thread's untraced bottom: a callback, or the thread's end (no witness).
    units.add(new DecisionUnits.Unit(callbackWitnesses, -1, true,
        List.of(new DecisionUnits.Choice(-1, new int[][] {{}}, new int[0], true))));
    for (int i = 0; i < calls; i++) {
      final int returnSite = 10 + i;
      final BitSet witnesses = (BitSet) callbackWitnesses.clone();
      witnesses.set(returnSite);
      units.add(new DecisionUnits.Unit(witnesses, returnSite, true,
          List.of(new DecisionUnits.Choice(returnSite, new int[][] {{returnSite}}, new int[0], true))));
    }
    final Distributor d = new Distributor(NONE, new DecisionUnits(units, callbackCandidates), Strategy.FINE,
        MODEL);
    assertThat(d.minimumCap()).isEqualTo(2);
    final int cap = 6;
    final List<BitSet> split = d.split(1, cap, new double[10 + calls]);
    assertThat(split).allSatisfy(s -> assertThat(s.cardinality()).isLessThanOrEqualTo(cap));
    final BitSet partners = bits(java.util.stream.IntStream.range(10, 10 + calls).toArray());
    partners.or(callbackWitnesses);
    for (int a = 0; a < callbacks; a++) {
      for (int b = partners.nextSetBit(a + 1); b >= 0; b = partners.nextSetBit(b + 1)) {
        final BitSet pair = bits(a, b);
        assertThat(split).as("witnesses %d and %d", a, b).anySatisfy(s -> {
          final BitSet both = (BitSet) pair.clone();
          both.andNot(s);
          assertThat(both.isEmpty()).isTrue();
        });
      }
    }
    // Groups of half the cap: {0,1,2}, {3,4,5}, {6,7}; one session per pair of groups, then each group with
    // the return sites, three at a time: 3 + 3 × 4 sessions at most.
    assertThat(split).hasSizeLessThanOrEqualTo(3 + 3 * 4);
  }

  @Test
  void capsTriedAreNoneThenHalvesOfTheWitnessesDownToTheLeastCapOrTheMostSessions() {
    final List<DecisionUnits.Unit> units = new ArrayList<>();
    for (int w = 0; w < 100; w += 2) {
      units.add(unit(false, w, w + 1));
    }
    final Distributor d = new Distributor(NONE, new DecisionUnits(units), Strategy.OPTIMIZED, MODEL);
    assertThat(d.minimumCap()).isEqualTo(2);
    assertThat(d.capsToTry(8)).containsExactly(Integer.MAX_VALUE, 50, 25); // 8 sessions of 12 hold 96 of 100
    assertThat(d.capsToTry(100)).containsExactly(Integer.MAX_VALUE, 50, 25, 12, 6, 3);
  }

  @Property(tries = 200)
  void everyUnitLandsWholeInASessionUnderTheCap(@ForAll("units") final List<List<Integer>> raw,
      @ForAll @IntRange(min = 1, max = 5) final int sessions, @ForAll @IntRange(min = 0, max = 6) final int slack,
      @ForAll final Strategy strategy) {
    final List<DecisionUnits.Unit> units = new ArrayList<>();
    final BitSet all = new BitSet();
    for (int i = 0; i < raw.size(); i++) {
      final BitSet b = new BitSet();
      raw.get(i).forEach(b::set);
      all.or(b);
      units.add(new DecisionUnits.Unit(b, b.nextSetBit(0), i % 3 == 0));
    }
    final double[] hits = new double[64];
    for (int i = 0; i < hits.length; i++) {
      hits[i] = (i * 7919) % 100;
    }
    // Units merged by method only matter for FUNCTION; a program without methods keeps them as they are.
    final Strategy s = strategy == Strategy.FUNCTION ? Strategy.FINE : strategy;
    final Distributor d = new Distributor(NONE, new DecisionUnits(units), s, MODEL);
    final int cap = d.minimumCap() + slack;
    final List<BitSet> split = d.split(sessions, cap, hits);
    final BitSet union = new BitSet();
    split.forEach(union::or);
    assertThat(union).isEqualTo(all);
    assertThat(split).allSatisfy(b -> assertThat(b.cardinality()).isLessThanOrEqualTo(cap));
    for (final DecisionUnits.Unit u : units) {
      assertThat(split).anySatisfy(b -> assertThat(u.missingFrom(b)).isZero());
    }
  }

  /**
   * Refinement moves units, and copies of the callbacks' first witnesses, between the sessions: every unit stays
   * whole in one, every pinned witness in as many sessions as before, no session grows past the cap (or past the
   * largest session the pins made), no witness is lost or added, and the predicted cost never rises.
   */
  @Property(tries = 300)
  void refinementKeepsUnitsWholeAndPinsInPlaceAndNeverCostsMore(@ForAll("units") final List<List<Integer>> raw,
      @ForAll @IntRange(min = 1, max = 5) final int sessions, @ForAll @IntRange(min = 0, max = 6) final int slack,
      @ForAll @net.jqwik.api.constraints.Size(max = 4) final List<@IntRange(min = 64, max = 69) Integer> pins,
      @ForAll @IntRange(max = 1000) final int seed) {
    final BitSet callbacksFirst = bits(0, 1, 2, 3);
    final List<DecisionUnits.Unit> units = new ArrayList<>();
    final BitSet all = new BitSet();
    for (int i = 0; i < raw.size(); i++) {
      final BitSet b = new BitSet();
      raw.get(i).forEach(b::set);
      if (i % 3 == 0) {
        b.andNot(callbacksFirst);
        units.add(new DecisionUnits.Unit(b, callbacksFirst, i));
        all.or(callbacksFirst);
      } else {
        units.add(new DecisionUnits.Unit(b, b.nextSetBit(0), false));
      }
      all.or(b);
    }
    final double[] hits = new double[70];
    for (int i = 0; i < hits.length; i++) {
      hits[i] = (i * 7919 + seed * 104_729L) % 1000 < 200 ? (i * 31 + seed) % 5000 : (i + seed) % 7;
    }
    final Distributor d = new Distributor(NONE, new DecisionUnits(units), Strategy.OPTIMIZED, WALKS);
    final int cap = d.minimumCap() + slack;
    final List<BitSet> packed = new ArrayList<>(d.split(sessions, cap, hits));
    final BitSet pinned = new BitSet();
    for (final int p : pins) {
      pinned.set(p);
      packed.get(p % packed.size()).set(p);
    }
    final List<BitSet> refined = d.refine(packed, cap, hits, pinned);
    for (final DecisionUnits.Unit u : units) {
      assertThat(refined).anySatisfy(b -> assertThat(u.missingFrom(b)).isZero());
    }
    for (final int p : pins) {
      assertThat(refined.stream().filter(b -> b.get(p)).count()).isEqualTo(packed.stream().filter(b -> b.get(p))
          .count());
    }
    final int largest = packed.stream().mapToInt(BitSet::cardinality).max().orElse(0);
    assertThat(refined).allSatisfy(b -> assertThat(b.cardinality()).isLessThanOrEqualTo(Math.max(cap, largest)));
    final BitSet union = new BitSet();
    refined.forEach(union::or);
    final BitSet expected = (BitSet) all.clone();
    expected.or(pinned);
    assertThat(union).isEqualTo(expected);
    assertThat(cost(refined, hits)).isLessThanOrEqualTo(cost(packed, hits) * (1 + 1e-9));
  }

  /** The predicted cost refinement lowers: per session, hits × (c0 + c1 × breakpoints). */
  private static double cost(final List<BitSet> sessions, final double[] hits) {
    return sessions.stream().mapToDouble(s -> s.stream().mapToDouble(w -> hits[w]).sum()
        * (WALKS.c0Micros() + WALKS.c1Micros() * s.cardinality())).sum();
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<List<List<Integer>>> units() {
    return net.jqwik.api.Arbitraries.integers().between(0, 63).list().ofMinSize(1).ofMaxSize(8).list().ofMinSize(1)
        .ofMaxSize(20);
  }

  private static DecisionUnits.Unit unit(final boolean untraced, final int... witnesses) {
    return new DecisionUnits.Unit(bits(witnesses), witnesses[0], untraced);
  }
}
