package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.Catalog;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every profile decodes to the ground truth: the blocks export of the optimal and condition-target
 * profiles equals the all-blocks single-session export, on every test program. (The optimal profile with
 * trace weights is checked in {@link SessionsAgreeTest}'s configurations.)
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
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program);
    assertThat(Cli.blocks(dir, List.of("--profile", profile), command))
        .isEqualTo(Cli.groundTruth(List.of(), command));
  }
}
