package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code sh} block of the README that runs the repository's own examples ({@code ./jdtrace} on the
 * bundled programs) runs, in order, in a temporary directory: {@code ./jdtrace} is the CLI under test and
 * {@code test-programs} the bundled programs, so whatever the examples write lands there and not in the
 * repository. Lines that build the project ({@code mvn}, {@code .ci/}) are left out: this test runs
 * inside that build. Blocks that are recipes for the reader's own application ({@code app.jar}, a
 * golden trace, an installed {@code jdtrace}, GNU parallel, Slurm) and the yaml recipes are not run
 * here: {@code ReadmeRecipesTest} and {@code FanOutEnginesIT} check those.
 */
class ReadmeTest {
  private static final Path REPOSITORY = Path.of("").toAbsolutePath().getParent();
  private static final Pattern SH_BLOCK = Pattern.compile("(?m)^ *```sh\\n(.*?)^ *```", Pattern.DOTALL);
  /** What a block of the repository's own examples runs. */
  private static final String OWN_EXAMPLE = "./jdtrace ";
  /** What a recipe for the reader's own application names. */
  private static final String OWN_APPLICATION = "app.jar";
  /** Blocks that take long, by a text they contain: named so in the report. */
  private static final List<String> LONG = List.of("CsvDriver");

  @TempDir
  static Path work;

  @TestFactory
  Stream<DynamicTest> everyShellBlockOfTheReadmeRuns() throws IOException {
    final String readme = Files.readString(REPOSITORY.resolve("README.md"));
    final Path jdtrace = Files.writeString(work.resolve("jdtrace"), "#!/bin/sh\nexec '" + Cli.JAVA + "' -cp '"
        + System.getProperty("java.class.path") + "' dev.jdtrace.cli.Main \"$@\"\n");
    assertThat(jdtrace.toFile().setExecutable(true)).isTrue();
    Files.createSymbolicLink(work.resolve("test-programs"), REPOSITORY.resolve("test-programs"));
    final List<DynamicTest> tests = new ArrayList<>();
    final Matcher m = SH_BLOCK.matcher(readme);
    int n = 0;
    while (m.find()) {
      final String block = m.group(1).stripIndent();
      n++;
      if (!block.contains(OWN_EXAMPLE) || block.contains(OWN_APPLICATION)) {
        continue;
      }
      final boolean isLong = LONG.stream().anyMatch(block::contains);
      final String name = "block " + n + (isLong ? " (LONG)" : "") + ": " + block.lines()
          .filter(l -> !l.startsWith("#")).findFirst().orElse("");
      tests.add(DynamicTest.dynamicTest(name, () -> run(block)));
    }
    assertThat(tests).as("runnable sh blocks").hasSizeGreaterThanOrEqualTo(4);
    return tests.stream();
  }

  private static void run(final String block) throws Exception {
    if (block.contains("test-programs/target/lib")) {
      assumeTrue(Files.isDirectory(REPOSITORY.resolve("test-programs/target/lib")),
          "the library jars are copied by the package phase (mvn verify), not by a test-only build");
    }
    final String script = "set -e\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n" + withoutBuildLines(block);
    final Process sh = new ProcessBuilder("bash", "-c", script).directory(work.toFile()).redirectErrorStream(true)
        .redirectOutput(work.resolve("last-block.log").toFile()).start();
    final boolean ended = sh.waitFor(5, TimeUnit.MINUTES);
    final String log = Files.readString(work.resolve("last-block.log"), StandardCharsets.UTF_8);
    if (!ended) {
      sh.descendants().forEach(ProcessHandle::destroyForcibly);
      sh.destroyForcibly();
    }
    assertThat(ended).as(log).isTrue();
    assertThat(sh.exitValue()).as(block + "\n---\n" + log).isZero();
  }

  /** The block without the lines that build the project, joined across backslash continuations first. */
  private static String withoutBuildLines(final String block) {
    final StringBuilder out = new StringBuilder();
    for (final String line : block.replace("\\\n", " ").lines().toList()) {
      final String command = line.strip();
      if (command.startsWith("mvn ") || command.startsWith(".ci/")) {
        continue;
      }
      out.append(line).append('\n');
    }
    return out.toString();
  }
}
