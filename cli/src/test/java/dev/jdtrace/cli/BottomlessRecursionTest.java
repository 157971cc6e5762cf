package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.programs.Bottomless;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Recursions with no base case, ended by a caught {@code StackOverflowError} ({@link Bottomless}), trace
 * exactly with the default profile: the optimal plan breaks their descent with a witness, which no choice
 * did (before, the walk stood at the throw on the first descent and the run was refused, exit 126, even in
 * one session). One session and two sessions merged (no second run) equal the all-blocks single-session
 * trace.
 */
class BottomlessRecursionTest {
  /**
   * A small stack keeps the trace short (a few thousand frames); {@code -Xint} gives every session frames of
   * the same size, so that both sessions overflow at the same depth and their streams can be merged.
   */
  private static final List<String> COMMAND = List.of(Cli.JAVA, "-Xss256k", "-Xint", "-cp", Cli.PROGRAMS,
      Bottomless.class.getName());

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"1", "2"})
  void defaultProfileDecodesToAllBlocksTrace(final String sessions) throws Exception {
    final Path stats = dir.resolve("stats.json");
    final List<String> blocks = Cli.blocks(dir, List.of("--sessions", sessions, "--stats", stats.toString()),
        COMMAND);
    final List<String> truth = Cli.groundTruth(List.of(), COMMAND);
    // Each recursion went thousands of frames deep before it overflowed: the trace is not a first descent.
    assertThat(truth.stream().filter(l -> l.contains("\tdown(I)V\t")).count()).isGreaterThan(100);
    assertThat(truth.stream().filter(l -> l.contains("\tguarded(I)V\t")).count()).isGreaterThan(100);
    assertThat(truth.stream().filter(l -> l.contains("\tpong(I)V\t")).count()).isGreaterThan(100);
    assertThat(blocks).isEqualTo(truth);
    final JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(json.get("profile").asText()).isEqualTo("optimal");
    // The sessions asked for were merged: no fallback traced the program again alone.
    assertThat(json.get("sessions")).hasSize(Integer.parseInt(sessions));
    assertThat(json.get("evidence").get("retraced").asBoolean()).isFalse();
  }
}
