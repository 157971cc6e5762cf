package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trace files carry a checksum per chunk and for the dictionary (#19): one flipped byte is refused with
 * exit 125 by every command that reads a trace, where it used to give a different export and an "equal" diff.
 */
class TraceIntegrityTest {
  private static final String SAMPLE = "dev.jdtrace.programs.Sample";

  @TempDir
  Path dir;

  /** The sample's trace with one byte of its dictionary (the first frame, after the 8-byte header) flipped. */
  private Path flipped(final int offset) throws Exception {
    final byte[] bytes = Files.readAllBytes(Traced.trace(SAMPLE));
    bytes[offset] ^= 0x01;
    return Files.write(dir.resolve("flipped.trace"), bytes);
  }

  private static void assertRefused(final Cli.Outcome o, final Path trace) {
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err().lines()).last().asString()
        .startsWith("jdtrace: " + trace + ": corrupt trace file: checksum mismatch in the frame at byte 8");
    assertThat(o.err()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void everyReaderRefusesAFlippedDictionaryByte() throws Exception {
    final Path good = Traced.trace(SAMPLE);
    final Path bad = flipped(40);
    final String out = dir.resolve("out").toString();
    assertRefused(Cli.execute("export", bad.toString(), "-o", out), bad);
    assertRefused(Cli.execute("show", bad.toString()), bad);
    assertRefused(Cli.execute("report", bad.toString(), "-o", out), bad);
    assertRefused(Cli.execute("diff", good.toString(), bad.toString()), bad);
    assertRefused(Cli.execute("diff", bad.toString(), good.toString()), bad);
    assertThat(Files.exists(Path.of(out))).isFalse();
  }

  @Test
  void weightsFromAFlippedTraceAreRefusedBeforeTracing() throws Exception {
    final Path bad = flipped(40);
    final Cli.Outcome o = Cli.execute("plan", "--weights", bad.toString(), "-o", dir.resolve("plan.json").toString(),
        "--", Cli.JAVA, "-cp", Cli.PROGRAMS, SAMPLE);
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).contains("corrupt trace file: checksum mismatch").doesNotContain("Exception");
    assertThat(Files.exists(dir.resolve("plan.json"))).isFalse();
  }

  @Test
  void aFlippedChunkByteIsRefused() throws Exception {
    final byte[] bytes = Files.readAllBytes(Traced.trace(SAMPLE));
    // The first chunk's frame follows the dictionary's: flip a byte of its payload.
    final int dictionaryEnd = 8 + 4 + java.nio.ByteBuffer.wrap(bytes, 8, 4).getInt() + 4;
    bytes[dictionaryEnd + 4 + 10] ^= 0x01;
    final Path bad = Files.write(dir.resolve("chunk.trace"), bytes);
    final Cli.Outcome o = Cli.execute("export", bad.toString(), "-o", dir.resolve("out").toString());
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).isEqualTo("jdtrace: " + bad + ": corrupt trace file: checksum mismatch in the frame at byte "
        + dictionaryEnd + System.lineSeparator());
  }

  @Test
  void aVersion1TraceIsRefusedWithAClearMessage() throws Exception {
    final byte[] bytes = Files.readAllBytes(Traced.trace(SAMPLE));
    bytes[7] = 1;
    final Path old = Files.write(dir.resolve("old.trace"), bytes);
    for (final List<String> command : List.of(List.of("export", old.toString()), List.of("show", old.toString()))) {
      final Cli.Outcome o = Cli.execute(command.toArray(String[]::new));
      assertThat(o.exitCode()).isEqualTo(Failures.JDTRACE);
      assertThat(o.err()).isEqualTo("jdtrace: " + old + ": trace format version 1 has no checksums, so this jdtrace "
          + "does not read it: record the trace again" + System.lineSeparator());
    }
  }
}
