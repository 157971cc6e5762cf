package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every write checks for errors (#19): a full disk or a closed pipe ends the command at once with one line
 * and exit 125, and an existing output is replaced only by a complete new one.
 */
class WriteFailuresTest {
  @TempDir
  Path dir;

  @Test
  void exportToAFullDiskExits125AndLeavesTheEarlierFile() throws Exception {
    final Path trace = SyntheticTrace.write(dir.resolve("big.trace"), 200_000);
    final Path small = Files.createDirectory(dir.resolve("small"));
    try (Mounts mount = Mounts.tmpfs(small, 64, false)) {
      assumeTrue(mount != null, "mounting a tmpfs needs root");
      final Path earlier = Files.writeString(small.resolve("x.txt"), "an earlier export\n");
      final Cli.Outcome o = Cli.execute("export", trace.toString(), "-o", earlier.toString());
      assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
      assertThat(o.err()).isEqualTo("jdtrace: cannot write FILE " + earlier + ": No space left on device"
          + System.lineSeparator());
      assertThat(Files.readString(earlier)).isEqualTo("an earlier export\n");
      try (Stream<Path> files = Files.list(small)) {
        assertThat(files).containsExactly(earlier);
      }
    }
  }

  @Test
  void exportToDevFullExits125() throws Exception {
    assumeTrue(Files.isWritable(Path.of("/dev/full")), "no /dev/full here");
    final Path trace = SyntheticTrace.write(dir.resolve("big.trace"), 200_000);
    final Cli.Outcome o = Cli.execute("export", trace.toString(), "-o", "/dev/full");
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).isEqualTo("jdtrace: cannot write FILE /dev/full: No space left on device"
        + System.lineSeparator());
  }

  /** {@code jdtrace export big.trace | head -1}: the export ends as soon as the pipe closes. */
  @Test
  void exportToAClosedPipeEndsAtOnce() throws Exception {
    final Path trace = SyntheticTrace.write(dir.resolve("big.trace"), 2_000_000);
    final Path err = dir.resolve("err.txt");
    final Process p = Jdtrace.start(err, "export", trace.toString());
    try {
      final BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      assertThat(out.readLine()).startsWith("main\ta.Loop\t");
      out.close();
      // A hang guard, not a speed test: the whole export would end too, only after writing all of it.
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("jdtrace ended").isTrue();
      assertThat(p.exitValue()).isEqualTo(Failures.JDTRACE);
      assertThat(Files.readString(err)).isEqualTo("jdtrace: cannot write standard output: Broken pipe"
          + System.lineSeparator());
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void aFailedExportKeepsTheExistingOutput() throws Exception {
    final Path keep = Files.writeString(dir.resolve("keep.txt"), "x\n");
    final Cli.Outcome o = Cli.execute("export", dir.resolve("missing.trace").toString(), "-o", keep.toString());
    assertThat(o.exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).isEqualTo("jdtrace: no such trace file: " + dir.resolve("missing.trace")
        + System.lineSeparator());
    assertThat(Files.readString(keep)).isEqualTo("x\n");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(keep);
    }
  }

  /** A trace cut in the middle: the export fails there, and the page or file it would replace stays. */
  @Test
  void anExportCutShortByACorruptTraceKeepsTheExistingOutput() throws Exception {
    final Path trace = SyntheticTrace.write(dir.resolve("big.trace"), 200_000);
    final byte[] bytes = Files.readAllBytes(trace);
    final Path cut = Files.write(dir.resolve("cut.trace"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
    final Path keep = Files.writeString(dir.resolve("keep.txt"), "x\n");
    for (final String command : new String[] {"export", "report"}) {
      final Cli.Outcome o = Cli.execute(command, cut.toString(), "-o", keep.toString());
      assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
      assertThat(o.err()).startsWith("jdtrace: " + cut + ": trace file is truncated");
      assertThat(Files.readString(keep)).isEqualTo("x\n");
    }
  }
}
