package dev.jdtrace.plan.icfg;

import static dev.jdtrace.plan.icfg.IcfgFixture.PROGRAM;
import static dev.jdtrace.plan.icfg.IcfgFixture.SHOP;
import static dev.jdtrace.plan.icfg.IcfgFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class IcfgPlannerTest {
  private final IcfgModel.Structure structure = IcfgModel.Structure.of(PROGRAM, List.of());

  private IcfgPlanner.Result plan(final ProfileKind kind) {
    return IcfgPlanner.plan(structure, kind, Weights.staticEstimate());
  }

  @Test
  void everyProfileLeavesNoConflict() {
    for (final ProfileKind kind : ProfileKind.values()) {
      final IcfgPlanner.Result r = plan(kind);
      assertThat(Conflicts.find(r.model(), new double[PROGRAM.blockCount()])).as(kind.label()).isEmpty();
    }
  }

  @Test
  void optimalCostsNoMoreThanConditionTargetsOrAllBlocks() {
    final double optimal = plan(ProfileKind.OPTIMAL).expectedHits();
    assertThat(optimal).isLessThanOrEqualTo(plan(ProfileKind.CONDITION_TARGETS).expectedHits());
    assertThat(plan(ProfileKind.OPTIMAL).witnesses().cardinality())
        .isLessThan(plan(ProfileKind.ALL_BLOCKS).witnesses().cardinality());
  }

  @Test
  void callbacksAreSeenOnEveryRunAndClinitEntriesAreWitnesses() {
    final IcfgPlanner.Result r = plan(ProfileKind.OPTIMAL);
    final BitSet callbacks = r.model().callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      for (final int w : r.model().first().of(PROGRAM.blockId(m, 0))) {
        assertThat(w).as("FIRST of callback %s", PROGRAM.methods().get(m).id()).isGreaterThanOrEqualTo(0);
      }
    }
    assertThat(r.model().isWitness(PROGRAM.blockId(method(SHOP + "$Item", "<clinit>()V"), 0))).isTrue();
  }

  @Test
  void everyRunOfAMethodHitsAWitness() {
    // The exit-to-entry edge: a straight-line helper called twice must show both runs, or an exception
    // thrown in it could not be placed in one of them.
    final IcfgPlanner.Result r = plan(ProfileKind.OPTIMAL);
    final int helper = method(SHOP + "$Apple", "helper(I)I");
    assertThat(r.model().isWitness(PROGRAM.blockId(helper, 0))).isTrue();
    for (int m = 0; m < PROGRAM.methods().size(); m++) {
      final int[] entry = r.model().first().of(PROGRAM.blockId(m, 0));
      assertThat(entry).as("FIRST of %s", PROGRAM.methods().get(m).id()).doesNotContain(FirstSets.EXIT);
    }
  }

  /**
   * A plan of the methods that ran: the others get no witness, and no call, callback or class initialiser
   * enters them; what does run is planned without conflicts.
   */
  @Test
  void methodsThePlanDoesNotLetRunGetNoWitnessAndAreEnteredByNothing() {
    final int helper = method(SHOP + "$Apple", "helper(I)I");
    final BitSet running = new BitSet();
    running.set(0, PROGRAM.methods().size());
    running.clear(helper);
    final IcfgModel.Structure ran = IcfgModel.Structure.of(PROGRAM, new CallResolver(new Hierarchy(PROGRAM), false),
        List.of(), false, new BitSet(), running);
    final IcfgPlanner.Result r = IcfgPlanner.plan(ran, ProfileKind.OPTIMAL, Weights.staticEstimate());
    final int base = PROGRAM.blockId(helper, 0);
    for (int b = base; b < base + PROGRAM.methods().get(helper).blocks().size(); b++) {
      assertThat(r.model().isWitness(b)).as("block %d of helper", b).isFalse();
    }
    assertThat(r.model().isCallback(helper)).isFalse();
    assertThat(ran.sentinels().get(helper)).as("a running method calls helper: its entry holds a sentinel").isTrue();
    for (int b = 0; b < PROGRAM.blockCount(); b++) {
      if (ran.targets()[b] != null) {
        assertThat(ran.targets()[b].traced()).as("targets of block %d", b).doesNotContain(helper);
      }
      assertThat(java.util.Arrays.stream(ran.clinits()[b]).allMatch(running::get)).isTrue();
    }
    assertThat(Conflicts.find(r.model(), new double[PROGRAM.blockCount()])).isEmpty();
    assertThat(plan(ProfileKind.OPTIMAL).model().isWitness(base)).as("helper has a witness when it may run").isTrue();
  }
}
