package dev.jdtrace.collect.internal;

import dev.jdtrace.collect.LaunchedProcesses;
import dev.jdtrace.collect.ProgramNotStartedException;
import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.plan.TargetEnvironment;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The launched target JVM: the user's java command plus a JDWP agent listening on loopback only, with
 * its standard streams replayed and passed through.
 */
public final class LaunchedJvm implements AutoCloseable {
  /** Loopback only: an open JDWP port is remote code execution (DESIGN §3). */
  static final String AGENT = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0";
  private static final Pattern LISTENING = Pattern.compile("Listening for transport dt_socket at address: (\\d+)");

  private final Process process;
  private final CompletableFuture<Integer> port = new CompletableFuture<>();
  private final MessageDigest stdoutDigest;
  private final Thread stdoutPump;
  private final Thread stderrPump;
  private final ByteArrayOutputStream stderrHead = new ByteArrayOutputStream();

  private LaunchedJvm(final Process process, final StandardInput stdin, final OutputStream out,
      final OutputStream err) {
    this.process = process;
    try {
      stdoutDigest = MessageDigest.getInstance("SHA-256");
    } catch (final NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    // stderr first: the stdout pump reads stderrPump when the target dies before attaching.
    stderrPump = pump("stderr", () -> pumpStderr(err));
    stdoutPump = pump("stdout", () -> pumpStdout(out));
    pump("stdin", () -> {
      try (OutputStream in = process.getOutputStream(); InputStream input = stdin.open()) {
        // Chunk by chunk as the input arrives, so the program reads it without waiting for its end.
        final byte[] buf = new byte[8192];
        int n;
        while ((n = input.read(buf)) >= 0) {
          in.write(buf, 0, n);
          in.flush();
        }
      } catch (final IOException e) {
        // The target closed its input early: it does not want the rest.
      }
    });
  }

  /** Starts the command with the JDWP agent inserted after the java executable. */
  public static LaunchedJvm start(final List<String> command, final StandardInput stdin, final OutputStream out,
      final OutputStream err) {
    return start(command, List.of(), stdin, out, err);
  }

  /**
   * Starts the command with the JDWP agent and {@code options} inserted after the java executable, before the
   * command's own options (which so have the last word).
   */
  public static LaunchedJvm start(final List<String> command, final List<String> options, final StandardInput stdin,
      final OutputStream out, final OutputStream err) {
    final List<String> args = new ArrayList<>(command);
    args.addAll(1, options);
    args.add(1, AGENT);
    try {
      // A launched target never outlives jdtrace: killed on exit and on Ctrl-C or SIGTERM through the
      // registry, and by the kernel when jdtrace dies outright.
      final ProcessBuilder builder = new ProcessBuilder(ParentDeathLauncher.wrap(args));
      // The java variables jdtrace's launcher kept from jdtrace's own JVM are the program's.
      TargetEnvironment.restore(builder.environment());
      final Process process = LaunchedProcesses.start(builder);
      return new LaunchedJvm(process, stdin, out, err);
    } catch (final IOException e) {
      throw new ProgramNotStartedException("cannot start " + command.get(0) + ": " + e.getMessage()
          + " (is the java command right?)", e);
    }
  }

  /** The JDWP port, once the agent listens. */
  public int awaitPort() {
    try {
      return port.get(60, TimeUnit.SECONDS);
    } catch (final ExecutionException e) {
      throw (TargetException) e.getCause();
    } catch (final TimeoutException e) {
      LaunchedProcesses.kill(process);
      throw new ProgramNotStartedException("the target did not open its debug port within 60 s");
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while waiting for the target");
    }
  }

  /** Waits for the target to exit and for its output to be passed through; returns the exit code. */
  public int waitFor() throws InterruptedException {
    final int code = process.waitFor();
    stdoutPump.join();
    stderrPump.join();
    return code;
  }

  /** Hex SHA-256 of everything the target wrote to standard output. */
  public String stdoutSha256() {
    return HexFormat.of().formatHex(stdoutDigest.digest());
  }

  @Override
  public void close() {
    LaunchedProcesses.kill(process);
    LaunchedProcesses.unregister(process);
  }

  private void pumpStdout(final OutputStream out) {
    try (InputStream in = new BufferedInputStream(process.getInputStream())) {
      // The agent announces its port on stdout before the program runs; lines before it pass through.
      final ByteArrayOutputStream line = new ByteArrayOutputStream();
      int b;
      while (!port.isDone() && (b = in.read()) >= 0) {
        line.write(b);
        if (b == '\n') {
          final Matcher m = LISTENING.matcher(line.toString());
          if (m.find()) {
            port.complete(Integer.parseInt(m.group(1)));
          } else {
            write(out, line.toByteArray(), line.size());
          }
          line.reset();
        }
      }
      if (!port.isDone()) {
        write(out, line.toByteArray(), line.size());
        port.completeExceptionally(earlyExit());
        return;
      }
      final byte[] buf = new byte[8192];
      int n;
      while ((n = in.read(buf)) >= 0) {
        write(out, buf, n);
      }
    } catch (final IOException e) {
      port.completeExceptionally(new TargetException("lost the target's output: " + e.getMessage(), e));
    }
  }

  private void write(final OutputStream out, final byte[] buf, final int n) throws IOException {
    stdoutDigest.update(buf, 0, n);
    out.write(buf, 0, n);
    out.flush();
  }

  private TargetException earlyExit() {
    String code = "";
    try {
      if (process.waitFor(10, TimeUnit.SECONDS)) {
        code = " with exit code " + process.exitValue();
      }
      stderrPump.join(10_000);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    final String first = stderrHead.toString().lines().findFirst().orElse("");
    return new ProgramNotStartedException("the target exited" + code + " before the debugger could attach"
        + (first.isEmpty() ? "" : ": " + first));
  }

  private void pumpStderr(final OutputStream err) {
    try (InputStream in = process.getErrorStream()) {
      final byte[] buf = new byte[8192];
      int n;
      while ((n = in.read(buf)) >= 0) {
        synchronized (stderrHead) {
          if (stderrHead.size() < 4096) {
            stderrHead.write(buf, 0, n);
          }
        }
        err.write(buf, 0, n);
        err.flush();
      }
    } catch (final IOException e) {
      // The target's stderr is gone; nothing more to pass through.
    }
  }

  private static Thread pump(final String name, final Runnable body) {
    final Thread t = new Thread(body, "jdtrace-target-" + name);
    t.setDaemon(true);
    t.start();
    return t;
  }
}
