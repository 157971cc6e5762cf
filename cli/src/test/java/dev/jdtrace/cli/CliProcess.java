package dev.jdtrace.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The jdtrace command in its own JVM, for what an in-process run cannot show: signals, standard input
 * that stays open, processes left behind. Its temporary directory is the test's, to see what it leaves.
 */
final class CliProcess {
  private CliProcess() {
  }

  /** Starts {@code jdtrace args…} with {@code java.io.tmpdir} set to {@code tmp}; stderr goes to {@link #stderr}. */
  static Process start(final Path tmp, final String... args) throws IOException {
    final List<String> command = new ArrayList<>(List.of(Cli.JAVA, "-Djava.io.tmpdir=" + tmp, "-cp",
        System.getProperty("java.class.path"), "dev.jdtrace.cli.Main"));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectError(stderr(tmp).toFile()).start();
  }

  /** As {@link #start(Path, String...)}, with jdtrace's caches in {@code cache}. */
  static Process startCaching(final Path tmp, final Path cache, final String... args) throws IOException {
    final List<String> command = new ArrayList<>(List.of(Cli.JAVA, "-Djava.io.tmpdir=" + tmp,
        "-Djdtrace.cache=" + cache, "-cp", System.getProperty("java.class.path"), "dev.jdtrace.cli.Main"));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectError(stderr(tmp).toFile()).start();
  }

  static Path stderr(final Path tmp) {
    return tmp.resolveSibling(tmp.getFileName() + ".stderr");
  }

  /** Reads the process's standard output up to the first line containing {@code text}; blocks until then. */
  static String awaitLine(final BufferedReader out, final String text) throws IOException {
    String line;
    while ((line = out.readLine()) != null) {
      if (line.contains(text)) {
        return line;
      }
    }
    throw new AssertionError("the output ended without a line containing " + text);
  }

  static BufferedReader stdout(final Process p) {
    return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
  }

  /** Sends a signal by name (TERM, INT, KILL) with kill(1). */
  static void signal(final Process p, final String name) throws IOException, InterruptedException {
    final Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(p.pid())).inheritIO().start();
    if (kill.waitFor() != 0) {
      throw new AssertionError("kill -" + name + " failed");
    }
  }

  /** Waits on file-system events for a file to appear; false when it has not in time. */
  static boolean appears(final Path file, final long seconds) throws IOException, InterruptedException {
    try (WatchService watch = file.getFileSystem().newWatchService()) {
      file.getParent().register(watch, StandardWatchEventKinds.ENTRY_CREATE);
      final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (!Files.exists(file)) {
        final WatchKey key = watch.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
        if (key == null) {
          return false;
        }
        key.pollEvents();
        key.reset();
      }
      return true;
    }
  }

  /** Whether SIGINT is ignored in this JVM (as in a background job of a non-interactive shell): children inherit it. */
  static boolean sigintIgnored() throws IOException {
    final Path status = Path.of("/proc/self/status");
    if (!Files.exists(status)) {
      return false;
    }
    for (final String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 2) != 0;
      }
    }
    return false;
  }
}
