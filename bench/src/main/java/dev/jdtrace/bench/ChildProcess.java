package dev.jdtrace.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one child process and measures it: wall time from start to exit, and its peak resident memory.
 *
 * <p>Peak memory is the {@code VmHWM} line of {@code /proc/PID/status} (the kernel's resident high-water mark)
 * of that process alone, read every 20 ms while it runs; the last reading before exit is kept, so growth in
 * the last 20 ms is missed. For {@code jdtrace run} and the line stepper that process is the debugger side:
 * the traced JVMs are separate processes and do not count. Where {@code /proc} is missing the figure is -1.
 */
final class ChildProcess {
  private static final long SAMPLE_MILLIS = 20;

  /**
   * What a run measured.
   *
   * @param exitCode the process's exit code
   * @param wallMillis start to exit
   * @param peakKb resident high-water mark in KB, or -1 when unknown
   */
  record Outcome(int exitCode, long wallMillis, long peakKb) {
  }

  private ChildProcess() {
  }

  /**
   * Runs {@code command}, standard input from {@code stdin} (or nothing), standard output discarded and
   * standard error to {@code stderr}.
   */
  static Outcome run(final List<String> command, final Path stdin, final Path stderr, final long timeoutMinutes)
      throws IOException, InterruptedException {
    final ProcessBuilder pb = new ProcessBuilder(command)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(stderr.toFile())
        .redirectInput(stdin == null ? ProcessBuilder.Redirect.from(new File("/dev/null"))
            : ProcessBuilder.Redirect.from(stdin.toFile()));
    final long start = System.nanoTime();
    final Process p = pb.start();
    final Path status = Path.of("/proc", Long.toString(p.pid()), "status");
    long peak = -1;
    try {
      while (!p.waitFor(SAMPLE_MILLIS, TimeUnit.MILLISECONDS)) {
        peak = Math.max(peak, highWaterMark(status));
        if (System.nanoTime() - start > TimeUnit.MINUTES.toNanos(timeoutMinutes)) {
          throw new IOException("timed out after " + timeoutMinutes + " min: " + String.join(" ", command));
        }
      }
    } finally {
      if (p.isAlive()) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
      }
    }
    return new Outcome(p.exitValue(), (System.nanoTime() - start) / 1_000_000, peak);
  }

  /** VmHWM in KB; -1 when the process has gone or /proc does not say. */
  static long highWaterMark(final Path status) {
    try {
      for (final String line : Files.readAllLines(status)) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
        }
      }
    } catch (final IOException | RuntimeException gone) {
      // The process exited between two samples.
    }
    return -1;
  }
}
