package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Outputs never destroy what is not theirs (#17): a path that cannot be written is refused before any work,
 * devices and FIFOs are written in place, links are followed, and a regular file is replaced only by a
 * complete new one.
 */
class OutputPathsTest {
  private static final String SAMPLE = "dev.jdtrace.programs.Sample";

  @TempDir
  Path dir;

  private static List<String> sample() {
    return List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, SAMPLE);
  }

  /** Each command that writes, with its output at {@code out}; its inputs need not exist, as nothing is read first. */
  static Stream<Arguments> writers() {
    return Stream.of(
        Arguments.of("TRACE", List.of("run", "--stdin", "/dev/null", "-o", "OUT", "--"), true),
        Arguments.of("--stats FILE", List.of("run", "--stdin", "/dev/null", "--stats", "OUT", "-o", "DIR/t.trace",
            "--"), true),
        Arguments.of("PLAN", List.of("plan", "-o", "OUT", "--"), true),
        Arguments.of("PART", List.of("collect", "--plan", "DIR/none.json", "--session", "0", "-o", "OUT", "--"), true),
        Arguments.of("TRACE", List.of("merge", "DIR/none.json", "DIR/part-0", "-o", "OUT"), false),
        Arguments.of("TRACE", List.of("attach", "127.0.0.1:1", "--include", "a.*", "--duration", "1", "-o", "OUT"),
            false),
        Arguments.of("FILE", List.of("export", "DIR/none.trace", "-o", "OUT"), false),
        Arguments.of("FILE", List.of("report", "DIR/none.trace", "-o", "OUT"), false));
  }

  private String[] args(final List<String> template, final boolean java, final Path out) {
    final List<String> args = new ArrayList<>();
    for (final String a : template) {
      args.add(a.equals("OUT") ? out.toString() : a.replace("DIR", dir.toString()));
    }
    if (java) {
      args.addAll(sample());
    }
    return args.toArray(String[]::new);
  }

  private static void assertOnlyLine(final Cli.Outcome o, final int code, final String line) {
    assertThat(o.exitCode()).as(o.err()).isEqualTo(code);
    assertThat(o.err()).isEqualTo("jdtrace: " + line + System.lineSeparator());
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("writers")
  void aMissingDirectoryIsRefusedBeforeAnyWork(final String label, final List<String> command, final boolean java) {
    final Path missing = dir.resolve("no-such-dir");
    assertOnlyLine(Cli.execute(args(command, java, missing.resolve("out"))), Failures.JDTRACE,
        "cannot write " + label + ": directory " + missing + " does not exist");
  }

  @Test
  void aDirectoryIsNotAnOutput() {
    assertOnlyLine(Cli.execute(args(List.of("run", "--stdin", "/dev/null", "-o", "OUT", "--"), true, dir)), Failures.JDTRACE,
        "cannot write TRACE: " + dir + " is a directory");
  }

  @Test
  void aReadOnlyDirectoryIsRefusedBeforeAnyWork() throws IOException {
    final Path ro = Files.createDirectory(dir.resolve("ro"));
    try (Mounts mount = Mounts.tmpfs(ro, 64, true)) {
      if (mount == null) {
        // Not root here: a directory without write permission is read-only for this user.
        assumeTrue(ro.toFile().setWritable(false, false) && !Files.isWritable(ro), "cannot make a read-only directory");
      }
      final Cli.Outcome o = Cli.execute(args(List.of("run", "--stdin", "/dev/null", "-o", "OUT", "--"), true,
          ro.resolve("t.trace")));
      assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
      assertThat(o.err().lines()).singleElement().asString().startsWith("jdtrace: cannot write TRACE: directory " + ro)
          .containsAnyOf("is read-only", "is on a read-only file system");
    } finally {
      ro.toFile().setWritable(true, false);
    }
  }

  @Test
  void aCharacterDeviceIsWrittenInPlaceNeverReplaced() throws Exception {
    final Path device = dir.resolve("null-like");
    assumeTrue(Mounts.tryRun("mknod", device.toString(), "c", "1", "3"), "mknod needs root");
    final Cli.Outcome o = Cli.execute(args(List.of("run", "--stdin", "/dev/null", "-o", "OUT", "--"), true, device));
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(Files.readAttributes(device, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther())
        .as("still a device node").isTrue();
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(device);
    }
  }

  @Test
  void aFifoIsWrittenInPlace() throws Exception {
    final Path fifo = dir.resolve("fifo");
    assumeTrue(Mounts.tryRun("mkfifo", fifo.toString()), "mkfifo is not available");
    final Path trace = SyntheticTrace.write(dir.resolve("t.trace"), 1000);
    final Path expected = dir.resolve("expected.html");
    assertThat(Cli.execute("report", trace.toString(), "-o", expected.toString()).exitCode()).isZero();
    final CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
      try {
        return Files.readAllBytes(fifo);
      } catch (final IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    final Cli.Outcome o = Cli.execute("report", trace.toString(), "-o", fifo.toString());
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(read.get(60, TimeUnit.SECONDS)).isEqualTo(Files.readAllBytes(expected));
    assertThat(Files.readAttributes(fifo, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther()).isTrue();
  }

  @Test
  void dashAndDevStdoutAreStandardOutput() throws Exception {
    final Path trace = SyntheticTrace.write(dir.resolve("t.trace"), 1000);
    final Path expected = dir.resolve("expected.txt");
    assertThat(Cli.execute("export", trace.toString(), "-o", expected.toString()).exitCode()).isZero();
    for (final String out : List.of("-", "/dev/stdout")) {
      final Process p = Jdtrace.start(dir.resolve("err.txt"), "export", trace.toString(), "-o", out);
      final byte[] stdout = p.getInputStream().readAllBytes();
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(Files.readString(dir.resolve("err.txt"))).isZero();
      assertThat(stdout).as(out).isEqualTo(Files.readAllBytes(expected));
    }
  }

  @Test
  void aSymbolicLinkIsFollowedAndStays() throws Exception {
    final Path trace = SyntheticTrace.write(dir.resolve("t.trace"), 10);
    final Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
    final Path target = Files.writeString(elsewhere.resolve("page.html"), "old\n");
    final Path link = Files.createSymbolicLink(dir.resolve("link.html"), Path.of("elsewhere", "page.html"));
    assertThat(Cli.execute("report", trace.toString(), "-o", link.toString()).exitCode()).isZero();
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readString(target)).startsWith("<!DOCTYPE html>");
    // A link to nothing yet: the file it names is created.
    final Path dangling = Files.createSymbolicLink(dir.resolve("dangling.txt"), elsewhere.resolve("new.txt"));
    assertThat(Cli.execute("export", trace.toString(), "-o", dangling.toString()).exitCode()).isZero();
    assertThat(Files.isSymbolicLink(dangling)).isTrue();
    assertThat(Files.readString(elsewhere.resolve("new.txt"))).startsWith("main\ta.Loop\t");
    try (Stream<Path> files = Files.list(elsewhere)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("page.html", "new.txt");
    }
  }

  @Test
  void aFullDiskEndsARunWithExit125AndDamagesNothing() throws Exception {
    final Path small = Files.createDirectory(dir.resolve("small"));
    try (Mounts mount = Mounts.tmpfs(small, 64, false)) {
      assumeTrue(mount != null, "mounting a tmpfs needs root");
      final Path earlier = Files.writeString(small.resolve("t.trace"), "an earlier trace");
      fill(small);
      final Cli.Outcome o = Cli.execute(args(List.of("run", "--stdin", "/dev/null", "-o", "OUT", "--"), true,
          earlier));
      // The run's own progress lines come first; the failure is one line and the last.
      assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
      assertThat(o.err()).endsWith("jdtrace: cannot write TRACE " + earlier + ": No space left on device"
          + System.lineSeparator()).doesNotContain("Exception").doesNotContain("\tat ");
      assertThat(Files.readString(earlier)).isEqualTo("an earlier trace");
      try (Stream<Path> files = Files.list(small)) {
        assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("t.trace", "filler");
      }
    }
  }

  /** Fills a file system to the last byte. */
  static void fill(final Path dir) throws IOException {
    try (var out = Files.newOutputStream(dir.resolve("filler"))) {
      final byte[] block = new byte[1024];
      while (true) {
        out.write(block);
      }
    } catch (final IOException e) {
      assertThat(e.getMessage()).contains("No space left on device");
    }
  }
}
