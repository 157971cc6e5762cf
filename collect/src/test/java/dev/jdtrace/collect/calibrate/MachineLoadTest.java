package dev.jdtrace.collect.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MachineLoadTest {

  @Test
  void aLoadAverageNearTheCoreCountIsBusy() {
    assertThat(MachineLoad.busy(1.6, 2)).isEqualTo("load average 1.6 on 2 cores");
    assertThat(MachineLoad.busy(6.0, 8)).isNotNull();
    assertThat(MachineLoad.busy(0.4, 2)).isNull();
    assertThat(MachineLoad.busy(-1, 2)).as("no load average on this system").isNull();
  }

  @Test
  void repeatsThatDisagreeSayByHowMuch() {
    assertThat(MachineLoad.disagreement("the cost of a hit", 60e6, 66e6)).isNull();
    // The case of issue 26: 28 µs against the usual 6 for one of the repeats.
    assertThat(MachineLoad.disagreement("the cost of a hit", 60e6, 280e6))
        .isEqualTo("two measurements of the cost of a hit differ 4.7×");
    assertThat(MachineLoad.disagreement("x", 0, 5)).startsWith("two measurements of x differ");
  }
}
