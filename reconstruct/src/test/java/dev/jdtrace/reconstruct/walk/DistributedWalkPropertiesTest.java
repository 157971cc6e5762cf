package dev.jdtrace.reconstruct.walk;

import static dev.jdtrace.plan.optimal.FlowGraphs.bits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.jdtrace.distribute.Distributor;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.icfg.DecisionUnits;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.ThreadStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Issue #4's property: on generated ICFGs, for 1 to 6 sessions, several caps and all three strategies,
 * every execution projects onto the sessions' witness sets, and the walk over all the projections together
 * gives back exactly that execution. The projections are what the sessions would record: each session sees
 * its own witnesses and every exception. The seed's distribution figures (stand-ins, as in the distributor's
 * {@code SeedDistributionsTest}) are examples: Fig. 1 and Fig. 2 split wrongly are rejected, {@code {{b3,b2},{b4,b2}}}
 * is accepted.
 */
class DistributedWalkPropertiesTest {

  @Provide
  Arbitrary<List<Integer>> recipes() {
    return Arbitraries.integers().between(0, 63).list().ofMaxSize(200)
        .withSizeDistribution(RandomDistribution.uniform());
  }

  /**
   * Issue #18's property: the VM may die anywhere (System.exit or halt at any depth, a daemon thread cut
   * off). Every execution is cut before each of its steps in turn (every third one, and the last), each
   * session records its witnesses so far and the thread's traced frames as the VM shows them, and the walk
   * gives back exactly the path so far: it stops there, its frames never return.
   */
  @Property(tries = 40)
  void everySplitStopsWhereTheVmDied(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean exceptions, @ForAll final boolean virtuals, @ForAll final boolean clinits,
      @ForAll @IntRange(min = 1, max = 4) final int sessions, @ForAll final Strategy strategy) {
    final WalkerPropertiesTest.Case c = WalkerPropertiesTest.Case.of(recipe, exceptions, virtuals, clinits);
    final IcfgPlanner.Result plan = IcfgPlanner.plan(c.structure(), ProfileKind.OPTIMAL, Weights.staticEstimate());
    final DecisionUnits groups = DecisionUnits.of(plan.model());
    final Distributor distributor = new Distributor(c.generated().program, groups, strategy);
    final List<BitSet> split = distributor.split(sessions, Integer.MAX_VALUE, plan.blockWeights());
    final List<IcfgModel> models = split.stream().map(w -> new IcfgModel(c.structure(), w)).toList();
    int cuts = 0;
    for (final Simulator.Execution e : c.executions(exceptions)) {
      final List<Simulator.Halt> halts = e.halts();
      for (int h = 0; h < halts.size(); h++) {
        if (h % 3 != 1 && h != halts.size() - 1) {
          continue;
        }
        final Simulator.Halt halt = halts.get(h);
        final List<ThreadStream> streams = new ArrayList<>();
        for (final BitSet w : split) {
          streams.add(new ThreadStream("t", -1, 0, e.stream(w, halt.length()), e.exceptions(), halt.end()));
        }
        final int[] expected = e.path(halt.length());
        try {
          final int[] decoded = new Walker(models, "t", streams).decode();
          if (!Arrays.equals(decoded, expected)) {
            fail("%d sessions %s, VM died at %s with %s: decoded %s%n  true %s%n  whole run %s%n%s", split.size(),
                split, halt.length(), halt.end(), Arrays.toString(decoded), Arrays.toString(expected), e,
                c.generated().dump(plan.witnesses()));
          }
        } catch (final ReconstructionException | IllegalStateException | IndexOutOfBoundsException x) {
          fail("%d sessions %s, VM died at %s with %s: %s%n  true %s%n  whole run %s%n%s", split.size(), split,
              halt.length(), halt.end(), x.getMessage(), Arrays.toString(expected), e,
              c.generated().dump(plan.witnesses()));
        }
        cuts++;
      }
    }
    Statistics.label("cuts").collect(cuts > 100 ? "over 100" : cuts > 10 ? "11-100" : "up to 10");
    // Many places to die in a good share of the tries (measured 48% over 100).
    Statistics.label("cuts").coverage(coverage -> coverage.check("over 100").percentage(p -> p >= 15));
  }

