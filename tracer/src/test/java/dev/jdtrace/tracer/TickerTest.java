package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A long step says it is still running, with its state, and stops saying it once closed. */
class TickerTest {
  @Test
  void aLongStepSaysItStillRunsUntilClosed() throws Exception {
    final List<String> lines = new CopyOnWriteArrayList<>();
    final CountDownLatch two = new CountDownLatch(2);
    final Ticker ticker = Ticker.start("sessions", () -> "1 of 3 done", line -> {
      lines.add(line);
      two.countDown();
    }, 20);
    try (ticker) {
      assertThat(two.await(30, TimeUnit.SECONDS)).as("two lines said").isTrue();
    }
    assertThat(ticker.awaitStopped()).as("stopped once closed").isTrue();
    final int said = lines.size();
    assertThat(lines.get(0)).matches("sessions: still running after \\d+ s \\(1 of 3 done\\)");
    // Stopped: no line is pending, so none comes however long the program that ran it goes on.
    assertThat(ticker.awaitStopped()).isTrue();
    assertThat(lines).hasSize(said);
  }

  @Test
  void aShortStepSaysNothing() {
    final List<String> lines = new CopyOnWriteArrayList<>();
    try (Ticker ticker = Ticker.start("first run", () -> "", lines::add)) {
      assertThat(ticker).isNotNull();
    }
    assertThat(lines).isEmpty();
  }
}
