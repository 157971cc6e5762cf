package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.programs.libs.LibraryCatalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With static weights, the hits the plan expects are bounded by what the first run saw: on a real
 * library driver they are within a factor of ten of the hits measured (they were 10⁴ times too many when
 * every method of every traced class counted, with nested loops multiplied).
 */
class PredictionTest {
  @TempDir
  Path dir;

  @Test
  void expectedHitsAreWithinTenTimesTheMeasuredOnes() throws Exception {
    final LibraryCatalog.Library csv = LibraryCatalog.ALL.stream()
        .filter(l -> l.mainClass().endsWith("CsvDriver")).findFirst().orElseThrow();
    final Path stats = dir.resolve("stats.json");
    final List<String> args = new ArrayList<>(List.of("run", "--stdin", "/dev/null", "--sessions", "1", "--stats",
        stats.toString(), "-o", dir.resolve("csv.trace").toString()));
    csv.includes().forEach(i -> args.addAll(List.of("--include", i)));
    args.addAll(List.of("--", Cli.JAVA, "-cp", Cli.PROGRAMS + ":" + LibrariesAgreeTest.LIB + "/*", csv.mainClass()));
    final Cli.Outcome run = Cli.execute(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    final JsonNode session = new ObjectMapper().readTree(stats.toFile()).get("sessions").get(0);
    final double expected = session.get("expectedHits").asDouble();
    final double measured = session.get("hits").asDouble();
    assertThat(measured).isPositive();
    assertThat(expected / measured).as("expected %.0f hits, measured %.0f", expected, measured).isBetween(0.1, 10.0);
  }
}
