package dev.jdtrace.collect.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** An attach's decisions at its cut and its last look, from where the threads stand. */
class CutRulesTest {
  private static final ThreadStanding OUTSIDE = new ThreadStanding(ThreadStanding.Kind.OUTSIDE, new int[0], null);
  private static final ThreadStanding RUNNING = new ThreadStanding(ThreadStanding.Kind.RUNNING, new int[0], null);
  private static final ThreadStanding AT_REST =
      new ThreadStanding(ThreadStanding.Kind.AT_REST, new int[] {3, -1}, null);

  @Test
  void aThreadRunningATracedBlockMakesTheCutLookAgainWhileLooksAreLeft() {
    assertThat(CutRules.looksAgain(List.of(OUTSIDE, RUNNING), 1, false)).isTrue();
    assertThat(CutRules.looksAgain(List.of(OUTSIDE, RUNNING), Attachment.LOOKS - 1, false)).isTrue();
    assertThat(CutRules.looksAgain(List.of(OUTSIDE, RUNNING), Attachment.LOOKS, false)).as("the last look").isFalse();
  }

  @Test
  void threadsAtRestOrOutsideTracedCodeLetTheCutProceed() {
    assertThat(CutRules.looksAgain(List.of(OUTSIDE, AT_REST, AT_REST), 1, false)).isFalse();
  }

  @Test
  void aWithinSessionCutsWhateverRuns() {
    assertThat(CutRules.looksAgain(List.of(RUNNING), 1, true)).isFalse();
  }

  @Test
  void ownBreakpointsAreOnePerThreadAtRestPlusTheWindows() {
    assertThat(CutRules.ownBreakpoints(List.of(AT_REST, OUTSIDE, AT_REST, RUNNING), 0)).isEqualTo(2);
    assertThat(CutRules.ownBreakpoints(List.of(AT_REST), 4)).isEqualTo(5);
  }

  @Test
  void theBudgetHoldsUpToItsCapIncluded() {
    assertThat(CutRules.overBudget(8, 2, 10)).isFalse();
    assertThat(CutRules.overBudget(8, 3, 10)).isTrue();
    assertThat(CutRules.overBudget(Integer.MAX_VALUE, 1, Integer.MAX_VALUE)).as("no int overflow").isTrue();
  }

  @Test
  void everyThreadButARunningOneGetsAFence() {
    assertThat(CutRules.getsFence(OUTSIDE)).isTrue();
    assertThat(CutRules.getsFence(AT_REST)).isTrue();
    assertThat(CutRules.getsFence(RUNNING)).isFalse();
  }

  @Test
  void aThreadAtRestIsPlacedByItsStackOnlyWithItsFenceAndARunningOneAlways() {
    assertThat(CutRules.placedByStack(AT_REST, true)).isTrue();
    assertThat(CutRules.placedByStack(AT_REST, false)).as("its fence failed: it ended").isFalse();
    assertThat(CutRules.placedByStack(RUNNING, false)).as("left out").isTrue();
    assertThat(CutRules.placedByStack(OUTSIDE, true)).isFalse();
  }

  @Test
  void theLastLookGivesDetachFencesOnlyOnceEveryEventBeforeTheCutCameAndNotWhenForcedOrWithin() {
    assertThat(CutRules.marksDetach(false, false, true, true)).isTrue();
    assertThat(CutRules.marksDetach(false, false, false, false)).as("no cut fence pending").isTrue();
    assertThat(CutRules.marksDetach(false, false, false, true)).as("events before the cut may be on their way")
        .isFalse();
    assertThat(CutRules.marksDetach(true, false, true, false)).as("forced").isFalse();
    assertThat(CutRules.marksDetach(false, true, true, false)).as("--within").isFalse();
  }
}
