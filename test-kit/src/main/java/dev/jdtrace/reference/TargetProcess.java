package dev.jdtrace.reference;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A target JVM launched with a JDWP agent listening on a loopback port, its output drained on
 * daemon threads (so it never blocks on a full pipe) and its standard input fed then closed.
 *
 * <p>{@link #close()} kills the process if it still runs: a target is never left behind.
 */
final class TargetProcess implements AutoCloseable {

    private static final Pattern LISTENING =
            Pattern.compile("Listening for transport dt_socket at address: (\\d+)");
    static final String AGENT = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0";

    private final Process process;
    private final int port;
    private final ByteArrayOutputStream stdout;
    private final ByteArrayOutputStream stderr;
    private final List<Thread> pumps;

    private TargetProcess(final Process process, final int port, final ByteArrayOutputStream stdout,
                          final ByteArrayOutputStream stderr, final List<Thread> pumps) {
        this.process = process;
        this.port = port;
        this.stdout = stdout;
        this.stderr = stderr;
        this.pumps = pumps;
    }

    /**
     * Launches {@code javaCommand} with the JDWP agent inserted right after the executable and waits
     * for the agent's "Listening" line.
     */
    static TargetProcess launch(final List<String> javaCommand, final byte[] stdin, final Path workingDirectory,
                                final Duration startTimeout) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(javaCommand);
        command.add(1, AGENT);
        final Process process = new ProcessBuilder(command).directory(workingDirectory.toFile()).start();
        try {
            final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
            final Thread errPump = pump(process.getErrorStream(), stderr, "reference-stderr");
            final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            final int[] portHolder = {-1};
            final Object lock = new Object();
            final Thread outPump = new Thread(() -> {
                try {
                    final InputStream in = process.getInputStream();
                    // Lines before the agent's line belong to the program (there are none in practice).
                    while (true) {
                        final String line = readLine(in);
                        if (line == null) {
                            break;
                        }
                        final Matcher m = LISTENING.matcher(line);
                        if (m.find()) {
                            synchronized (lock) {
                                portHolder[0] = Integer.parseInt(m.group(1));
                                lock.notifyAll();
                            }
                            break;
                        }
                        synchronized (stdout) {
                            stdout.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                        }
                    }
                    copy(in, stdout);
                } catch (IOException e) {
                    // The process went away; what we have is all there is.
                } finally {
                    synchronized (lock) {
                        lock.notifyAll();
                    }
                }
            }, "reference-stdout");
            outPump.setDaemon(true);
            outPump.start();
            final Thread inFeeder = new Thread(() -> {
                try (OutputStream out = process.getOutputStream()) {
                    out.write(stdin == null ? new byte[0] : stdin);
                } catch (IOException e) {
                    // The program exited or closed its input without reading everything: that is fine.
                }
            }, "reference-stdin");
            inFeeder.setDaemon(true);
            inFeeder.start();
            final long deadline = System.nanoTime() + startTimeout.toNanos();
            synchronized (lock) {
                while (portHolder[0] < 0 && outPump.isAlive()) {
                    final long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    lock.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                }
            }
            if (portHolder[0] < 0) {
                process.destroyForcibly();
                errPump.join(2000);
                throw new IOException("the target did not report a JDWP port; command " + command + "; stderr:\n"
                        + stderr.toString(StandardCharsets.UTF_8));
            }
            return new TargetProcess(process, portHolder[0], stdout, stderr, List.of(outPump, errPump, inFeeder));
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** The JDWP port on 127.0.0.1. */
    int port() {
        return port;
    }

    /** Waits for the process to exit and its output to be drained; returns the exit code, or empty on timeout. */
    java.util.OptionalInt waitFor(final Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return java.util.OptionalInt.empty();
        }
        for (final Thread pump : pumps) {
            pump.join(5000);
        }
        return java.util.OptionalInt.of(process.exitValue());
    }

    /** Everything the program wrote to standard output after the agent's line. */
    String stdout() {
        synchronized (stdout) {
            return stdout.toString(StandardCharsets.UTF_8);
        }
    }

    /** Everything the program (and the JVM) wrote to standard error. */
    String stderr() {
        synchronized (stderr) {
            return stderr.toString(StandardCharsets.UTF_8);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Thread pump(final InputStream in, final ByteArrayOutputStream sink, final String name) {
        final Thread t = new Thread(() -> {
            try {
                copy(in, sink);
            } catch (IOException e) {
                // The process went away.
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void copy(final InputStream in, final ByteArrayOutputStream sink) throws IOException {
        final byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            synchronized (sink) {
                sink.write(buffer, 0, n);
            }
        }
    }

    /** Reads one line byte by byte, so nothing after it is consumed; null at end of stream. */
    private static String readLine(final InputStream in) throws IOException {
        final ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            line.write(b);
        }
        if (b < 0 && line.size() == 0) {
            return null;
        }
        return line.toString(StandardCharsets.UTF_8).replace("\r", "");
    }
}
