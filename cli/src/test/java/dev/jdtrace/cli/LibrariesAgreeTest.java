package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.libs.LibraryCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real libraries from Maven Central, traced through the driver programs: the optimal profile decodes to
 * exactly the all-blocks single-session trace.
 */
class LibrariesAgreeTest {
  /** The libraries' jars, copied next to the test programs by the test-programs build. */
  static final Path LIB = Path.of("..", "test-programs", "target", "lib").toAbsolutePath().normalize();

  @TempDir
  Path dir;

  static Stream<LibraryCatalog.Library> libraries() {
    return LibraryCatalog.ALL.stream();
  }

  @ParameterizedTest
  @MethodSource("libraries")
  void optimalDecodesToAllBlocksTrace(final LibraryCatalog.Library library) throws Exception {
    assertThat(LIB).as("library jars from the test-programs build").isDirectory();
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS + ":" + LIB + "/*", library.mainClass());
    assertThat(blocks(command, library.includes(), "optimal"))
        .isEqualTo(blocks(command, library.includes(), "all-blocks"));
  }

  private List<String> blocks(final List<String> command, final List<String> includes, final String profile)
      throws Exception {
    final Path trace = dir.resolve(profile + ".trace");
    final Path blocks = dir.resolve(profile + ".blocks");
    final List<String> args = new ArrayList<>(List.of("run", "--profile", profile, "--stdin", "/dev/null", "-o",
        trace.toString()));
    if (profile.equals("all-blocks")) {
      // The ground truth: one session's stream is the path, with no decoding between the two.
      args.addAll(List.of("--sessions", "1"));
    }
    includes.forEach(i -> args.addAll(List.of("--include", i)));
    args.add("--");
    args.addAll(command);
    final Cli.Outcome run = Cli.execute(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
    final List<String> lines = Files.readAllLines(blocks);
    assertThat(lines).hasSizeGreaterThan(1000);
    return lines;
  }
}
