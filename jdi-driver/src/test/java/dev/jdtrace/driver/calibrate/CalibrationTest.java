package dev.jdtrace.driver.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.jdtrace.distributor.cost.CostModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cost model's arithmetic on given loop times (how fast this machine is, the test cannot know), and one
 * real measurement's plumbing: the target runs under the debugger and the model said is the model returned.
 */
class CalibrationTest {
  private static final double BARE = 2e6;

  /** The loop time of a target whose hits cost {@code c0} µs plus {@code c1} µs per further breakpoint. */
  private static double loop(final double c0, final double c1, final int breakpoints) {
    return BARE + Calibration.HITS * (c0 + c1 * (breakpoints - 1)) * 1000.0;
  }

  @Test
  void fitRecoversTheCostsOfSyntheticMeasurements() {
    final CostModel model = Calibration.fit(BARE, loop(10, 0.05, 1), loop(10, 0.05, 1 + Calibration.EXTRA), 400,
        1.24);
    assertThat(model.c0Micros()).isCloseTo(10, within(1e-9));
    assertThat(model.c1Micros()).isCloseTo(0.05, within(1e-12));
    assertThat(model.launchMillis()).isEqualTo(400);
    assertThat(model.parallelGain()).isEqualTo(1.24);
    assertThat(model.machine()).isEqualTo(Calibration.machine());
  }

  @Test
  void fitClampsWhatNoiseMakesNegative() {
    // One breakpoint measured no slower than none, and 501 faster than one: noise, not free hits.
    final CostModel model = Calibration.fit(BARE, BARE - 1e5, BARE - 2e5, 400, 1.0);
    assertThat(model.c0Micros()).isEqualTo(0.1);
    assertThat(model.c1Micros()).isEqualTo(0.0);
    // Just above the floor, the measurement stands.
    assertThat(Calibration.fit(BARE, loop(0.2, 0, 1), loop(0.2, 0, 1), 400, 1.0).c0Micros())
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
        + "%.0f ms per launch, %.2f× throughput with %d sessions at once", model.c0Micros(), model.c1Micros(),
        model.launchMillis(), model.parallelGain(), Runtime.getRuntime().availableProcessors()));
    assertThat(model.machine()).isEqualTo(Calibration.machine());
  }
}
