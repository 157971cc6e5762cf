package dev.jdtrace.driver.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.distributor.cost.CostModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationTest {

  @Test
  void measuresThatHitsCostAndThatEveryBreakpointSetMakesThemDearer() {
    final List<String> progress = new ArrayList<>();
    final CostModel model = Calibration.measure(progress::add);
    System.out.println(progress);
    // DESIGN §3 measured ≈10 µs per hit and 0.04–0.1 µs per breakpoint set; the bounds are loose
    // because the machine may be busy, but a zero or absurd figure means the measurement is broken.
    assertThat(model.c0Micros()).isBetween(0.5, 1000.0);
    assertThat(model.c1Micros()).isGreaterThan(0.0).isLessThan(10.0);
    assertThat(model.launchMillis()).isPositive();
    assertThat(model.parallelGain()).isGreaterThanOrEqualTo(1.0);
    assertThat(model.machine()).isEqualTo(Calibration.machine());
    assertThat(progress).hasSize(2);
  }
}