  @Property(tries = 150)
  void everySplitMergesBackToEveryExecution(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean exceptions, @ForAll final boolean virtuals, @ForAll final boolean clinits,
      @ForAll @IntRange(min = 1, max = 6) final int sessions, @ForAll final Strategy strategy,
      @ForAll @IntRange(min = 0, max = 2) final int capKind) {
    final WalkerPropertiesTest.Case c = WalkerPropertiesTest.Case.of(recipe, exceptions, virtuals, clinits);
    final IcfgPlanner.Result plan = IcfgPlanner.plan(c.structure(), ProfileKind.OPTIMAL, Weights.staticEstimate());
    final DecisionUnits groups = DecisionUnits.of(plan.model());
    final Distributor distributor = new Distributor(c.generated().program, groups, strategy);
    final int tightest = distributor.minimumCap();
    // The tightest cap the plan accepts, one a little above it, and none.
    final int cap = capKind == 0 ? tightest : capKind == 1 ? tightest + 3 : Integer.MAX_VALUE;
    final List<BitSet> split = distributor.split(sessions, cap, plan.blockWeights());
    final BitSet union = new BitSet();
    split.forEach(union::or);
    if (!union.equals(plan.witnesses())) {
      fail("the split lost or added witnesses: %s vs %s", union, plan.witnesses());
    }
    if (split.stream().anyMatch(s -> s.cardinality() > cap)) {
      fail("a session of %s exceeds the cap %d", split, cap);
    }
    final List<IcfgModel> models = split.stream().map(w -> new IcfgModel(c.structure(), w)).toList();
    Statistics.label("sessions").collect(split.size());
    // Merging is what this checks: most tries must split (measured 71% in 2 or more sessions, 55% in 3 or more).
    Statistics.label("sessions").coverage(coverage -> {
      coverage.checkQuery(values -> ((Integer) values.get(0)) >= 2).percentage(p -> p >= 40);
      coverage.checkQuery(values -> ((Integer) values.get(0)) >= 3).percentage(p -> p >= 25);
    });
    for (final Simulator.Execution e : c.executions(exceptions)) {
      final List<ThreadStream> streams = new ArrayList<>();
      for (final BitSet w : split) {
        streams.add(new ThreadStream("t", -1, 0, e.stream(w), e.exceptions()));
      }
      try {
        final int[] decoded = new Walker(models, "t", streams).decode();
        if (!Arrays.equals(decoded, e.path())) {
          fail("%d sessions %s decoded %s%n  true %s%n%s", split.size(), split, Arrays.toString(decoded), e,
              c.generated().dump(plan.witnesses()));
        }
      } catch (final ReconstructionException | IllegalStateException | IndexOutOfBoundsException x) {
        fail("%d sessions %s: %s%n  true %s%n%s", split.size(), split, x.getMessage(), e,
            c.generated().dump(plan.witnesses()));
      }
    }
  }

