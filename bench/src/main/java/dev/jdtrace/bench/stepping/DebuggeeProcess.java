package dev.jdtrace.bench.stepping;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The target JVM of the line-stepping baseline: launched suspended with a JDWP agent on a loopback port, its
 * standard input fed from bytes, its output drained and discarded (it is never compared). Closing it kills a
 * target that still runs.
 */
final class DebuggeeProcess implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("Listening for transport dt_socket at address: (\\d+)");
  private static final String AGENT = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0";

  private final Process process;
  private final int port;

  private DebuggeeProcess(final Process process, final int port) {
    this.process = process;
    this.port = port;
  }

  /** Launches {@code javaCommand} with the agent right after the executable; returns once the agent listens. */
  static DebuggeeProcess launch(final List<String> javaCommand, final byte[] stdin) throws IOException {
    final List<String> command = new ArrayList<>(javaCommand);
    command.add(1, AGENT);
    final Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      final InputStream out = process.getInputStream();
      String line;
      while ((line = readLine(out)) != null) {
        final Matcher m = LISTENING.matcher(line);
        if (m.find()) {
          drain(out);
          feed(process.getOutputStream(), stdin);
          return new DebuggeeProcess(process, Integer.parseInt(m.group(1)));
        }
      }
      throw new IOException("the target exited before its JDWP agent listened: " + command);
    } catch (final IOException | RuntimeException e) {
      process.destroyForcibly();
      throw e;
    }
  }

  int port() {
    return port;
  }

  /** Waits for the target's exit code. */
  int waitFor() throws InterruptedException {
    return process.waitFor();
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static void drain(final InputStream in) {
    daemon("stepper-stdout", () -> {
      try {
        in.transferTo(OutputStream.nullOutputStream());
      } catch (final IOException e) {
        // The target went away: nothing more to drain.
      }
    });
  }

  private static void feed(final OutputStream in, final byte[] stdin) {
    daemon("stepper-stdin", () -> {
      try (in) {
        in.write(stdin);
      } catch (final IOException e) {
        // The program closed its input early: it did not want the rest.
      }
    });
  }

  private static void daemon(final String name, final Runnable body) {
    final Thread t = new Thread(body, name);
    t.setDaemon(true);
    t.start();
  }

  /** One line, byte by byte, so nothing after it is consumed; null at the end of the stream. */
  private static String readLine(final InputStream in) throws IOException {
    final ByteArrayOutputStream line = new ByteArrayOutputStream();
    int b;
    while ((b = in.read()) >= 0 && b != '\n') {
      line.write(b);
    }
    return b < 0 && line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
  }
}
