package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.tracer.RunReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The whole run's prediction beside its measurement, as {@code --stats} writes and prints them. */
class RunStatsTest {
  // jdtrace started in 0.4 s; first run 1.5 s, planning 0.6 s, sessions 3 s (predicted 2 s), decoding 0.2 s.
  private static final RunReport.Phases PHASES = new RunReport.Phases(1500, 600, 3000, 200, 1, false, false, 400);
  private static final RunStats STATS = new RunStats("p", "optimal", 10, 20, 30, 40, 1, 5300, 2000, 0,
      List.of(new RunStats.SessionStats(0, 20, 30, 1, 3000, 25, 2000, 0, List.of())), PHASES,
      RunReport.Evidence.NONE);

  @Test
  void theWholeRunIsJdtracesStartUpAndTheRunAndItsPredictionTakesWhatWasMeasuredBeforeTheSessions() {
    assertThat(STATS.runMillis()).isEqualTo(400 + 5300);
    assertThat(STATS.runPredictedMillis()).isEqualTo(400 + 1500 + 600 + 2000);
  }

  @Test
  void printedFiguresSaySessionsAgainstSessionsAndTheRunAgainstTheRun() {
    final StringWriter text = new StringWriter();
    STATS.print(new PrintWriter(text, true));
    assertThat(text.toString())
        .contains("all sessions: 600 hits × breakpoints, 2.00 s predicted, 3.00 s measured (measured 1.50× the "
            + "prediction)")
        .contains("whole run: 4.50 s predicted, 5.70 s measured (measured 1.27× the prediction): jdtrace's start-up "
            + "0.40 s, the first run 1.50 s and planning 0.60 s as measured, the sessions as predicted, decoding "
            + "0.20 s not predicted");
  }
}
