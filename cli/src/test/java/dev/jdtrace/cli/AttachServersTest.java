package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.servers.HttpAsk;
import dev.jdtrace.servers.JdkHttpService;
import dev.jdtrace.servers.JettyService;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code jdtrace attach} on real servers: the JDK's {@code HttpServer} and Jetty 12, each with a traced handler
 * ({@code dev.jdtrace.servers}, rendering with commons-lang3's {@code StringUtils}, traced too), warmed by one
 * request, without {@code --classpath} (the target's own class
 * path is read over JDWP). A request traced in one and in three sessions must give the blocks of an all-blocks
 * one-session attach of the same request, also when the handler throws; the request's pool thread is another
 * one in every session. Each attach waits on its trigger's answer, never on a time.
 */
class AttachServersTest {
  private static final String INCLUDE = "dev.jdtrace.servers.*";
  private static final String LIBRARY = "org.apache.commons.lang3.StringUtils";

  @TempDir
  Path dir;
  /** What the last attach said. */
  private String last;

  /** The test classes and the jars the servers run from (Jetty's, and the logging API it needs). */
  private static String classpath() {
    return Stream.of(HttpAsk.class, org.eclipse.jetty.server.Server.class, org.eclipse.jetty.http.HttpField.class,
            org.eclipse.jetty.io.EndPoint.class, org.eclipse.jetty.util.Callback.class, org.slf4j.Logger.class,
            org.apache.commons.lang3.StringUtils.class)
        .map(AttachServersTest::location).distinct().collect(Collectors.joining(File.pathSeparator));
  }

  private static String location(final Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (final URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String trigger(final ServiceJvm server, final String path) {
    return "'" + Cli.JAVA + "' -cp '" + classpath() + "' " + HttpAsk.class.getName() + " " + server.servicePort()
        + " '" + path + "'";
  }

  /** The trace's lines of the threads that ran the handler, by thread name, without the thread column. */
  private List<String> handled(final Path trace, final List<String> threads) throws IOException {
    final Path out = dir.resolve(trace.getFileName() + ".blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", out.toString()).exitCode()).isZero();
    final List<String> lines = new ArrayList<>();
    for (final String l : Files.readAllLines(out)) {
      if (!l.startsWith("#") && l.contains("\tdev.jdtrace.servers.Page\t")) {
        threads.add(l.substring(0, l.indexOf('\t')));
      }
    }
    for (final String l : Files.readAllLines(out)) {
      if (!l.startsWith("#") && threads.contains(l.substring(0, l.indexOf('\t')))) {
        lines.add(l.substring(l.indexOf('\t') + 1));
      }
    }
    return lines;
  }

  private Path attach(final ServiceJvm server, final String path, final String name, final String... options) {
    final Path trace = dir.resolve(name + ".trace");
    final Path stats = dir.resolve(name + ".json");
    final List<String> args = new ArrayList<>(List.of("attach", server.target(), "--include", INCLUDE, "--include", LIBRARY, "--settle",
        "200", "--trigger", trigger(server, path), "-o", trace.toString(), "--stats", stats.toString()));
    args.addAll(List.of(options));
    final Cli.Outcome o = Cli.execute(args.toArray(String[]::new));
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.err()).contains("VM paused at most");
    try {
      assertThat(Files.readString(stats)).contains("\"longestPauseMillis\"").contains("\"session\" : 0");
    } catch (final IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    last = o.err();
    return trace;
  }

  @ParameterizedTest
  @ValueSource(classes = {JdkHttpService.class, JettyService.class})
  void aWarmServerTracedInOneAndThreeSessionsGivesTheAllBlocksTrace(final Class<?> main) throws IOException {
    try (ServiceJvm server = ServiceJvm.start(main.getName(), classpath())) {
      assertThat(HttpAsk.ask(server.servicePort(), "/page?n=2")).startsWith("HTTP/1.1 200 OK <h1>");
      for (final String path : List.of("/page?n=5", "/page?fail")) {
        final List<String> truthThreads = new ArrayList<>();
        final List<String> truth = handled(attach(server, path, "truth", "--profile", "all-blocks", "--sessions",
            "1"), truthThreads);
        assertThat(truth).as(path).isNotEmpty();
        for (final String sessions : List.of("1", "3")) {
          final List<String> threads = new ArrayList<>();
          assertThat(handled(attach(server, path, "s" + sessions, "--sessions", sessions), threads))
              .as(path + " in " + sessions + " sessions").isEqualTo(truth);
          assertThat(last).contains("jdtrace: " + sessions + " session" + (sessions.equals("1") ? "" : "s")
              + " on 1 target").doesNotContain("traced again in one session");
          System.err.println(last);
          if (main == JdkHttpService.class) {
            // Its pool starts a new worker for each of its first 32 requests: another thread every session.
            assertThat(threads).as(path).doesNotContainAnyElementsOf(truthThreads);
          }
        }
      }
      assertThat(HttpAsk.ask(server.servicePort(), "/page?n=1")).startsWith("HTTP/1.1 200 OK <h1>");
    }
  }
}
