package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.Catalog;
import dev.jdtrace.reference.SteppingReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The all-blocks single-session trace of every test program equals the independent stepping
 * reference, which shares no code with jdtrace (it finds leaders in the JVM's own bytecode with its own
 * opcode table and records by single-stepping).
 */
class GroundTruthTest {
  static final String STDIN = "hello world\nJDI\n\nbreakpoints are witnesses\n";

  @TempDir
  Path dir;

  static Stream<String> programs() {
    return Catalog.DETERMINISTIC.stream();
  }

  @ParameterizedTest
  @MethodSource("programs")
  void allBlocksTraceEqualsSteppingReference(final String program) throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program);
    final Path stdin = Files.writeString(dir.resolve("stdin"), STDIN);
    final Path trace = dir.resolve("t.trace");
    final Path blocks = dir.resolve("t.blocks");

    final Cli.Outcome run = Cli.execute(Stream.concat(Stream.of("run", "--profile", "all-blocks", "--sessions", "1", "--stdin",
        stdin.toString(), "-o", trace.toString(), "--"), command.stream()).toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Cli.execute("export", trace.toString(), "--format", "blocks", "-o", blocks.toString()).exitCode())
        .isZero();

    final List<String> expected = SteppingReference.trace(command, List.of("dev.jdtrace.programs."),
        STDIN.getBytes(StandardCharsets.UTF_8));
    final List<String> actual = Files.readAllLines(blocks);
    assertThat(expected).isNotEmpty();
    // Threads running at the same time may start in either order; each thread's path must be identical.
    assertThat(SteppingReference.byThread(actual)).isEqualTo(SteppingReference.byThread(expected));
  }
}
