package dev.jdtrace.cli;

import dev.jdtrace.programs.service.ServiceClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A running {@code dev.jdtrace.programs.service.Service} JVM (or another server of that package) with a JDWP agent on loopback, started the
 * way a user would open a debug port: {@code server=y,suspend=n,address=127.0.0.1:PORT}. The port is a
 * fixed free one, not 0: after a debugger detaches, the agent listens again on the same address, and
 * port 0 would give it a new port each time. Killed on close.
 */
final class ServiceJvm implements AutoCloseable {
  private static final Pattern JDWP = Pattern.compile("Listening for transport dt_socket at address: (\\d+)");
  private static final Pattern SERVICE = Pattern.compile("listening on (\\d+)");

  private final Process process;
  private final int debugPort;
  private final int servicePort;

  private ServiceJvm(final Process process, final int debugPort, final int servicePort) {
    this.process = process;
    this.debugPort = debugPort;
    this.servicePort = servicePort;
  }

  static ServiceJvm start() throws IOException {
    return start("dev.jdtrace.programs.service.Service");
  }

  /** A JVM running this server main class of the service package, which prints {@code listening on N}. */
  static ServiceJvm start(final String mainClass) throws IOException {
    return start(mainClass, Cli.PROGRAMS, false);
  }

  /** The same, with the test programs' classes from this class path. */
  static ServiceJvm start(final String mainClass, final String classpath) throws IOException {
    return start(mainClass, classpath, false);
  }

  /**
   * A JVM whose agent holds it at its start until a debugger comes ({@code suspend=y}): returned as soon as
   * the agent listens, before its main runs (its service port is not known yet, -1).
   */
  static ServiceJvm startHeld(final String mainClass) throws IOException {
    return start(mainClass, Cli.PROGRAMS, true);
  }

  private static ServiceJvm start(final String mainClass, final String classpath, final boolean held)
      throws IOException {
    final int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    final Process p = new ProcessBuilder(List.of(Cli.JAVA,
        "-agentlib:jdwp=transport=dt_socket,server=y,suspend=" + (held ? "y" : "n") + ",address=127.0.0.1:" + port,
        "-cp", classpath,
        mainClass, "0")).redirectErrorStream(true).start();
    final BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    int debug = -1;
    int service = -1;
    String line;
    while ((debug < 0 || service < 0 && !held) && (line = out.readLine()) != null) {
      final Matcher j = JDWP.matcher(line);
      final Matcher s = SERVICE.matcher(line);
      if (j.find()) {
        debug = Integer.parseInt(j.group(1));
      } else if (s.find()) {
        service = Integer.parseInt(s.group(1));
      }
    }
    if (debug < 0 || service < 0 && !held) {
      p.destroyForcibly();
      throw new IllegalStateException("the service did not start");
    }
    // Drain the rest so the service never blocks on a full pipe.
    final Thread drain = new Thread(() -> {
      try {
        while (out.readLine() != null) {
          // discard
        }
      } catch (final IOException e) {
        // gone
      }
    });
    drain.setDaemon(true);
    drain.start();
    return new ServiceJvm(p, debug, service);
  }

  /** {@code 127.0.0.1:debugPort}. */
  String target() {
    return "127.0.0.1:" + debugPort;
  }

  int debugPort() {
    return debugPort;
  }

  int servicePort() {
    return servicePort;
  }

  /** Sends one request and returns the answer. */
  String ask(final String request) throws IOException {
    return ServiceClient.ask(servicePort, request);
  }

  /**
   * The trigger command line sending one request to this service. It ends once the service has closed the
   * connection, so a session's window ends on that event and holds the whole request; the settle that follows
   * only waits for the traced threads to be out of traced code, which attach checks on their suspended stacks.
   */
  String trigger(final String request) {
    return "'" + Cli.JAVA + "' -cp '" + Cli.PROGRAMS + "' dev.jdtrace.programs.service.ServiceClient " + servicePort
        + " '" + request + "'";
  }

  boolean isAlive() {
    return process.isAlive();
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
