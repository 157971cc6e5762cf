package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.distribute.Plan;
import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.ThreadStream;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hits a run took, kept when they missed its prediction, and the next prediction weighed by them. */
class LearnedHitsTest {
  /** 10 µs per hit, 0.07 µs per further breakpoint, 200 µs to set one, a launch of 400 ms. */
  private static final CostModel MODEL = new CostModel(10, 0.07, 200, 0, 400, 1.25, "test");

  private static SessionResult measured(final long hits) {
    return new SessionResult(0, 0, "", 1, 1, hits, 1000, List.of());
  }

  @Test
  void hitsMissWhenTheyMoveTheirSessionsPredictionOutOfOneAndAHalfTimes() {
    // One witness expected 1,000 times: 400 ms launch + 0.2 ms set + 10 ms of hits = 410.2 ms.
    final BitSet one = new BitSet();
    one.set(0);
    final double[] weight = {1000};
    final Prediction p = Prediction.of(MODEL, List.of(one), weight, one, 1);
    assertThat(p.sessionMillis().get(0)).isEqualTo(410.2);
    assertThat(LearnedHits.missed(p, List.of(measured(1000)))).isFalse();
    // 20,000 hits: 600.2 ms, 1.46×; 30,000: 700.2 ms, 1.71×.
    assertThat(LearnedHits.missed(p, List.of(measured(20_000)))).isFalse();
    assertThat(LearnedHits.missed(p, List.of(measured(30_000)))).isTrue();
    // No hit at all: 400.2 ms, hits cheap beside the launch.
    assertThat(LearnedHits.missed(p, List.of(measured(0)))).isFalse();
    // Far fewer hits than expected miss too: 100,000 expected (1,400.2 ms), 1,000 taken (410.2 ms).
    final Prediction over = Prediction.of(MODEL, List.of(one), new double[] {100_000}, one, 1);
    assertThat(LearnedHits.missed(over, List.of(measured(1000)))).isTrue();
  }

  @Test
  void eachWitnessKeepsItsHitsAndTheNextEstimateTakesThemWhereItKnowsThem() {
    final Program program = fixture();
    final int a = 0;
    final int b = program.blockCount() - 1;
    final int c = program.blockCount() / 2;
    // Session 0 holds a and b, session 1 holds b and c; b is hit 3 times in both (one run), a twice, c never.
    final BitSet s0 = new BitSet();
    s0.set(a);
    s0.set(b);
    final BitSet s1 = new BitSet();
    s1.set(b);
    s1.set(c);
    final Plan plan = Plan.of(program, List.of(), ProfileKind.OPTIMAL, List.of(s0, s1));
    final List<SessionStreams> streams = List.of(
        new SessionStreams(plan.id(), 0, List.of(thread(new int[] {a, b, b, a, b}))),
        new SessionStreams(plan.id(), 1, List.of(thread(new int[] {b}), thread(new int[] {b, b}))));
    final Map<String, Long> hits = LearnedHits.of(program, plan, streams);
    assertThat(hits).containsOnly(Map.entry(LearnedHits.key(program, a), 2L), Map.entry(LearnedHits.key(program, b), 3L),
        Map.entry(LearnedHits.key(program, c), 0L));

    final double[] estimate = new double[program.blockCount()];
    java.util.Arrays.fill(estimate, 7);
    final BitSet witnesses = new BitSet();
    witnesses.set(0, program.blockCount());
    final double[] weighed = LearnedHits.weigh(estimate, hits, program, witnesses);
    assertThat(weighed[a]).isEqualTo(2);
    assertThat(weighed[b]).isEqualTo(3);
    assertThat(weighed[c]).isZero();
    // A witness the earlier run did not hold keeps the estimate; the estimate itself is left as it was.
    final int other = program.blockCount() / 2 + 1;
    assertThat(weighed[other]).isEqualTo(7);
    assertThat(estimate[a]).isEqualTo(7);
    assertThat(LearnedHits.weigh(estimate, null, program, witnesses)).containsExactly(estimate);
  }

  private static ThreadStream thread(final int[] hits) {
    return new ThreadStream("main", 0, 0, hits, List.of(), null, false, null);
  }

  private static final String FIXTURE = StaticHitsTest.Fixture.class.getName();

  private static Program fixture() {
    return TracedProgram.load(
        List.of("java", "-cp", Path.of("target", "test-classes").toAbsolutePath().toString(), FIXTURE),
        List.of(FIXTURE), List.of(), s -> { }).program();
  }
}
