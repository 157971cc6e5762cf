package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jdtrace attach} end to end against service JVMs started here with a loopback debug port.
 *
 * <p>What is compared: the attach trace holds the request's handling thread and the service's accept loop
 * (at rest in {@code accept} when jdtrace attaches, so traced from there, once around the loop; AttachLoopTest
 * checks such loops), while the {@code run} trace of {@code OneRequest} also holds its main and acceptor
 * threads. So the handling thread's lines are compared, without the thread column: the handler is
 * {@code handler-N} with N counting the service's requests so far, a different name in every session.
 */
class AttachTest {
  private static final String INCLUDE = "dev.jdtrace.programs.service.*";
  private static final String REQUEST = "sum 4 x 5 6";

  @TempDir
  Path dir;

  /**
   * The handling thread's blocks, without the thread column, of the ground truth of one request: the all-blocks
   * single-session run trace.
   */
  private List<String> runBlocks() throws IOException {
    return runBlocks(INCLUDE);
  }

  private List<String> runBlocks(final String include) throws IOException {
    return runBlocks(include, REQUEST);
  }

  private List<String> runBlocks(final String include, final String request) throws IOException {
    final List<String> lines = Cli.blocks(dir, List.of("--include", include, "--profile", "all-blocks", "--sessions",
        "1"), List.of(Cli.JAVA, "-cp", Cli.PROGRAMS,
        "dev.jdtrace.programs.service.OneRequest", request));
    return lines.stream().filter(l -> l.startsWith("handler-1\t")).map(l -> l.substring(l.indexOf('\t') + 1))
        .toList();
  }

