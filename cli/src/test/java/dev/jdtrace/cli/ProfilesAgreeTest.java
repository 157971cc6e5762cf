package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every profile decodes to the ground truth: the blocks export of the optimal and condition-target
 * profiles equals the all-blocks single-session export, on every test program.
 */
class ProfilesAgreeTest {
  @TempDir
  Path dir;

  static Stream<Arguments> programs() {
    return Catalog.DETERMINISTIC.stream().flatMap(p -> Stream.of(Arguments.of(p, "optimal"),
        Arguments.of(p, "condition-targets")));
  }

  @ParameterizedTest
  @MethodSource("programs")
  void profileDecodesToAllBlocksTrace(final String program, final String profile) throws Exception {
    final Path stdin = Files.writeString(dir.resolve("stdin"), GroundTruthTest.STDIN);
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program);
    assertThat(blocks(command, "all-blocks", stdin)).isEqualTo(blocks(command, profile, stdin));
  }

  private List<String> blocks(final List<String> command, final String profile, final Path stdin) throws Exception {
    final Path trace = dir.resolve(profile + ".trace");
    final Path blocks = dir.resolve(profile + ".blocks");
    final Cli.Outcome run = Cli.execute(Stream.concat(Stream.of("run", "--profile", profile, "--stdin",
        stdin.toString(), "-o", trace.toString(), "--"), command.stream()).toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
    final List<String> lines = Files.readAllLines(blocks);
    assertThat(lines).isNotEmpty();
    return lines;
  }
}