  /**
   * Issue #31's property: Theorem 2 is pairwise, so under any cap from the largest pair of a choice's
   * candidates (with their core) up to the largest unit, the distributor spreads a unit's candidates so that
   * every two share a session. Every session keeps the cap, the sessions hold every witness, and every
   * execution still merges back exactly.
   */
  @Property(tries = 300)
  void unitsSplitUnderAnyCapMergeBackToEveryExecution(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean exceptions, @ForAll final boolean clinits,
      @ForAll @IntRange(min = 1, max = 4) final int sessions, @ForAll final Strategy strategy,
      @ForAll @IntRange(max = 100) final int capPercent) {
    // Virtual calls always: their several targets are the choices of many candidates that pairs split.
    final WalkerPropertiesTest.Case c = WalkerPropertiesTest.Case.of(recipe, exceptions, true, clinits);
    final IcfgPlanner.Result plan = IcfgPlanner.plan(c.structure(), ProfileKind.OPTIMAL, Weights.staticEstimate());
    final DecisionUnits groups = DecisionUnits.of(plan.model());
    final Distributor distributor = new Distributor(c.generated().program, groups, strategy);
    final int least = distributor.minimumCap();
    // Low caps more often: the squared fraction of the way from the least cap to the largest unit.
    final int cap = least + Math.max(0, distributor.largestUnit() - least) * capPercent * capPercent / 10_000;
    final List<BitSet> split = distributor.split(sessions, cap, plan.blockWeights());
    final BitSet union = new BitSet();
    split.forEach(union::or);
    assertThat(union).isEqualTo(plan.witnesses());
    assertThat(split).allSatisfy(s -> assertThat(s.cardinality()).isLessThanOrEqualTo(cap));
    final int largestUnit = groups.units().stream().mapToInt(DecisionUnits.Unit::size).max().orElse(0);
    Statistics.label("a unit split").collect(cap < largestUnit);
    Statistics.label("a choice split into pairs").collect(groups.units().stream().anyMatch(u -> u.choices().stream()
        .anyMatch(ch -> wholeSize(groups, u, ch) > cap)));
    Statistics.label("untraced code's choice over the callbacks split").collect(groups.units().stream()
        .anyMatch(u -> u.choices().stream().anyMatch(ch -> ch.overCallbacks() && wholeSize(groups, u, ch) > cap)));
    Statistics.label("a unit about untraced code split").collect(groups.units().stream()
        .anyMatch(u -> u.untraced() && !u.choices().isEmpty() && u.size() > cap));
    assertEveryExecutionMergesBack(c, exceptions, split, plan, "cap " + cap + " (least " + least + ")");
    // Generated programs are small: about three in ten have a unit a cap splits, one in five a choice that
    // must be spread in pairs, one in seven untraced code's choice over the callbacks (measured over 300
    // tries); the bounds leave room for chance.
    Statistics.label("a unit split").coverage(k -> k.check(true).percentage(p -> p >= 8));
    Statistics.label("a choice split into pairs").coverage(k -> k.check(true).percentage(p -> p >= 4));
    Statistics.label("untraced code's choice over the callbacks split")
        .coverage(k -> k.check(true).percentage(p -> p >= 4));
  }

  /**
   * The witnesses {@code SmallUnits} adds below the optimal profile's least cap, for a room: the profile keeps every
   * witness it had, its least cap is no higher (but for a pair's two witnesses), every pair of a choice within
   * traced code fits the room, and under any cap from the new least cap up, every execution merges back exactly,
   * the class initialisers of a block included (they may now sit in different sessions).
   */
  @Property(tries = 150)
  void smallUnitsSplitUnderTheirLeastCapMergeBackToEveryExecution(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean exceptions, @ForAll final boolean clinits,
      @ForAll @IntRange(min = 1, max = 4) final int sessions, @ForAll final Strategy strategy,
      @ForAll @IntRange(max = 100) final int capPercent, @ForAll @IntRange(min = 2, max = 12) final int room) {
    final WalkerPropertiesTest.Case c = WalkerPropertiesTest.Case.of(recipe, exceptions, true, clinits);
    final IcfgPlanner.Result optimal = IcfgPlanner.plan(c.structure(), ProfileKind.OPTIMAL, Weights.staticEstimate());
    final IcfgPlanner.Result plan = IcfgPlanner.withSmallUnits(c.structure(), optimal, room);
    final BitSet kept = (BitSet) optimal.witnesses().clone();
    kept.andNot(plan.witnesses());
    assertThat(kept.isEmpty()).as("every optimal witness kept").isTrue();
    final Distributor before = new Distributor(c.generated().program, DecisionUnits.of(optimal.model()), strategy);
    final DecisionUnits units = DecisionUnits.of(plan.model());
    for (final DecisionUnits.Unit u : units.units()) {
      for (final DecisionUnits.Choice ch : u.choices()) {
        if (!u.untraced()) {
          assertThat(twoLargest(ch.candidates())).as("a pair of the choice at %d, room %d", ch.block(), room)
              .isLessThanOrEqualTo(room);
        }
      }
    }
    final Distributor distributor = new Distributor(c.generated().program, units, strategy);
    final int least = distributor.minimumCap();
    // A choice spread in pairs needs two witnesses: a least cap of 1 can rise to 2 (jdtrace adds them only for a
    // cap below the least cap, so never then).
    assertThat(least).isLessThanOrEqualTo(Math.max(2, before.minimumCap()));
    Statistics.label("witnesses added").collect(plan.witnesses().cardinality() > optimal.witnesses().cardinality());
    Statistics.label("least cap lowered").collect(least < before.minimumCap());
    final int cap = least + Math.max(0, distributor.largestUnit() - least) * capPercent * capPercent / 10_000;
    final List<BitSet> split = distributor.split(sessions, cap, plan.blockWeights());
    assertThat(split).allSatisfy(s -> assertThat(s.cardinality()).isLessThanOrEqualTo(cap));
    assertEveryExecutionMergesBack(c, exceptions, split, plan, "cap " + cap + " (least " + least + ")");
    // Measured over 150 tries (rooms of 2-12): witnesses added in 53-61%, the least cap lowered in 53-55%.
    Statistics.label("witnesses added").coverage(k -> k.check(true).percentage(p -> p >= 20));
    Statistics.label("least cap lowered").coverage(k -> k.check(true).percentage(p -> p >= 15));
  }

