package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cost model as users meet it: calibrate, predicted costs in plans and stats, sessions chosen by it. */
class CostModelCommandsTest {
  private static final String PROGRAM = "dev.jdtrace.programs.Loops";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private List<String> command() {
    return List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, PROGRAM);
  }

  @Test
  void calibratePrintsTheModelAndWhereItIsCached() {
    final Cli.Outcome o = Cli.execute("calibrate");
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.out()).contains("µs per hit").contains("per breakpoint set").contains("cached in");
  }

  @Test
  void planCarriesPredictedCostsPerSession() throws Exception {
    final Path plan = dir.resolve("plan.json");
    final Cli.Outcome o = Cli.execute(args(List.of("plan", "--sessions", "2", "-o", plan.toString(), "--")));
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.err()).contains("s predicted");
    final JsonNode file = JSON.readTree(plan.toFile());
    assertThat(file.at("/predicted/wallMillis").asDouble()).isPositive();
    assertThat(file.at("/predicted/c0Micros").asDouble()).isPositive();
    for (final JsonNode session : file.get("sessions")) {
      // Each session launches the program once, so it costs at least the calibrated launch.
      assertThat(session.get("predictedMillis").asDouble())
          .isGreaterThanOrEqualTo(file.at("/predicted/launchMillis").asDouble());
      assertThat(session.get("expectedHits").asDouble()).isPositive();
    }
  }

  @Test
  void statsSetPredictedBesideMeasuredAndTraceWeightsPredictTheHits() throws Exception {
    final Path truth = Cli.truth(List.of(), command()).trace();
    final Path stats = dir.resolve("stats.json");
    final Cli.Outcome o = Cli.execute(args(List.of("run", "--weights", truth.toString(), "--sessions", "2",
        "--stdin", "/dev/null", "--stats", stats.toString(), "-o", dir.resolve("t.trace").toString(), "--")));
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.err()).contains("predicted/measured");
    final JsonNode figures = JSON.readTree(stats.toFile());
    assertThat(figures.get("predictedMillis").asDouble()).isPositive();
    // The weights are the counts of the same deterministic run: expected hits are the hits, plus the tiny
    // tie-breaking weight that methods the trace never ran keep. The optimized packing gathers those never-run
    // witnesses in the sessions with few hits, so the 5% holds over the sessions together.
    double hits = 0;
    double expected = 0;
    for (final JsonNode s : figures.get("sessions")) {
      assertThat(s.get("expectedHits").asDouble()).isGreaterThanOrEqualTo(s.get("hits").asDouble());
      hits += s.get("hits").asDouble();
      expected += s.get("expectedHits").asDouble();
    }
    assertThat(expected).isBetween(hits, hits * 1.05);
  }

  @Test
  void withoutSessionsTheCostModelChoosesAndTheTraceStaysExact() throws Exception {
    final Path truth = Cli.truth(List.of(), command()).trace();
    final Path stats = dir.resolve("stats.json");
    final List<String> blocks = Cli.blocks(dir, List.of("--weights", truth.toString(), "--stats", stats.toString()),
        command());
    assertThat(blocks).isEqualTo(Cli.groundTruth(List.of(), command()));
    assertThat(JSON.readTree(stats.toFile()).get("sessions").size()).isBetween(1, 4 * Runtime.getRuntime()
        .availableProcessors());
  }

  @Test
  void zeroSessionsIsAClearError() {
    final Cli.Outcome o = Cli.execute(args(List.of("run", "--sessions", "0", "--stdin", "/dev/null", "-o",
        dir.resolve("t.trace").toString(), "--")));
    assertThat(o.exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).contains("--sessions 0 is not a number of sessions").doesNotContain("Exception");
  }

  private String[] args(final List<String> head) {
    return java.util.stream.Stream.concat(head.stream(), command().stream()).toArray(String[]::new);
  }
}
