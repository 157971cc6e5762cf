package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The readers through the real CLI (#17): truncated, bit-flipped and random trace files, parts and plans,
 * generated here from real ones with a fixed seed, end with one clear line and exit 125: never a stack trace, a
 * hang or an OutOfMemoryError. The readers' own properties (many more cases each) are in their modules.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ReaderFuzzTest {
  private static final String SAMPLE = "dev.jdtrace.programs.Sample";

  @TempDir
  static Path dir;

  private static Path plan;
  private static Path part;
  private static byte[] merged;

  /** One plan, its one part and their merged trace: the valid inputs that are corrupted below. */
  @BeforeAll
  static void collect() throws IOException {
    plan = dir.resolve("plan.json");
    part = dir.resolve("part-0");
    final Cli.Outcome p = Cli.execute("plan", "--sessions", "1", "-o", plan.toString(), "--", Cli.JAVA, "-cp",
        Cli.PROGRAMS, SAMPLE);
    assertThat(p.exitCode()).as(p.err()).isZero();
    final Cli.Outcome c = Cli.execute("collect", "--plan", plan.toString(), "--session", "0", "-o", part.toString(),
        "--", Cli.JAVA, "-cp", Cli.PROGRAMS, SAMPLE);
    assertThat(c.exitCode()).as(c.err()).isZero();
    final Path trace = dir.resolve("merged.trace");
    final Cli.Outcome m = Cli.execute("merge", plan.toString(), part.toString(), "-o", trace.toString());
    assertThat(m.exitCode()).as(m.err()).isZero();
    merged = Files.readAllBytes(trace);
  }

  /** Corrupted copies of a file: cut at several lengths, one bit flipped at several places, and random bytes. */
  private static List<byte[]> corpus(final byte[] valid, final int each, final long seed) {
    final Random random = new Random(seed);
    final List<byte[]> corpus = new ArrayList<>();
    for (int i = 0; i < each; i++) {
      corpus.add(Arrays.copyOf(valid, i == 0 ? 0 : random.nextInt(valid.length)));
      final byte[] flipped = valid.clone();
      flipped[random.nextInt(valid.length)] ^= (byte) (1 << random.nextInt(8));
      corpus.add(flipped);
      final byte[] noise = new byte[random.nextInt(4096)];
      random.nextBytes(noise);
      // Half keep the real header, so the noise reaches past the first check.
      System.arraycopy(valid, 0, noise, 0, i % 2 == 0 ? Math.min(8, noise.length) : 0);
      corpus.add(noise);
    }
    return corpus;
  }

  private static void assertOneLine(final Cli.Outcome o, final String what) {
    assertThat(o.exitCode()).as(what + ": " + o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err().lines()).as(what).hasSize(1);
    assertThat(o.err()).as(what).startsWith("jdtrace: ").doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void corruptTracesAreRefusedByExportShowAndDiff() throws IOException {
    int n = 0;
    for (final byte[] bytes : corpus(merged, 12, 17)) {
      final Path bad = Files.write(dir.resolve("bad-" + n++ + ".trace"), bytes);
      assertOneLine(Cli.execute("export", bad.toString(), "-o", dir.resolve("out").toString()), "export " + bad);
      if (n % 4 == 0) {
        assertOneLine(Cli.execute("show", bad.toString()), "show " + bad);
        assertOneLine(Cli.execute("diff", bad.toString(), bad.toString()), "diff " + bad);
      }
    }
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void corruptPartsAreRefusedByMerge() throws IOException {
    int n = 0;
    for (final byte[] bytes : corpus(Files.readAllBytes(part), 5, 19)) {
      final Path bad = Files.write(dir.resolve("bad-part-" + n++), bytes);
      assertOneLine(Cli.execute("merge", plan.toString(), bad.toString(), "-o", dir.resolve("m.trace").toString()),
          "merge " + bad);
    }
    assertThat(dir.resolve("m.trace")).doesNotExist();
  }

  /**
   * A plan is JSON: a flip inside a number can leave a valid plan. Then either its identity check refuses
   * it, or the flip touched a figure merge does not use and the trace is the same.
   */
  @Test
  void corruptPlansAreRefusedByMergeOrChangeNothing() throws IOException {
    int n = 0;
    for (final byte[] bytes : corpus(Files.readAllBytes(plan), 5, 23)) {
      final Path bad = Files.write(dir.resolve("bad-plan-" + n++ + ".json"), bytes);
      final Path trace = dir.resolve("p.trace");
      final Cli.Outcome o = Cli.execute("merge", bad.toString(), part.toString(), "-o", trace.toString());
      if (o.exitCode() == 0) {
        assertThat(Files.readAllBytes(trace)).as("merge " + bad).isEqualTo(merged);
        Files.delete(trace);
      } else {
        assertOneLine(o, "merge " + bad);
      }
    }
  }
}