  /** The witnesses of a choice's two largest candidates. */
  private static int twoLargest(final int[][] candidates) {
    final int[] sizes = Arrays.stream(candidates).mapToInt(c -> (int) Arrays.stream(c).filter(w -> w >= 0).count())
        .sorted().toArray();
    return Arrays.stream(sizes).skip(Math.max(0, sizes.length - 2)).sum();
  }

  /** Walks every execution of the case over the split's streams and asserts the true path comes back. */
  private static void assertEveryExecutionMergesBack(final WalkerPropertiesTest.Case c, final boolean exceptions,
      final List<BitSet> split, final IcfgPlanner.Result plan, final String what) {
    final List<IcfgModel> models = split.stream().map(w -> new IcfgModel(c.structure(), w)).toList();
    for (final Simulator.Execution e : c.executions(exceptions)) {
      final List<ThreadStream> streams = new ArrayList<>();
      for (final BitSet w : split) {
        streams.add(new ThreadStream("t", -1, 0, e.stream(w), e.exceptions()));
      }
      try {
        final int[] decoded = new Walker(models, "t", streams).decode();
        if (!Arrays.equals(decoded, e.path())) {
          fail("%s, %d sessions %s decoded %s%n  true %s%n%s", what, split.size(), split,
              Arrays.toString(decoded), e, c.generated().dump(plan.witnesses()));
        }
      } catch (final ReconstructionException | IllegalStateException | IndexOutOfBoundsException x) {
        fail("%s, %d sessions %s: %s%n  true %s%n%s", what, split.size(), split, x.getMessage(), e,
            c.generated().dump(plan.witnesses()));
      }
    }
  }

  /**
   * A choice's witnesses all together, with the unit's shared ones (the callbacks' first witnesses, which a
   * choice over the callbacks holds as candidates): more than the cap means a pair cover.
   */
  private static int wholeSize(final DecisionUnits groups, final DecisionUnits.Unit u,
      final DecisionUnits.Choice choice) {
    final BitSet all = new BitSet();
    Arrays.stream(choice.core()).forEach(all::set);
    for (final int[] candidate : choice.candidates()) {
      Arrays.stream(candidate).forEach(all::set);
    }
    if (choice.overCallbacks()) {
      groups.callbackCandidates().forEach(c -> Arrays.stream(c).forEach(all::set));
      return all.cardinality();
    }
    return all.cardinality() + u.shared().length;
  }

