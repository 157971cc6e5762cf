package dev.jdtrace.distribute.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.jdtrace.plan.cost.CostModel;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class CostModelTest {
  private static final BitSet ALL = new BitSet();

  static {
    ALL.set(0, 100_000);
  }

  private static final CostModel DESIGN = new CostModel(10, 0.07, 400, 1.24, "test");

  @Test
  void sessionCostFollowsTheMeasuredFormula() {
    // DESIGN §3: 500 breakpoints ≈ 60 µs per hit; 28,000 ≈ 2 ms per hit.
    assertThat(DESIGN.sessionMillis(1000, 500)).isCloseTo(1000 * (10 + 0.07 * 499) / 1000 + 400, within(1e-9));
    assertThat(DESIGN.sessionMillis(1000, 28_000) - 400).isCloseTo(1970, within(1.0));
  }

  /** 10 µs per hit, 0.07 µs per hit per further breakpoint, 200 µs per breakpoint set, 0.01 µs per interpreted entry. */
  private static final CostModel FULL = new CostModel(10, 0.07, 200, 0.01, 400, 1.25, "test");

  @Test
  void sessionCostAddsSettingTheBreakpointsAndTheEntriesTheyKeepInterpreted() {
    // 400 ms launch + 500 × 0.2 ms set + 1,000 hits × (10 + 0.07 × 499) µs + 1e6 entries × 0.01 µs.
    assertThat(FULL.sessionMillis(1000, 500, 1e6)).isCloseTo(400 + 100 + 44.93 + 10, within(1e-9));
    // No interpreted entries: the same without that term.
    assertThat(FULL.sessionMillis(1000, 500)).isCloseTo(400 + 100 + 44.93, within(1e-9));
  }

  @Test
  void theProgramsOwnRunReplacesTheTrivialLaunchButNeverLowersIt() {
    assertThat(FULL.forProgram(2500).launchMillis()).isEqualTo(2500);
    assertThat(FULL.forProgram(2500).sessionMillis(0, 0)).isEqualTo(2500);
    // A first run faster than the trivial program's (noise, a warm disk) keeps the calibrated launch.
    assertThat(FULL.forProgram(100)).isEqualTo(FULL);
    assertThat(FULL.forProgram(Double.NaN)).isEqualTo(FULL);
    // Only the launch changes.
    assertThat(FULL.forProgram(2500).sessionMillis(1000, 500, 1e6) - FULL.sessionMillis(1000, 500, 1e6))
        .isCloseTo(2100, within(1e-9));
  }

  @Test
  void aSessionBesideOthersTakesAsLongAsTheCoresLetIt() {
    // Two at once give 1.25× the throughput of one: each takes 2 / 1.25 = 1.6× its time alone.
    assertThat(FULL.sharing(2)).isCloseTo(1.6, within(1e-12));
    assertThat(FULL.sharing(1)).isEqualTo(1.0);
    // A gain above the sessions at once cannot make a session faster than alone.
    assertThat(new CostModel(10, 0.07, 200, 0.01, 400, 3.0, "test").sharing(2)).isEqualTo(1.0);
  }

  @Test
  void aSessionThatOutlastsTheOthersRunsItsTailAlone() {
    // 1,000 and 400 ms alone on two workers at 1.25×: both at 1 / 1.6 until the short one ends at 640 ms, when
    // the long one has done 400 ms; its remaining 600 ms run alone. Walls: 1,240 and 640; the run ends at 1,240.
    final CostModel.Schedule s = FULL.schedule(List.of(1000.0, 400.0), 2);
    assertThat(s.sessionMillis().get(0)).isCloseTo(1240, within(1e-9));
    assertThat(s.sessionMillis().get(1)).isCloseTo(640, within(1e-9));
    assertThat(s.wallMillis()).isCloseTo(1240, within(1e-9));
    // Three on two workers, heaviest first: 1,000 and 600 start; at 960 the 600 ends (1,000 has done 600); the
    // 300 starts, both at 1 / 1.6: the 300 ends at 960 + 480 = 1,440 (1,000 has 100 left), which then takes 100.
    final CostModel.Schedule t = FULL.schedule(List.of(300.0, 1000.0, 600.0), 2);
    assertThat(t.sessionMillis().get(0)).isCloseTo(480, within(1e-9));
    assertThat(t.sessionMillis().get(1)).isCloseTo(1540, within(1e-9));
    assertThat(t.sessionMillis().get(2)).isCloseTo(960, within(1e-9));
    assertThat(t.wallMillis()).isCloseTo(1540, within(1e-9));
    final Prediction p = Prediction.of(FULL, List.of(bits(0, 10), bits(10, 20)), new double[20], ALL, 2);
    assertThat(p.sessionWallMillis(1)).isEqualTo(FULL.schedule(p.sessionMillis(), 2).sessionMillis().get(1));
  }

  @Test
  void aSessionsWalkIsSharedAsTheRestOfItsTime() {
    // Two twins whose time is mostly walk (1,000 hits over 10 breakpoints of c1 each): beside each other, each takes
    // sharing(2) times its time alone, walk and all.
    final double[] hits = new double[20];
    java.util.Arrays.fill(hits, 100);
    final Prediction p = Prediction.of(FULL, List.of(bits(0, 10), bits(10, 20)), hits, ALL, 2);
    assertThat(p.sessionWallMillis(0)).isCloseTo(FULL.sharing(2) * p.sessionMillis().get(0), within(1e-9));
    assertThat(p.wallMillis()).isCloseTo(FULL.sharing(2) * p.sessionMillis().get(0), within(1e-9));
  }

  @Test
  void interpretedEntriesAreCountedOverTheBreakpointsSetOnly() {
    final BitSet loaded = bits(0, 5);
    final List<BitSet> seen = new ArrayList<>();
    final Prediction p = Prediction.of(FULL, List.of(bits(0, 10)), new double[10], loaded, set -> {
      seen.add((BitSet) set.clone());
      return 1e6;
    }, 1);
    assertThat(seen).containsExactly(loaded);
    assertThat(p.sessionMillis().get(0)).isCloseTo(FULL.sessionMillis(0, 5, 1e6), within(1e-9));
  }

  @Test
  void dearerLaunchesAskForFewerSessions() {
    // The same hits: with a trivial program's launch a split pays, with a launch of 10 s it does not.
    final double[] hits = new double[200];
    java.util.Arrays.fill(hits, 100);
    final CostModel cheap = new CostModel(10, 0.5, 0, 0, 100, 1.25, "test");
    assertThat(SessionCount.choose(cheap, n -> roundRobin(0, 200, n), hits, ALL, 2).sessions()).hasSizeGreaterThan(1);
    assertThat(SessionCount.choose(cheap.forProgram(10_000), n -> roundRobin(0, 200, n), hits, ALL, 2).sessions())
        .hasSize(1);
  }

  private static BitSet bits(final int from, final int to) {
    final BitSet b = new BitSet();
    b.set(from, to);
    return b;
  }

  @Test
  void oneWorkerRunsSessionsOneAfterAnother() {
    assertThat(DESIGN.wallMillis(List.of(100.0, 200.0, 300.0), 1)).isEqualTo(600.0);
  }

  @Test
  void twoWorkersOnTwoCoresGainOnlyWhatWasMeasured() {
    // Two equal sessions: the schedule alone says 1000, but the cores give only 1.24× throughput.
    assertThat(DESIGN.wallMillis(List.of(1000.0, 1000.0), 2)).isCloseTo(2000 / 1.24, within(1e-9));
  }

  @Property
  void wallTimeIsBoundedByTheLongestSessionAndTheSerialSum(
      @ForAll @Size(min = 1, max = 12) List<@DoubleRange(min = 0, max = 1e6) Double> sessions,
      @ForAll @IntRange(min = 1, max = 8) int workers,
      @ForAll @DoubleRange(min = 1, max = 8) double gain) {
    final CostModel m = new CostModel(10, 0.05, 300, gain, "test");
    final double wall = m.wallMillis(sessions, workers);
    assertBetweenTheLongestAndTheSerialSum(wall, sessions);
    assertThat(wall).isLessThanOrEqualTo(m.wallMillis(sessions, 1) + 1e-6);
  }

  private static void assertBetweenTheLongestAndTheSerialSum(final double wall, final List<Double> sessions) {
    final double sum = sessions.stream().mapToDouble(Double::doubleValue).sum();
    final double longest = sessions.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    assertThat(wall).isGreaterThanOrEqualTo(longest - 1e-6).isLessThanOrEqualTo(sum + 1e-6);
  }

  @Property
  void theChosenNumberOfSessionsIsTheCheapestOfThoseTried(
      @ForAll @Size(min = 1, max = 40) List<@DoubleRange(min = 0, max = 1e5) Double> jobHits,
      @ForAll @IntRange(min = 0, max = 30) int shared,
      @ForAll @IntRange(min = 1, max = 5) int workers,
      @ForAll @DoubleRange(min = 0, max = 5) double c1) {
    final CostModel m = new CostModel(5, c1, 300, 1.3, "test");
    final double[] weight = new double[shared + jobHits.size()];
    for (int j = 0; j < jobHits.size(); j++) {
      weight[shared + j] = jobHits.get(j);
    }
    // The counts are split on several threads at once.
    final List<Double> tried = java.util.Collections.synchronizedList(new ArrayList<>());
    final SessionCount.Choice choice = SessionCount.choose(m, n -> {
      final List<BitSet> s = roundRobin(shared, jobHits.size(), n);
      tried.add(Prediction.of(m, s, weight, ALL, workers).wallMillis());
      return s;
    }, weight, ALL, workers);
    assertThat(choice.prediction().wallMillis()).isEqualTo(tried.stream().min(Double::compare).orElseThrow());
    assertThat(choice.sessions()).hasSizeLessThanOrEqualTo(SessionCount.MAX_PER_WORKER * workers);
  }

  @Property
  void theChosenCapIsTheCheapestOfThoseTriedWithinTheMostSessions(
      @ForAll @Size(min = 1, max = 30) List<@DoubleRange(min = 0, max = 1e5) Double> jobHits,
      @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 1, max = 30) Integer> caps,
      @ForAll @IntRange(min = 1, max = 3) int workers) {
    final CostModel m = new CostModel(5, 0.5, 300, 1.3, "test");
    final double[] weight = jobHits.stream().mapToDouble(Double::doubleValue).toArray();
    // Per cap, the cheapest of its session counts (as the one-cap choice makes it) and its number of sessions.
    final List<double[]> perCap = new ArrayList<>();
    final SessionCount.Choice choice = SessionCount.choose(m, caps, cap -> {
      perCap.add(new double[] {Double.POSITIVE_INFINITY, 0});
      final double[] best = perCap.get(perCap.size() - 1);
      return n -> {
        // A cap c deals the jobs over at least ⌈jobs / c⌉ sessions.
        final List<BitSet> s = roundRobin(0, jobHits.size(), Math.max(n, (jobHits.size() + cap - 1) / cap));
        final double wall = Prediction.of(m, s, weight, ALL, workers).wallMillis();
        synchronized (best) { // the counts are split on several threads at once
          if (wall < best[0]) {
            best[0] = wall;
            best[1] = s.size();
          }
        }
        return s;
      };
    }, weight, ALL, workers);
    double expected = perCap.get(0)[0];
    for (final double[] c : perCap.subList(1, perCap.size())) {
      if (c[1] <= SessionCount.most(workers)) {
        expected = Math.min(expected, c[0]);
      }
    }
    assertThat(choice.prediction().wallMillis()).isEqualTo(expected);
  }

  @Test
  void hitHeavyPlansWithDearBreakpointsSplitAndLightOnesDoNot() {
    final double[] heavy = new double[2000];
    java.util.Arrays.fill(heavy, 1000);
    final double[] light = new double[2000];
    java.util.Arrays.fill(light, 0.01);
    assertThat(SessionCount.choose(DESIGN, n -> roundRobin(0, 2000, n), heavy, ALL, 2).sessions()).hasSizeGreaterThan(1);
    assertThat(SessionCount.choose(DESIGN, n -> roundRobin(0, 2000, n), light, ALL, 2).sessions()).hasSize(1);
  }

  @Test
  void breakpointsInClassesThatNeverLoadCostNothing() {
    final BitSet session = new BitSet();
    session.set(0, 1000);
    final BitSet loaded = new BitSet();
    loaded.set(0, 10);
    final double[] weight = new double[1000];
    weight[0] = 1000;
    assertThat(Prediction.of(DESIGN, List.of(session), weight, loaded, 1).sessionMillis().get(0))
        .isEqualTo(DESIGN.sessionMillis(1000, 10));
  }

  /** {@code jobs} one-witness jobs dealt over n sessions, each also carrying the shared witnesses 0..shared-1. */
  private static List<BitSet> roundRobin(final int shared, final int jobs, final int n) {
    final List<BitSet> sessions = new ArrayList<>();
    for (int i = 0; i < Math.min(n, Math.max(1, jobs)); i++) {
      final BitSet s = new BitSet();
      s.set(0, shared);
      sessions.add(s);
    }
    for (int j = 0; j < jobs; j++) {
      sessions.get(j % sessions.size()).set(shared + j);
    }
    return sessions;
  }
}
