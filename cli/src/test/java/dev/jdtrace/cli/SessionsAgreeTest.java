package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.Catalog;
import dev.jdtrace.programs.Nondeterministic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Splitting the witnesses over sessions changes nothing in the trace: for every test program, several
 * session counts and every strategy give the all-blocks single-session export. A nondeterministic
 * program ends in a divergence error, never in a trace.
 */
class SessionsAgreeTest {
  @TempDir
  Path dir;

  /** A budget of configurations per program: tracing is slow, the property tests cover the rest. */
  static Stream<Arguments> configurations() {
    final List<List<String>> configs = List.of(
        List.of("--sessions", "2", "--strategy", "function"),
        List.of("--sessions", "3", "--strategy", "fine"),
        List.of("--profile", "all-blocks", "--sessions", "2", "--strategy", "fine"),
        List.of("--sessions", "2", "--strategy", "optimized", "--weights-from-ground-truth"));
    return Catalog.DETERMINISTIC.stream().flatMap(p -> configs.stream().map(c -> Arguments.of(p, c)));
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void splitSessionsDecodeToAllBlocksTrace(final String program, final List<String> config) throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program);
    final List<String> truth = Cli.groundTruth(dir, List.of(), command);
    List<String> options = config;
    if (config.contains("--weights-from-ground-truth")) {
      final Path weights = dir.resolve("weights.trace");
      assertThat(Cli.execute("run", "--profile", "all-blocks", "--stdin", "/dev/null", "-o", weights.toString(),
          "--", Cli.JAVA, "-cp", Cli.PROGRAMS, program).exitCode()).isZero();
      options = Stream.concat(config.stream().filter(o -> !o.equals("--weights-from-ground-truth")),
          Stream.of("--weights", weights.toString())).toList();
    }
    assertThat(Cli.blocks(dir, options, command)).isEqualTo(truth);
  }

  @Test
  void capOpensMoreSessionsAndStaysExact() throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Callbacks");
    final Path stats = dir.resolve("stats.json");
    final List<String> blocks = Cli.blocks(dir, List.of("--cap", "2000", "--sessions", "2", "--stats",
        stats.toString()), command);
    assertThat(blocks).isEqualTo(Cli.groundTruth(dir, List.of(), command));
    assertThat(Files.readString(stats)).contains("\"session\" : 1");
  }

  @Test
  void capBelowTheSharedWitnessesIsAClearError() {
    final Cli.Outcome o = Cli.execute("run", "--cap", "5", "--stdin", "/dev/null", "-o",
        dir.resolve("t.trace").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Sample");
    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err()).contains("--cap 5 is too small").doesNotContain("Exception");
  }

  @Test
  void nondeterministicProgramDivergesAndWritesNoTrace() {
    final Path trace = dir.resolve("n.trace");
    final Cli.Outcome o = Cli.execute("run", "--sessions", "3", "--stdin", "/dev/null", "-o", trace.toString(),
        "--", Cli.JAVA, "-cp", Cli.PROGRAMS, Nondeterministic.class.getName());
    assertThat(o.exitCode()).as(o.err()).isEqualTo(3);
    assertThat(o.err()).contains("diverged");
    assertThat(trace).doesNotExist();
  }
}
