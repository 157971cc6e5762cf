package dev.jdtrace.cli;

import static dev.jdtrace.cli.Cli.assertOneLine;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jdtrace attach} is safe for the target and clear about bad input: a class whose bytecode
 * differs is refused before any breakpoint is set, killing jdtrace leaves the target serving, and each
 * bad target gets one line.
 */
class AttachSafetyTest {
  private static final String INCLUDE = "dev.jdtrace.programs.service.*";

  @TempDir
  Path dir;

  private static Cli.Outcome attach(final String target, final String... options) {
    final List<String> args = new ArrayList<>(List.of("attach", target, "--classpath", Cli.PROGRAMS,
        "-o", "unused.trace"));
    args.addAll(List.of(options));
    return Cli.execute(args.toArray(String[]::new));
  }

  @Test
  void aClassWhoseBytecodeDiffersIsRefusedWithNoBreakpointSet() throws IOException {
    // Another build of RequestHandler, first on the classpath jdtrace plans from.
    final Path src = Files.createDirectories(dir.resolve("src/dev/jdtrace/programs/service"));
    final Path other = Files.writeString(src.resolve("RequestHandler.java"), "package dev.jdtrace.programs.service;\n"
        + "public final class RequestHandler {\n  public static String handle(String r) { return \"v2 \" + r; }\n}\n");
    final Path classes = Files.createDirectories(dir.resolve("classes"));
    assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), other.toString()))
        .isZero();
    try (ServiceJvm service = ServiceJvm.start()) {
      service.ask("sum 1"); // loads the service's own RequestHandler
      final Cli.Outcome o = Cli.execute("attach", service.target(), "--classpath", classes + ":" + Cli.PROGRAMS,
          "--include", INCLUDE, "--trigger", service.trigger("sum 1 2"), "-o", dir.resolve("t.trace").toString());
      assertOneLine(o, Failures.DIVERGED, "refused class dev.jdtrace.programs.service.RequestHandler");
      assertThat(o.err()).contains(": 0 breakpoints, 0 hits");
      assertThat(dir.resolve("t.trace")).doesNotExist();
      assertThat(service.ask("sum 1 2")).isEqualTo("sum=3");
    }
  }

  @Test
  void killingJdtraceMidSessionLeavesTheTargetServing() throws Exception {
    stopMidSession(true);
  }

  @Test
  void sigtermMidSessionDetachesAndLeavesTheTargetServing() throws Exception {
    stopMidSession(false);
  }

  /** Stops jdtrace mid-session with SIGKILL (no hook runs: the agent drops the requests) or SIGTERM (the hook detaches). */
  private void stopMidSession(final boolean kill) throws Exception {
    try (ServiceJvm service = ServiceJvm.start()) {
      service.ask("sum 1");
      final Path started = dir.resolve("started");
      final Path tmp = Files.createDirectory(dir.resolve("tmp"));
      // The trigger runs once the breakpoints are in; it says so, then holds the session open.
      final Process jdtrace = new ProcessBuilder(Cli.JAVA, "-Djava.io.tmpdir=" + tmp, "-cp",
          System.getProperty("java.class.path"),
          "dev.jdtrace.cli.Main", "attach", service.target(), "--classpath", Cli.PROGRAMS, "--include", INCLUDE,
          "--trigger", "touch '" + started + "'; exec sleep 60", "-o", dir.resolve("t.trace").toString())
          .redirectErrorStream(true).redirectOutput(dir.resolve("jdtrace.log").toFile()).start();
      try {
        assertThat(CliProcess.appears(started, 15)).as("the session began").isTrue();
        final List<ProcessHandle> trigger = jdtrace.descendants().toList();
        if (kill) {
          jdtrace.destroyForcibly();
        } else {
          jdtrace.destroy();
        }
        assertThat(jdtrace.waitFor(10, TimeUnit.SECONDS)).isTrue();
        trigger.forEach(ProcessHandle::destroyForcibly);
        if (!kill) {
          assertThat(jdtrace.exitValue()).isEqualTo(143);
          try (var left = Files.list(tmp)) {
            assertThat(left.toList()).as("the attach's temporary directory is removed").isEmpty();
          }
        }
        // The requests are gone with the connection: the service answers, and takes a debugger again.
        assertThat(service.ask("sum 1 2")).isEqualTo("sum=3");
        assertThat(service.isAlive()).isTrue();
        final Cli.Outcome again = Cli.execute("attach", service.target(), "--classpath", Cli.PROGRAMS, "--include",
            INCLUDE, "--trigger", service.trigger("sum 1 2"), "-o", dir.resolve("t.trace").toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
      } finally {
        jdtrace.destroyForcibly();
      }
    }
  }

  @Test
  void malformedTarget() {
    assertOneLine(attach("localhost-5005", "--include", INCLUDE, "--duration", "0.1"), Failures.JDTRACE,
        "malformed target 'localhost-5005': expected HOST:PORT");
  }

  @Test
  void closedPort() throws IOException {
    final int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    assertOneLine(attach("127.0.0.1:" + port, "--include", INCLUDE, "--duration", "0.1"), Failures.NOT_STARTED,
        "connection refused: no JVM listens there");
  }

  @Test
  void aNonLoopbackTargetIsWarnedAbout() throws IOException {
    final int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    // 0.0.0.0 is not a loopback address, yet connecting to it reaches this machine: refused at once.
    final Cli.Outcome o = attach("0.0.0.0:" + port, "--include", INCLUDE, "--duration", "0.1");
    assertThat(o.err()).contains("warning: JDWP is unauthenticated and 0.0.0.0:" + port + " is not a loopback address")
        .contains("ssh -L " + port + ":127.0.0.1:" + port);
    assertThat(o.err().lines().filter(l -> l.contains("warning")).count()).isOne();
    assertThat(o.exitCode()).isEqualTo(Failures.NOT_STARTED);
  }

  @Test
  void aPortThatDoesNotSpeakJdwp() throws Exception {
    try (ServerSocket junk = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      final Thread answer = new Thread(() -> {
        try (Socket s = junk.accept(); OutputStream out = s.getOutputStream()) {
          out.write("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
          out.flush();
          s.getInputStream().read();
        } catch (final IOException e) {
          // jdtrace hung up
        }
      });
      answer.start();
      assertOneLine(attach("127.0.0.1:" + junk.getLocalPort(), "--include", INCLUDE, "--duration", "0.1"), Failures.NOT_STARTED,
          "does not speak JDWP");
      answer.join(5_000);
    }
  }

  @Test
  void aJvmAlreadyHeldByAnotherDebugger() throws Exception {
    try (ServiceJvm service = ServiceJvm.start()) {
      final AttachingConnector connector = Bootstrap.virtualMachineManager().attachingConnectors().stream()
          .filter(c -> c.name().equals("com.sun.jdi.SocketAttach")).findFirst().orElseThrow();
      final Map<String, Connector.Argument> args = connector.defaultArguments();
      args.get("hostname").setValue("127.0.0.1");
      args.get("port").setValue(Integer.toString(service.debugPort()));
      final VirtualMachine other = connector.attach(args);
      try {
        assertOneLine(attach(service.target(), "--include", INCLUDE, "--duration", "0.1"), Failures.NOT_STARTED,
            "already serves another debugger");
      } finally {
        other.dispose();
      }
    }
  }

  @Test
  void noLoadedClassMatchesInclude() throws IOException {
    try (ServiceJvm service = ServiceJvm.start()) {
      assertOneLine(attach(service.target(), "--include", "dev.jdtrace.programs.Sample", "--duration", "0.1"), Failures.JDTRACE,
          "no class matching --include dev.jdtrace.programs.Sample was loaded in " + service.target());
      assertThat(service.ask("sum 1 2")).isEqualTo("sum=3");
    }
  }
}
