package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C, SIGTERM and SIGKILL of {@code jdtrace run} leave nothing behind: no target, no child of a
 * target, no partial stream. Every wait is on an event (a line, a file, a process exit).
 */
// A separate thread: a regression blocks in a read or an open that an interrupt does not end.
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InterruptionTest {
  private static final String SERVICE = "dev.jdtrace.programs.service.Service";

  @TempDir
  Path dir;

  /**
   * jdtrace tracing the endless service, once the service listens (so its session stream is open). All
   * classes: planning only the loaded classes would first run the program to see them, and an endless
   * program never ends that run, so its sessions would never start.
   */
  private Process runningService(final Path tmp) throws Exception {
    final Process jdtrace = CliProcess.start(tmp, "run", "--profile", "all-blocks", "--all-classes",
        "--sessions", "1", "--include", "dev.jdtrace.programs.service.*", "-o",
        dir.resolve("t.trace").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, SERVICE, "0");
    jdtrace.getOutputStream().close();
    CliProcess.awaitLine(CliProcess.stdout(jdtrace), "listening on");
    return jdtrace;
  }

  private void stoppedBy(final String signal, final int exitCode) throws Exception {
    final Path tmp = Files.createDirectory(dir.resolve("tmp"));
    final Process jdtrace = runningService(tmp);
    try {
      try (var work = Files.list(tmp)) {
        assertThat(work.toList()).as("the session's temporary directory").hasSize(1);
      }
      final List<ProcessHandle> targets = jdtrace.descendants().toList();
      assertThat(targets).isNotEmpty();
      CliProcess.signal(jdtrace, signal);
      assertThat(jdtrace.waitFor()).isEqualTo(exitCode);
      final List<String> err = Files.readAllLines(CliProcess.stderr(tmp));
      // One line says what happened, and it is the last: the failures the killing causes stay quiet.
      assertThat(err).as(String.join("\n", err)).last().isEqualTo(
          "jdtrace: interrupted: launched programs killed, partial files removed");
      assertThat(err).filteredOn(l -> l.contains("interrupted") || l.contains("Exception") || l.contains("\tat "))
          .hasSize(1);
      for (final ProcessHandle target : targets) {
        target.onExit().get(10, TimeUnit.SECONDS);
      }
      try (var left = Files.list(tmp)) {
        assertThat(left.toList()).as("partial files left").isEmpty();
      }
      assertThat(dir.resolve("t.trace")).doesNotExist();
    } finally {
      jdtrace.destroyForcibly();
    }
  }

  /** The first run, which finds the classes the program loads, is guarded too: SIGTERM kills it and says so. */
  @Test
  void sigtermDuringTheFirstRunKillsItAndSaysSo() throws Exception {
    final Path tmp = Files.createDirectory(dir.resolve("tmp"));
    final Process jdtrace = CliProcess.start(tmp, "run", "--include", "dev.jdtrace.programs.service.*", "-o",
        dir.resolve("t.trace").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, SERVICE, "0");
    try {
      jdtrace.getOutputStream().close();
      // The endless service is the first run: its output passes through.
      CliProcess.awaitLine(CliProcess.stdout(jdtrace), "listening on");
      final List<ProcessHandle> targets = jdtrace.descendants().toList();
      assertThat(targets).isNotEmpty();
      CliProcess.signal(jdtrace, "TERM");
      assertThat(jdtrace.waitFor()).isEqualTo(143);
      assertThat(Files.readAllLines(CliProcess.stderr(tmp))).last().isEqualTo(
          "jdtrace: interrupted: launched programs killed, partial files removed");
      for (final ProcessHandle target : targets) {
        target.onExit().get(10, TimeUnit.SECONDS);
      }
      assertThat(dir.resolve("t.trace")).doesNotExist();
    } finally {
      jdtrace.destroyForcibly();
    }
  }

  @Test
  void sigtermKillsTheTargetRemovesThePartsAndExits143() throws Exception {
    stoppedBy("TERM", 143);
  }

  @Test
  void sigintKillsTheTargetRemovesThePartsAndExits130() throws Exception {
    assumeFalse(CliProcess.sigintIgnored(), "SIGINT is ignored here (a background job), so jdtrace would ignore it");
    stoppedBy("INT", 130);
  }

  @Test
  void theTargetDoesNotOutliveAKilledJdtrace() throws Exception {
    final Path tmp = Files.createDirectory(dir.resolve("tmp"));
    final Process jdtrace = runningService(tmp);
    final List<ProcessHandle> targets = jdtrace.descendants().toList();
    assertThat(targets).isNotEmpty();
    CliProcess.signal(jdtrace, "KILL");
    assertThat(jdtrace.waitFor()).isEqualTo(137);
    for (final ProcessHandle target : targets) {
      // The kernel's parent-death signal: no hook of jdtrace ran.
      target.onExit().get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void theChildOfAJavaThatNeverOpensItsPortIsNotOrphaned() throws Exception {
    final Path tmp = Files.createDirectory(dir.resolve("tmp"));
    // The fake java's child holds the write end of a FIFO: the test's read ends when the child is gone.
    final Path alive = dir.resolve("alive");
    assertThat(new ProcessBuilder("mkfifo", alive.toString()).inheritIO().start().waitFor()).isZero();
    final Path fakeJava = Files.writeString(dir.resolve("java"), "#!/bin/sh\nsleep 600 3>'" + alive + "' &\nwait\n");
    assertThat(fakeJava.toFile().setExecutable(true)).isTrue();
    final Process jdtrace = CliProcess.start(tmp, "run", "--include", "dev.jdtrace.programs.Sample", "-o",
        dir.resolve("t.trace").toString(), "--", fakeJava.toString(), "-cp", Cli.PROGRAMS,
        "dev.jdtrace.programs.Sample");
    jdtrace.getOutputStream().close();
    try (InputStream child = Files.newInputStream(alive)) {
      // Opening the FIFO returns once the child has opened it: the fake java is running, its port never opens.
      CliProcess.signal(jdtrace, "TERM");
      assertThat(jdtrace.waitFor()).isEqualTo(143);
      assertThat(child.read()).as("the child closed the FIFO by dying").isEqualTo(-1);
    } finally {
      jdtrace.destroyForcibly();
    }
  }
}