  /** The handling thread's lines of a trace's blocks export, without the thread column. */
  private List<String> blocks(final Path trace) throws IOException {
    final Path out = dir.resolve(trace.getFileName() + ".blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", out.toString()).exitCode()).isZero();
    return Files.readAllLines(out).stream().filter(l -> l.startsWith("handler-"))
        .map(l -> l.substring(l.indexOf('\t') + 1)).toList();
  }

  private Cli.Outcome attach(final List<String> targets, final String... options) {
    final List<String> args = new ArrayList<>(List.of("attach"));
    args.addAll(targets);
    args.addAll(List.of("--classpath", Cli.PROGRAMS, "--include", INCLUDE));
    args.addAll(List.of(options));
    return Cli.execute(args.toArray(String[]::new));
  }

  @Test
  void severalSessionsOnOneJvmGiveTheRunTraceOfTheRequest() throws IOException {
    try (ServiceJvm service = ServiceJvm.start()) {
      assertThat(service.ask("max 1 2")).isEqualTo("max=2"); // the service is warm: its classes are loaded
      final Path trace = dir.resolve("one.trace");
      final Cli.Outcome o = attach(List.of(service.target()), "--trigger", service.trigger(REQUEST), "--sessions", "3",
          "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(o.err()).contains("3 sessions on 1 target, 2 threads")
          .contains("1 at rest inside traced code at the attach, traced from there");
      assertThat(blocks(trace)).isEqualTo(runBlocks());
      assertThat(service.ask("sum 1 2")).isEqualTo("sum=3");
    }
  }

  /**
   * A cold service has loaded no handler class yet: the plan holds only what is loaded, the first request
   * loads the handler in the first sessions, and the attach plans again with it and runs every session again.
   */
  @Test
  void aClassTheFirstSessionsLoadIsPlannedAndTheSessionsRunAgain() throws IOException {
    try (ServiceJvm service = ServiceJvm.start()) {
      final Path trace = dir.resolve("cold.trace");
      final Cli.Outcome o = attach(List.of(service.target()), "--trigger", service.trigger(REQUEST), "--sessions", "2",
          "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(o.err()).contains("the sessions loaded").contains("dev.jdtrace.programs.service.RequestHandler")
          .contains("planning again with them");
      assertThat(blocks(trace)).isEqualTo(runBlocks());
    }
  }

  /** An open world: the untraced dispatcher reaches a traced method by reflection only. */
  @Test
  void aMethodTheUntracedDispatcherCallsByReflection() throws IOException {
    final String handler = "dev.jdtrace.programs.service.RequestHandler";
    final String request = "reflect shout open world";
    try (ServiceJvm service = ServiceJvm.start()) {
      assertThat(service.ask(request)).isEqualTo("WORLD OPEN!");
      final Path trace = dir.resolve("reflect.trace");
      final Cli.Outcome o = Cli.execute("attach", service.target(), "--classpath", Cli.PROGRAMS, "--include", handler,
          "--trigger", service.trigger(request), "--sessions", "2", "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      final List<String> attached = blocks(trace);
      assertThat(attached).anyMatch(l -> l.contains("shout(Ljava/lang/String;)Ljava/lang/String;"));
      assertThat(attached).isEqualTo(runBlocks(handler, request));
    }
  }

  @Test
  void twoReplicasRunSessionsInParallel() throws IOException {
    try (ServiceJvm a = ServiceJvm.start(); ServiceJvm b = ServiceJvm.start()) {
      // The trigger finds its replica's service port from the debug port it is told.
      final String trigger = "case $JDTRACE_PORT in " + a.debugPort() + ") " + a.trigger(REQUEST) + ";; "
          + b.debugPort() + ") " + b.trigger(REQUEST) + ";; esac";
      final Path trace = dir.resolve("replicas.trace");
      final Cli.Outcome o = attach(List.of(a.target(), b.target()), "--trigger", trigger, "--sessions", "3",
          "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(o.err()).contains("on " + a.target()).contains("on " + b.target())
          .contains("3 sessions on 2 targets, 2 threads");
      assertThat(blocks(trace)).isEqualTo(runBlocks());
    }
  }

  /** Without --classpath, the class files come from the class path the target tells over JDWP. */
  @Test
  void withoutClassFilesTheClassesComeFromTheTargetsClassPath() throws IOException {
    try (ServiceJvm service = ServiceJvm.start()) {
      service.ask("max 1 2");
      final Path trace = dir.resolve("own.trace");
      final Cli.Outcome o = Cli.execute("attach", service.target(), "--include", INCLUDE, "--trigger",
          service.trigger(REQUEST), "--sessions", "2", "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(o.err()).contains("no --classpath: reading the class files from the class path "
          + service.target() + " runs with (1 of its 1 entries readable here)");
      assertThat(blocks(trace)).isEqualTo(runBlocks());
    }
  }

  /**
   * A target whose class path this machine cannot read (here: deleted once the service had loaded its classes)
   * has its classes read over JDI.
   */
  @Test
  void withoutReadableClassFilesTheClassesComeFromTheJvm() throws IOException {
    final String handler = "dev.jdtrace.programs.service.RequestHandler";
    final Path copy = dir.resolve("gone-classes");
    copyTree(Path.of(Cli.PROGRAMS), copy);
    try (ServiceJvm service = ServiceJvm.start("dev.jdtrace.programs.service.Service", copy.toString())) {
      service.ask(REQUEST);
      deleteTree(copy);
      final Path trace = dir.resolve("jdi.trace");
      final Cli.Outcome o = Cli.execute("attach", service.target(), "--include", handler, "--trigger",
          service.trigger(REQUEST), "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(o.err()).contains("no --classpath: tracing the 1 matching class " + service.target());
      assertThat(blocks(trace)).isEqualTo(runBlocks(handler));
      // Service has try-with-resources: its handler code is invisible over JDI, so it is refused.
      final Cli.Outcome refused = Cli.execute("attach", service.target(), "--include", INCLUDE, "--duration", "0.1",
          "-o", dir.resolve("no.trace").toString());
      assertThat(refused.exitCode()).isEqualTo(Failures.JDTRACE);
      assertThat(refused.err()).contains("without --classpath, 2 of the 3 traced classes loaded in " + service.target()
          + " are refused: they have code that only an exception handler reaches").contains(
              "(dev.jdtrace.programs.service.Service, dev.jdtrace.programs.service.Tokens); pass --classpath");
    }
  }

  private static void copyTree(final Path from, final Path to) throws IOException {
    try (var files = java.nio.file.Files.walk(from)) {
      for (final Path f : (Iterable<Path>) files::iterator) {
        final Path target = to.resolve(from.relativize(f).toString());
        if (java.nio.file.Files.isDirectory(f)) {
          java.nio.file.Files.createDirectories(target);
        } else {
          java.nio.file.Files.copy(f, target);
        }
      }
    }
  }

  private static void deleteTree(final Path root) throws IOException {
    try (var files = java.nio.file.Files.walk(root)) {
      for (final Path f : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
        java.nio.file.Files.delete(f);
      }
    }
  }

  @Test
  void sessionsThatHandledDifferentRequestsDiverge() throws IOException {
    try (ServiceJvm service = ServiceJvm.start()) {
      // Same trigger output, different requests: the threads matched across sessions took different paths.
      final String trigger = "if [ $JDTRACE_SESSION = 0 ]; then " + service.trigger("sum 1 2") + " >/dev/null; else "
          + service.trigger("echo a b") + " >/dev/null; fi";
      final Path trace = dir.resolve("diverged.trace");
      final Cli.Outcome o = attach(List.of(service.target()), "--trigger", trigger, "--sessions", "2",
          "--no-fallback", "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.DIVERGED);
      assertThat(o.err()).contains("diverged");
      assertThat(trace).doesNotExist();
    }
  }

  /**
   * Windows that held different requests are not merged: one more session traces alone, exact whatever the
   * service does in it (here, in session 0's window, the request that session 0's trigger sends).
   */
  @Test
  void sessionsThatHandledDifferentRequestsAreTracedAgainInOneSession() throws IOException {
    try (ServiceJvm service = ServiceJvm.start()) {
      assertThat(service.ask("max 1 2")).isEqualTo("max=2");
      final String trigger = "if [ $JDTRACE_SESSION = 0 ]; then " + service.trigger(REQUEST) + " >/dev/null; else "
          + service.trigger("echo a b") + " >/dev/null; fi";
      final Path trace = dir.resolve("again.trace");
      final Cli.Outcome o = attach(List.of(service.target()), "--trigger", trigger, "--sessions", "2",
          "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(o.err()).contains("the sessions' runs differ (").contains("tracing again in one session")
          .contains("traced again in one session, exact: the sessions' windows differed");
      assertThat(blocks(trace)).isEqualTo(runBlocks());
      assertThat(service.ask("sum 1 2")).isEqualTo("sum=3");
    }
  }

  @Test
  void aGuardrailTruncatesTheSessionAndTheTargetRunsOn() throws IOException {
    try (ServiceJvm service = ServiceJvm.start()) {
      service.ask("max 1 2");
      final Path trace = dir.resolve("truncated.trace");
      final Cli.Outcome o = attach(List.of(service.target()), "--trigger", service.trigger(REQUEST), "--max-hits", "3",
          "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.DIVERGED);
      assertThat(o.err()).contains("was truncated: more than 3 hits (--max-hits)").contains("no trace written");
      assertThat(trace).doesNotExist();
      assertThat(service.ask("sum 1 2")).isEqualTo("sum=3");

      final Cli.Outcome allowed = attach(List.of(service.target()), "--trigger", service.trigger(REQUEST),
          "--max-hits", "3", "--allow-truncated", "-o", trace.toString());
      assertThat(allowed.exitCode()).as(allowed.err()).isZero();
      assertThat(allowed.err()).contains("TRUNCATED TRACE");
      assertThat(trace).exists();
      assertThat(service.ask("sum 1 2")).isEqualTo("sum=3");
    }
  }
  /**
   * A target that exits during a session is recorded as {@code run} records a VM's death: its threads end
   * where they stood (here main, in {@code System.exit} after its last request), and the trace is written.
   */
  @Test
  void aTargetThatExitsDuringTheSessionIsTracedToItsDeath() throws IOException, InterruptedException {
    try (ServiceJvm service = ServiceJvm.start("dev.jdtrace.programs.service.ExitingService")) {
      assertThat(service.ask("max 1 2")).isEqualTo("max=2"); // warm: its classes are loaded, it exits after one more
      final Path trace = dir.resolve("exited.trace");
      final Cli.Outcome o = attach(List.of(service.target()), "--trigger", service.trigger(REQUEST), "--sessions", "1",
          "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(o.err()).contains("the target exited during the session: its threads end where they stood at its "
          + "death");
      assertThat(blocks(trace)).isEqualTo(runBlocks());
      final Path all = dir.resolve("exited.blocks.all");
      assertThat(Cli.execute("export", trace.toString(), "-o", all.toString()).exitCode()).isZero();
      assertThat(Files.readAllLines(all)).as("main, traced from accept to System.exit")
          .anyMatch(l -> l.startsWith("main\t") && l.contains("ExitingService"));
    }
  }

  /** With more sessions planned than the target lives for, the attach says which session it died in. */
  @Test
  void aTargetThatExitsBeforeTheLastSessionIsNamed() throws IOException {
    try (ServiceJvm service = ServiceJvm.start("dev.jdtrace.programs.service.ExitingService")) {
      service.ask("max 1 2");
      final Cli.Outcome o = attach(List.of(service.target()), "--trigger", service.trigger(REQUEST), "--sessions", "2",
          "-o", dir.resolve("no.trace").toString());
      assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.DIVERGED);
      assertThat(o.err()).contains(service.target() + " exited during session 0 (of 2): the sessions after it have no "
          + "JVM to attach to; trace it in one session (--sessions 1)");
    }
  }

  /**
   * A target held at its start (suspend=y) runs from jdtrace's first attach, which reads its classes: the
   * attach says its start is untraced. (A short program: it may end before the session attaches, or during
   * it; either way the notice comes first.)
   */
  @Test
  void aTargetHeldAtItsStartIsToldUntracedBeforeTheSessions() throws IOException {
    try (ServiceJvm held = ServiceJvm.startHeld("dev.jdtrace.programs.Sample")) {
      final Cli.Outcome o = Cli.execute("attach", held.target(), "--classpath", Cli.PROGRAMS, "--include",
          "dev.jdtrace.programs.Sample", "--duration", "0.5", "--sessions", "1", "-o",
          dir.resolve("held.trace").toString());
      assertThat(o.err()).contains(held.target() + " was held at its start (suspend=y) and runs since jdtrace's "
          + "first attach: what it ran before the first session's breakpoints were set (the start of its main) is not "
          + "traced");
      // Traced to its end, or ended before the session could attach (not reached) or while it did (no trace).
      assertThat(o.exitCode()).as(o.err()).isIn(0, Failures.NOT_STARTED, Failures.DIVERGED);
    }
  }
}
