package dev.jdtrace.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Small tmpfs file systems for tests that need a full disk or a read-only directory. Mounting needs root
 * (as in many containers); elsewhere {@link #tmpfs} returns null and the test is skipped.
 */
final class Mounts implements AutoCloseable {
  private final Path dir;

  private Mounts(final Path dir) {
    this.dir = dir;
  }

  /** Mounts a tmpfs of {@code kilobytes} on {@code dir}; null when this machine does not let the tests mount. */
  static Mounts tmpfs(final Path dir, final int kilobytes, final boolean readOnly) {
    final List<String> options = new ArrayList<>(List.of("size=" + kilobytes + "k"));
    if (readOnly) {
      options.add("ro");
    }
    return run("mount", "-t", "tmpfs", "-o", String.join(",", options), "tmpfs", dir.toString())
        ? new Mounts(dir) : null;
  }

  @Override
  public void close() {
    run("umount", dir.toString());
  }

  private static boolean run(final String... command) {
    try {
      final Process p = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (final IOException e) {
      return false;
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Runs a command that must succeed or not be available (mknod, mkfifo); false when it failed. */
  static boolean tryRun(final String... command) {
    return run(command);
  }
}
