package dev.jdtrace.tracer;

import dev.jdtrace.collect.LaunchedProcesses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Ctrl-C or SIGTERM while a command runs: the JVM runs its shutdown hooks and exits with 130 or 143.
 * While guarded, the hook stops the first run or the sessions by killing every launched program (with what it started),
 * deletes the partial files (session streams in the temporary directory, a part being collected), and
 * says so in one line. Other failures that the killing causes in the meantime are not reported: they
 * are its consequence, not news.
 */
public final class Interruption implements AutoCloseable {
  private static volatile boolean happened;

  private final Thread hook;

  private Interruption(final List<Path> partial, final Consumer<String> info) {
    hook = new Thread(() -> {
      happened = true;
      LaunchedProcesses.killAll();
      partial.forEach(Interruption::delete);
      info.accept("interrupted: launched programs killed, partial files removed");
    }, "jdtrace-interrupted");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /**
   * Guards a command until {@link #close()}.
   *
   * @param partial files or directories to delete when interrupted
   * @param info receives the one line said when interrupted
   */
  static Interruption guard(final List<Path> partial, final Consumer<String> info) {
    return new Interruption(List.copyOf(partial), info);
  }

  /**
   * Whether the command is being interrupted: failures are then consequences, not to be reported. Also true
   * once the launched programs' own shutdown hook runs, which the JVM may start before this one (a flaky
   * {@code InterruptionTest} printed a session's failure after the interruption's line).
   */
  public static boolean happened() {
    return happened || LaunchedProcesses.exiting();
  }

  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (final IllegalStateException e) {
      // Already shutting down: the hook runs.
    }
  }

  private static void delete(final Path path) {
    try {
      if (Files.isDirectory(path)) {
        TraceRun.deleteTree(path);
      } else {
        Files.deleteIfExists(path);
      }
    } catch (final IOException e) {
      // Best effort while the JVM exits; a file still open elsewhere is gone with the process.
    }
  }
}
