package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standard input reaches the program as it arrives and is replayed to the other sessions; an input
 * that stays open never holds up a program that does not read it.
 */
// A separate thread: a regression blocks in a read or an open that an interrupt does not end.
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StandardInputTest {
  @TempDir
  Path dir;

  /**
   * A conversation under default {@code run}: the first run (which finds the loaded classes) is the one
   * that answers, live, before the next line is typed; the sessions replay the input and stay quiet.
   */
  @Test
  void anInteractiveProgramAnswersInTheFirstRunAndTheSessionsReplayItsInputQuietly() throws Exception {
    final Path tmp = Files.createDirectory(dir.resolve("tmp"));
    final Path trace = dir.resolve("t.trace");
    final Process jdtrace = CliProcess.start(tmp, "run", "--sessions", "2", "--include",
        "dev.jdtrace.programs.StdinEcho", "-o", trace.toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS,
        "dev.jdtrace.programs.StdinEcho");
    try {
      final BufferedReader out = CliProcess.stdout(jdtrace);
      final OutputStream in = jdtrace.getOutputStream();
      in.write("hello\n".getBytes(StandardCharsets.UTF_8));
      in.flush();
      // The program answers the first line while the input is still open.
      assertThat(CliProcess.awaitLine(out, "1: ")).isEqualTo("1: \"hello\" vowels=2 medium (plain)");
      in.write("sky\n".getBytes(StandardCharsets.UTF_8));
      in.close();
      assertThat(CliProcess.awaitLine(out, "lines=")).isEqualTo("lines=2 vowels=2");
      // The output is shown once: the sessions print nothing more.
      assertThat(out.lines().toList()).isEmpty();
      assertThat(jdtrace.waitFor()).as(Files.readString(CliProcess.stderr(tmp))).isZero();
      // Both sessions saw the first run's input: otherwise their outputs would differ from it and no trace
      // be written.
      final String err = Files.readString(CliProcess.stderr(tmp));
      assertThat(err).contains("first run: ").contains("2 sessions");
      assertThat(trace).exists();
    } finally {
      jdtrace.destroyForcibly();
    }
  }

  @Test
  void aProgramThatDoesNotReadItsInputRunsWhileTheInputStaysOpen() throws Exception {
    final Path tmp = Files.createDirectory(dir.resolve("tmp"));
    final Process jdtrace = CliProcess.start(tmp, "run", "--include", "dev.jdtrace.programs.Sample", "-o",
        dir.resolve("t.trace").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Sample");
    try {
      // Standard input is never closed: jdtrace must finish anyway.
      assertThat(jdtrace.waitFor()).as(Files.readString(CliProcess.stderr(tmp))).isZero();
      assertThat(dir.resolve("t.trace")).exists();
    } finally {
      jdtrace.getOutputStream().close();
      jdtrace.destroyForcibly();
    }
  }
  /**
   * Under a real terminal (a pseudo-terminal from {@code script}), the first run reads the lines as they are
   * typed and answers each before the next; the sessions replay them. Before, a terminal gave the program no
   * input at all: it read end-of-file at once and the typed lines went to the shell.
   */
  @Test
  void underATerminalTheFirstRunReadsTheTypedLinesAndTheSessionsReplayThem() throws Exception {
    RequiredTool.require(RequiredTool.onPath("script"), "script", "apt-get install bsdutils");
    final Path tmp = Files.createDirectory(dir.resolve("tmp"));
    final Path trace = dir.resolve("t.trace");
    final List<String> jdtrace = List.of(Cli.JAVA, "-Djava.io.tmpdir=" + tmp, "-cp",
        System.getProperty("java.class.path"), "dev.jdtrace.cli.Main", "run", "--sessions", "2", "--include",
        "dev.jdtrace.programs.StdinEcho", "-o", trace.toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS,
        "dev.jdtrace.programs.StdinEcho");
    final String command = jdtrace.stream().map(a -> "'" + a.replace("'", "'\\''") + "'")
        .collect(Collectors.joining(" ")) + " 2>" + CliProcess.stderr(tmp);
    // -e: script exits with jdtrace's status; at the end of its own input it types end-of-file (^D).
    final Process terminal = new ProcessBuilder("script", "-q", "-e", "-c", command, "/dev/null")
        .redirectErrorStream(true).start();
    try {
      final BufferedReader out = CliProcess.stdout(terminal);
      final OutputStream in = terminal.getOutputStream();
      in.write("hello\n".getBytes(StandardCharsets.UTF_8));
      in.flush();
      // Answered while the next line is not typed yet: the first run reads the terminal live.
      assertThat(CliProcess.awaitLine(out, "1: ")).startsWith("1: \"hello\" vowels=2 medium (plain)");
      in.write("sky\n".getBytes(StandardCharsets.UTF_8));
      in.close();
      assertThat(CliProcess.awaitLine(out, "lines=")).startsWith("lines=2 vowels=2");
      assertThat(terminal.waitFor()).as(Files.readString(CliProcess.stderr(tmp))).isZero();
      final String err = Files.readString(CliProcess.stderr(tmp));
      assertThat(err).contains("2 sessions,").doesNotContain("traced again in one session");
      // The sessions replayed both lines: the trace is the one of a run given them as a file.
      final Path typed = Files.writeString(dir.resolve("typed.txt"), "hello\nsky\n");
      final Path fromFile = dir.resolve("file.trace");
      final Cli.Outcome o = Cli.execute("run", "--sessions", "1", "--stdin", typed.toString(), "--include",
          "dev.jdtrace.programs.StdinEcho", "-o", fromFile.toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS,
          "dev.jdtrace.programs.StdinEcho");
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(blocks(trace)).isEqualTo(blocks(fromFile)).isNotEmpty();
    } finally {
      terminal.destroyForcibly();
    }
  }

  private List<String> blocks(final Path trace) throws java.io.IOException {
    final Path out = dir.resolve(trace.getFileName() + ".blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", out.toString()).exitCode()).isZero();
    return Files.readAllLines(out);
  }
}