  /**
   * A shape the property found once sessions carried only their own cycle breakers (#14) while exceptions may
   * unwind into untraced code (#18): an exception thrown in a callback that a class initialiser's untraced
   * call made is placed only if WitnessFreePaths.reaches goes into the initialisers a block starts.
   */
  @Example
  void exceptionInACallbackOfAClassInitialiserMergesBack() {
    final List<Integer> recipe = List.of(
        10, 0, 16, 3, 2, 39, 18, 24, 61, 26, 2, 1, 25, 11, 34, 26, 1, 58, 31, 3, 3, 0, 16, 2, 41, 46, 52, 32, 5,
        14, 7, 3, 3, 2, 16, 5, 1, 22, 5, 11, 0, 1, 45, 39, 53, 6, 24, 1, 43, 1, 10, 1, 4, 19, 2, 22, 12, 40, 5,
        5, 3, 0, 1, 13, 1, 52, 34, 1, 11, 14, 2, 0, 34, 2, 15, 11, 14, 16, 17, 2, 52, 3, 4, 33, 38, 59, 13, 49,
        1, 30, 8, 2, 28, 33, 49, 20, 3, 5, 13, 60, 12, 0, 15, 15, 12, 16, 18, 11, 2, 16, 1, 0, 52, 14, 14, 6,
        26, 3, 3, 18, 35, 13, 11, 10, 47, 20, 0, 20, 4, 50, 21, 11, 20, 12, 4, 17, 18, 33, 0, 60, 61, 13, 2, 0,
        31, 35, 17, 3, 6, 9, 3, 12, 11, 20, 2, 5, 16, 5, 38, 16, 44);
    everySplitMergesBackToEveryExecution(recipe, true, false, true, 5, Strategy.FINE, 0);
  }

  /*
   * The seed's figures assume one run of the function. Here untraced code may call main again, which closes a
   * cycle through every choice of the function: so the figure is a method f that main (block 0, a witness, the
   * cycle's breaker) calls, and a session deciding f's choices carries block 0 too (Theorem 1). Blocks: main 0
   * (call f), 1 (return); f's b_k is block k + 1.
   */

  /**
   * Seed Fig. 1 stand-in, {@code b1; do { if (b2) b3 else b4; } while (b5); b6}. Splitting the arms {{b3}, {b4}}
   * loses their order: "then, else" and "else, then" give the same streams, so the walk reports an ambiguity,
   * and the decision units keep b3 and b4 together.
   */
  @Example
  void fig1SplittingTheArmsIsRejected() {
    final Program p = inMain(
        WalkerCounterexamplesTest.b(0, BlockEnd.FALLTHROUGH, 1),
        WalkerCounterexamplesTest.b(1, BlockEnd.BRANCH, 2, 3),
        WalkerCounterexamplesTest.b(2, BlockEnd.GOTO, 4),
        WalkerCounterexamplesTest.b(3, BlockEnd.FALLTHROUGH, 4),
        WalkerCounterexamplesTest.b(4, BlockEnd.BRANCH, 1, 5),
        WalkerCounterexamplesTest.b(5, BlockEnd.RETURN));
    assertRejected(p, List.of(bits(0), bits(4), bits(5)));
    assertThat(DecisionUnits.of(new IcfgModel(WalkerCounterexamplesTest.structure(p), bits(0, 4, 5))).units())
        .anyMatch(u -> u.holds(4) && u.holds(5));
    // {{b3,b2},{b4,b2}}: b2 marks every iteration, so each session alone decides its arm.
    assertAccepted(p, List.of(bits(4, 3, 0), bits(5, 3, 0)));
  }

