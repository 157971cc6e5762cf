package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CostModelsTest {

  @Test
  void aProvisionalModelIsMeasuredAgainOnlyOnAnIdleMachineAndNotAtOnce() {
    final Duration old = CostModels.PROVISIONAL.plusSeconds(1);
    assertThat(CostModels.measureAgain(false, old)).isTrue();
    assertThat(CostModels.measureAgain(true, old)).as("still busy: the figures would be as skewed").isFalse();
    assertThat(CostModels.measureAgain(false, Duration.ofSeconds(30)))
        .as("repeats that keep disagreeing must not calibrate every run").isFalse();
  }
}
