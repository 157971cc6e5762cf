package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.programs.openworld.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entries from untraced code are learned once per build: the next run of the same command on the same input
 * finds them, and neither observes the program again nor runs its sessions twice. The input is jdtrace's own,
 * left open as a terminal's is (nothing typed, never ended): before, such input keyed no cache, and every run
 * learned again.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LearnOnceTest {
  private static final Pattern SESSION_DONE = Pattern.compile("jdtrace: session \\d+ done");

  @TempDir
  Path dir;

  /**
   * {@link Host} enters its traced library by reflection, a method handle and a proxy. Its all-blocks plan
   * split in two sessions has no entries to start from: the decoding diverges, one observing run learns them,
   * and the sessions run again. The second run plans with the cached entries and runs each session once.
   */
  @Test
  void theSecondRunOfAnOpenWorldProgramFindsTheLearnedEntries() throws Exception {
    final Path cache = Files.createDirectory(dir.resolve("cache"));
    seedCostModel(cache);
    final Run first = run(cache, "first");
    assertThat(first.err()).contains("the decoding diverged; learning where untraced code enters traced methods")
        .contains("in one observing run").doesNotContain("not cached");
    final Run second = run(cache, "second");
    assertThat(second.err()).contains("entries from untraced code learned before, cached")
        .doesNotContain("observing run").doesNotContain("diverged").doesNotContain("planning again");
    assertThat(second.stats().get("phases").get("plans").asInt()).as(second.err()).isEqualTo(1);
    assertThat(second.stats().get("evidence").get("retraced").asBoolean()).isFalse();
    final long sessionsRun = SESSION_DONE.matcher(second.err()).results().count();
    assertThat(sessionsRun).as("each session ran once: " + second.err()).isEqualTo(second.stats().get("sessions").size());
    assertThat(Files.readAllLines(export(second.trace()))).isEqualTo(Files.readAllLines(export(first.trace())));
  }

  private record Run(String err, JsonNode stats, Path trace) {
  }

  /** One {@code jdtrace run} of {@link Host} in its own JVM, whose standard input stays open throughout. */
  private Run run(final Path cache, final String name) throws IOException, InterruptedException {
    final Path tmp = Files.createDirectory(dir.resolve(name));
    final Path trace = dir.resolve(name + ".trace");
    final Path stats = dir.resolve(name + ".json");
    final List<String> args = new ArrayList<>(List.of("run", "--deterministic", "--profile", "all-blocks",
        "--sessions", "2", "--include", "dev.jdtrace.programs.openworld.lib.*", "--stats", stats.toString(), "-o",
        trace.toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, Host.class.getName()));
    final Process jdtrace = CliProcess.startCaching(tmp, cache, args.toArray(String[]::new));
    try {
      jdtrace.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
      final int exit = jdtrace.waitFor();
      final String err = Files.readString(CliProcess.stderr(tmp));
      assertThat(exit).as(err).isZero();
      return new Run(err, new ObjectMapper().readTree(stats.toFile()), trace);
    } finally {
      jdtrace.getOutputStream().close();
      jdtrace.destroyForcibly();
    }
  }

  private Path export(final Path trace) {
    final Path blocks = Path.of(trace + ".blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
    return blocks;
  }

  /** The test JVM's calibrated cost model, so the fresh cache does not calibrate again (a few seconds). */
  private static void seedCostModel(final Path cache) throws IOException {
    final Path shared = Path.of(System.getProperty("jdtrace.cache", "target/jdtrace-cache"));
    for (final String name : List.of("cost-model.json", "cost-model.provisional.json")) {
      if (Files.isRegularFile(shared.resolve(name))) {
        Files.copy(shared.resolve(name), cache.resolve(name));
      }
    }
  }
}
