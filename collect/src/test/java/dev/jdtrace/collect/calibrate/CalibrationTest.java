package dev.jdtrace.collect.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.jdtrace.plan.cost.CostModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cost model's arithmetic on given loop times (how fast this machine is, the test cannot know), and one
 * real measurement's plumbing: the target runs under the debugger and the model said is the model returned.
 */
class CalibrationTest {
  private static final double BARE_LOOP = 2e6;
  private static final double BARE_WORK = 3e6;
  private static final double BARE_STOPS = 1e5;
  private static final Calibration.Run BARE = new Calibration.Run(BARE_LOOP, BARE_WORK, BARE_STOPS, 0);

  /**
   * A run of a target whose hits cost {@code c0} µs plus {@code c1} µs per further breakpoint, whose setting
   * costs {@code set} µs each, whose interpreted block entries cost {@code interpreted} µs more and whose stops
   * cost {@code stop} µs more than a hit.
   */
  private static Calibration.Run run(final double c0, final double c1, final double set, final double interpreted,
      final double stop, final int breakpoints) {
    // With any breakpoint, the work method's entry holds one more (each call a hit, every loop entry interpreted),
    // and the stop method's a suspending one (each call a hit and a stop).
    return new Calibration.Run(BARE_LOOP + Calibration.HITS * (c0 + c1 * (breakpoints - 1)) * 1000.0,
        BARE_WORK + (CalibrationTarget.WORK_CALLS * c0 + Calibration.WORK_ENTRIES * interpreted) * 1000.0,
        BARE_STOPS + CalibrationTarget.STOPS * (c0 + stop) * 1000.0, (breakpoints + 2) * set * 1000.0);
  }

  private static Calibration.Run run(final double c0, final double c1, final int breakpoints) {
    return run(c0, c1, 0, 0, 0, breakpoints);
  }

  @Test
  void fitRecoversTheCostsOfSyntheticMeasurements() {
    final CostModel model = Calibration.fit(BARE, run(10, 0.05, 200, 0.02, 150, 1),
        run(10, 0.05, 200, 0.02, 150, 1 + Calibration.EXTRA), 400, 1.24);
    assertThat(model.c0Micros()).isCloseTo(10, within(1e-9));
    assertThat(model.c1Micros()).isCloseTo(0.05, within(1e-12));
    assertThat(model.setMicros()).isCloseTo(200, within(1e-9));
    assertThat(model.interpretedMicros()).isCloseTo(0.02, within(1e-12));
    assertThat(model.stopMicros()).isCloseTo(150, within(1e-9));
    assertThat(model.launchMillis()).isEqualTo(400);
    assertThat(model.parallelGain()).isEqualTo(1.24);
    assertThat(model.machine()).isEqualTo(Calibration.machine());
  }

  @Test
  void fitClampsWhatNoiseMakesNegative() {
    // One breakpoint measured no slower than none, and 501 faster than one: noise, not free hits.
    // The interpreted work measured faster than the compiled: noise too.
    final Calibration.Run faster = new Calibration.Run(BARE_LOOP - 1e5, BARE_WORK - 1e5, BARE_STOPS - 1e4, 0);
    final CostModel model = Calibration.fit(BARE, faster, new Calibration.Run(BARE_LOOP - 2e5, BARE_WORK, BARE_STOPS, 0),
        400, 1.0);
    assertThat(model.c0Micros()).isEqualTo(0.1);
    assertThat(model.c1Micros()).isEqualTo(0.0);
    assertThat(model.setMicros()).isEqualTo(0.0);
    assertThat(model.interpretedMicros()).isEqualTo(0.0);
    assertThat(model.stopMicros()).isEqualTo(0.0);
    // Just above the floor, the measurement stands.
    assertThat(Calibration.fit(BARE, run(0.2, 0, 1), run(0.2, 0, 1), 400, 1.0).c0Micros())
        .isCloseTo(0.2, within(1e-9));
  }

  @Test
  void gainIsTheThroughputOfSessionsAtOnceAndAtLeastOne() {
    // Two sessions at once, each as fast as one alone: twice the throughput.
    assertThat(Calibration.gain(100, 2, 100)).isEqualTo(2.0);
    // Each 1.6× slower than alone (DESIGN §3's 2 cores): 1.25×.
    assertThat(Calibration.gain(100, 2, 160)).isEqualTo(1.25);
    // Slower together than one by one: running them one by one is always possible.
    assertThat(Calibration.gain(100, 2, 300)).isEqualTo(1.0);
    assertThat(Calibration.gain(100, 4, 200)).isEqualTo(2.0);
  }

  @Test
  void measureSaysTheModelItReturns() {
    final List<String> progress = new ArrayList<>();
    final CostModel model = Calibration.measure(progress::add);
    assertThat(progress).hasSize(2);
    assertThat(progress.get(0)).startsWith("calibrating the cost model for this machine");
    assertThat(progress.get(1)).isEqualTo(String.format("cost model: %.1f µs per hit + %.3f µs per breakpoint set, "
        + "%.0f µs to set a breakpoint, %.3f µs per block entry kept interpreted, %.0f µs per stop of a thread, "
        + "%.0f ms per launch, %.2f× throughput with %d sessions at once", model.c0Micros(), model.c1Micros(),
        model.setMicros(), model.interpretedMicros(), model.stopMicros(), model.launchMillis(), model.parallelGain(),
        Runtime.getRuntime().availableProcessors()));
    assertThat(model.machine()).isEqualTo(Calibration.machine());
  }
}
