package dev.jdtrace.collect.internal;

import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.collect.LaunchedProcesses;
import dev.jdtrace.collect.ProgramNotStartedException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The trigger of an attached session: a shell command line ({@code sh -c}) that sends the target the
 * same input every time. It learns which target and session it serves from {@code JDTRACE_HOST},
 * {@code JDTRACE_PORT} (the debug port) and {@code JDTRACE_SESSION}. Its standard output is digested, so
 * that sessions whose triggers saw different answers are reported as a divergence.
 */
final class TriggerProcess {
  private final Process process;
  private final Thread stdout;
  private final Thread stderr;
  private final MessageDigest digest;

  private TriggerProcess(final Process process, final OutputStream out, final OutputStream err) {
    this.process = process;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (final NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    stdout = pump(process.getInputStream(), out, digest);
    stderr = pump(process.getErrorStream(), err, null);
  }

  static TriggerProcess start(final String command, final Endpoint target, final int session, final OutputStream out,
      final OutputStream err) {
    final ProcessBuilder builder = new ProcessBuilder(List.of("sh", "-c", command));
    final Map<String, String> env = builder.environment();
    env.put("JDTRACE_HOST", target.host());
    env.put("JDTRACE_PORT", Integer.toString(target.port()));
    env.put("JDTRACE_SESSION", Integer.toString(session));
    try {
      final Process p = LaunchedProcesses.start(builder);
      p.getOutputStream().close();
      return new TriggerProcess(p, out, err);
    } catch (final IOException e) {
      throw new ProgramNotStartedException("cannot run the trigger command: " + e.getMessage(), e);
    }
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Exit code, once its output has been read to the end. */
  int exitCode() throws InterruptedException {
    final int code = process.waitFor();
    LaunchedProcesses.unregister(process);
    stdout.join();
    stderr.join();
    return code;
  }

  /** Hex SHA-256 of its standard output. */
  String stdoutSha256() {
    synchronized (digest) {
      return HexFormat.of().formatHex(digest.digest());
    }
  }

  /** Ends the trigger and whatever it started (a guardrail cut the session). */
  void stop() {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
  }

  private static Thread pump(final InputStream in, final OutputStream out, final MessageDigest digest) {
    final Thread t = new Thread(() -> {
      try (in) {
        final byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) >= 0) {
          if (digest != null) {
            synchronized (digest) {
              digest.update(buf, 0, n);
            }
          }
          out.write(buf, 0, n);
          out.flush();
        }
      } catch (final IOException e) {
        // The trigger's output is gone; nothing more to pass through.
      }
    }, "jdtrace-trigger-output");
    t.setDaemon(true);
    t.start();
    return t;
  }
}