  /**
   * Seed Fig. 2 stand-in, {@code b1; while (b2) { while (b3) b4; b5; } b6}: {{b4}, {b5}} loses how many inner
   * iterations each outer one ran; keeping the outer latch with the inner body, {{b4,b5},{b5}}, decodes.
   */
  @Example
  void fig2SplittingInnerAndOuterLoopIsRejected() {
    final Program p = inMain(
        WalkerCounterexamplesTest.b(0, BlockEnd.FALLTHROUGH, 1),
        WalkerCounterexamplesTest.b(1, BlockEnd.BRANCH, 2, 5),
        WalkerCounterexamplesTest.b(2, BlockEnd.BRANCH, 3, 4),
        WalkerCounterexamplesTest.b(3, BlockEnd.GOTO, 2),
        WalkerCounterexamplesTest.b(4, BlockEnd.GOTO, 1),
        WalkerCounterexamplesTest.b(5, BlockEnd.RETURN));
    assertRejected(p, List.of(bits(0), bits(5), bits(6)));
    assertThat(DecisionUnits.of(new IcfgModel(WalkerCounterexamplesTest.structure(p), bits(0, 5, 6))).units())
        .anyMatch(u -> u.holds(5) && u.holds(6));
    assertAccepted(p, List.of(bits(5, 6, 0), bits(6, 0)));
  }

  /** A program whose main calls f, the figure. */
  private static Program inMain(final dev.jdtrace.plan.model.Block... figure) {
    return WalkerCounterexamplesTest.program(WalkerCounterexamplesTest.cls("g.C00", List.of(),
        WalkerCounterexamplesTest.method("g.C00", "main", GeneratedProgram.MAIN_DESC,
            WalkerCounterexamplesTest.call(0, new dev.jdtrace.plan.model.CallSite(
                dev.jdtrace.plan.model.CallSite.Kind.STATIC, "g.C00", "f", "()V")),
            WalkerCounterexamplesTest.b(1, BlockEnd.RETURN)),
        WalkerCounterexamplesTest.method("g.C00", "f", "()V", figure)));
  }

  private static List<Simulator.Execution> executions(final Program p) {
    final List<Simulator.Execution> runs = new Simulator(new GeneratedProgram(p), false, 10_000).enumerate(16, 6,
        2_000, 200);
    assertThat(runs).hasSizeGreaterThan(10);
    return runs;
  }

  /** Every execution merges back exactly from the split's streams. */
  private static void assertAccepted(final Program p, final List<BitSet> split) {
    final IcfgModel.Structure s = WalkerCounterexamplesTest.structure(p);
    final List<IcfgModel> models = split.stream().map(w -> new IcfgModel(s, w)).toList();
    for (final Simulator.Execution e : executions(p)) {
      assertThat(new Walker(models, "t", streams(split, e)).decode()).as("%s", e).containsExactly(e.path());
    }
  }

  /**
   * Two executions give the same streams, so no decoder can tell them apart; the walk reports an ambiguity on
   * them and never returns a wrong path.
   */
  private static void assertRejected(final Program p, final List<BitSet> split) {
    final IcfgModel.Structure s = WalkerCounterexamplesTest.structure(p);
    final List<IcfgModel> models = split.stream().map(w -> new IcfgModel(s, w)).toList();
    final Map<String, Simulator.Execution> byStreams = new HashMap<>();
    int collisions = 0;
    int ambiguous = 0;
    for (final Simulator.Execution e : executions(p)) {
      final String key = split.stream().map(w -> Arrays.toString(e.stream(w))).toList().toString();
      if (byStreams.putIfAbsent(key, e) != null) {
        collisions++;
      }
      try {
        assertThat(new Walker(models, "t", streams(split, e)).decode()).as("%s", e).containsExactly(e.path());
      } catch (final ReconstructionException x) {
        assertThat(x.getMessage()).contains("ambiguous");
        ambiguous++;
      }
    }
    assertThat(collisions).as("executions with the same streams").isPositive();
    assertThat(ambiguous).as("executions the walk calls ambiguous").isPositive();
  }

  private static List<ThreadStream> streams(final List<BitSet> split, final Simulator.Execution e) {
    return split.stream().map(w -> new ThreadStream("t", -1, 0, e.stream(w), e.exceptions())).toList();
  }
}
