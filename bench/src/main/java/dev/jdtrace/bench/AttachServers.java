package dev.jdtrace.bench;

import dev.jdtrace.collect.AttachResult;
import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.collect.Guardrails;
import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.collect.Window;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.servers.HttpAsk;
import dev.jdtrace.servers.JdkHttpService;
import dev.jdtrace.servers.JettyService;
import dev.jdtrace.tracer.AttachReport;
import dev.jdtrace.tracer.AttachRequest;
import dev.jdtrace.tracer.RunRequest;
import dev.jdtrace.tracer.Tracer;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What an attach costs a real server (issue #28): per server (the JDK HttpServer, Jetty 12) and number of
 * sessions, the breakpoints and the longest VM pause of each session, the attach's wall time, and the latency
 * (p50, p99) of requests the trace does not follow ({@code /static}), sent one after another while the attach
 * runs, against the same requests with no debugger attached. The traced requests render {@code Page} with
 * commons-lang3's {@code StringUtils}, both traced. Prints a Markdown table.
 *
 * <p>{@code java -cp ... dev.jdtrace.bench.AttachServers [REQUESTS]} (default 2000 baseline requests).
 */
public final class AttachServers {
  private AttachServers() {
  }

  public static void main(final String[] args) throws Exception {
    final int requests = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    final PrintStream out = System.out;
    out.println("| server | sessions | breakpoints per session | longest VM pause per session (ms) "
        + "| classes prepared in the session, longest hold of the preparing thread (ms) | attach wall (s) "
        + "| untraced p50 / p99 during the attach (ms) | untraced p50 / p99, no debugger (ms) |");
    out.println("|---|---|---|---|---|---|---|---|");
    for (final Class<?> server : List.of(JdkHttpService.class, JettyService.class)) {
      try (Target target = Target.start(server)) {
        // First cold: no page has run, so no traced class is loaded; the plan holds every class of the class path that
        // matches, and Page and StringUtils load during the traced request, each holding the thread that prepares it
        // while its breakpoints are set.
        for (int i = 0; i < 50; i++) {
          HttpAsk.ask(target.port, "/static");
        }
        final double[] alone = percentiles(latencies(target.port, requests, null));
        for (final int sessions : List.of(-1, 0, 1, 3)) {
          if (sessions == 0) {
            for (int i = 0; i < 50; i++) {
              HttpAsk.ask(target.port, "/page?n=20");
              HttpAsk.ask(target.port, "/static");
            }
          }
          final AtomicBoolean attached = new AtomicBoolean(true);
          final List<Long> during = Collections.synchronizedList(new ArrayList<>());
          final Thread load = new Thread(() -> during.addAll(latencies(target.port, Integer.MAX_VALUE, attached)));
          load.start();
          final long start = System.nanoTime();
          final AttachReport report = attach(target, sessions);
          final double wall = (System.nanoTime() - start) / 1e9;
          attached.set(false);
          load.join();
          final double[] with = percentiles(during);
          out.printf("| %s | %s | %s | %s | %s | %.1f | %.2f / %.2f | %.2f / %.2f |%n", server.getSimpleName(),
              sessions == -1 ? "1, cold" : sessions == 0 ? "1, all blocks" : Integer.toString(sessions),
              report.sessions().stream().map(r -> Integer.toString(r.run().breakpoints()))
                  .collect(Collectors.joining(" / ")),
              report.sessions().stream().map(r -> String.format("%.1f", pauseMicros(r) / 1000.0))
                  .collect(Collectors.joining(" / ")),
              report.sessions().stream().map(AttachServers::classStops).collect(Collectors.joining(" / ")),
              wall, with[0], with[1], alone[0], alone[1]);
        }
      }
    }
  }

  /**
   * The session's longest VM pause. Read reflectively so that this class also runs against builds from before
   * the pause was split out (issue #28): there the whole start suspension was one pause.
   */
  private static long pauseMicros(final AttachResult r) {
    try {
      return (long) AttachResult.class.getMethod("longestPauseMicros").invoke(r);
    } catch (final ReflectiveOperationException e) {
      return r.startSuspendMicros();
    }
  }

  /** Classes prepared in the session and the longest hold of their threads, read reflectively as the pause is. */
  private static String classStops(final AttachResult r) {
    try {
      return AttachResult.class.getMethod("classStops").invoke(r) + ", " + String.format("%.1f",
          (long) AttachResult.class.getMethod("longestClassStopMicros").invoke(r) / 1000.0);
    } catch (final ReflectiveOperationException e) {
      return "-";
    }
  }

  /** Attaches for one request: with {@code sessions} 0, all blocks in one session (the ground truth). */
  private static AttachReport attach(final Target target, final int sessions) throws IOException {
    final Path trace = Files.createTempFile("attach-servers", ".trace");
    try {
      final String trigger = "'" + JavaCommand.currentJava() + "' -cp '" + Target.classpath() + "' "
          + HttpAsk.class.getName() + " " + target.port + " '/page?n=20'";
      final RunRequest planning = new RunRequest(List.of("dev.jdtrace.servers.Page",
          "org.apache.commons.lang3.StringUtils"), List.of(), sessions == 0 ? ProfileKind.ALL_BLOCKS : ProfileKind.OPTIMAL,
          trace, null, StandardInput.none(), List.of(), Math.max(1, sessions), Integer.MAX_VALUE, Strategy.OPTIMIZED, 1);
      return Tracer.attach(new AttachRequest(List.of(Endpoint.parse("127.0.0.1:" + target.debug)), null, planning,
          Window.trigger(trigger), new Guardrails(10_000_000, 200_000, 600, 200), false),
          new PrintStream(PrintStream.nullOutputStream()), new PrintStream(PrintStream.nullOutputStream()),
          line -> { });
    } finally {
      Files.deleteIfExists(trace);
    }
  }

  /** Sends {@code /static} requests one after another, up to a count or while the flag holds; their latencies. */
  private static List<Long> latencies(final int port, final int count, final AtomicBoolean whileSet) {
    final List<Long> nanos = new ArrayList<>();
    for (int i = 0; i < count && (whileSet == null || whileSet.get()); i++) {
      final long t = System.nanoTime();
      try {
        HttpAsk.ask(port, "/static");
      } catch (final IOException e) {
        throw new IllegalStateException(e);
      }
      nanos.add(System.nanoTime() - t);
    }
    return nanos;
  }

  private static double[] percentiles(final List<Long> nanos) {
    final List<Long> sorted = new ArrayList<>(nanos);
    Collections.sort(sorted);
    if (sorted.isEmpty()) {
      return new double[] {Double.NaN, Double.NaN};
    }
    return new double[] {sorted.get(sorted.size() / 2) / 1e6,
        sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * 0.99) - 1)) / 1e6};
  }

  /** A server JVM with a loopback debug port, killed on close. */
  private static final class Target implements AutoCloseable {
    private final Process process;
    private final int debug;
    private final int port;

    private Target(final Process process, final int debug, final int port) {
      this.process = process;
      this.debug = debug;
      this.port = port;
    }

    static String classpath() {
      return Stream.of(HttpAsk.class, org.eclipse.jetty.server.Server.class, org.eclipse.jetty.http.HttpField.class,
              org.eclipse.jetty.io.EndPoint.class, org.eclipse.jetty.util.Callback.class, org.slf4j.Logger.class,
              org.apache.commons.lang3.StringUtils.class)
          .map(Target::location).distinct().collect(Collectors.joining(File.pathSeparator));
    }

    private static String location(final Class<?> type) {
      try {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
      } catch (final URISyntaxException e) {
        throw new IllegalStateException(e);
      }
    }

    static Target start(final Class<?> main) throws IOException {
      final int debug;
      try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        debug = free.getLocalPort();
      }
      final Process p = new ProcessBuilder(JavaCommand.currentJava(),
          "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:" + debug, "-cp", classpath(),
          main.getName(), "0").redirectErrorStream(true).start();
      final BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8));
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.startsWith("listening on ")) {
          final Thread drain = new Thread(() -> {
            try {
              while (lines.readLine() != null) {
                // discard
              }
            } catch (final IOException e) {
              // gone
            }
          });
          drain.setDaemon(true);
          drain.start();
          return new Target(p, debug, Integer.parseInt(line.substring("listening on ".length()).trim()));
        }
      }
      throw new IllegalStateException(main.getName() + " did not start");
    }

    @Override
    public void close() {
      process.destroyForcibly();
    }
  }
}
