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
 * {@code jdtrace attach} on servers whose request loop runs inside traced code: the looping thread is at
 * rest in {@code accept} under traced frames when each session attaches, is traced from there, and has
 * finished the request when it is back there.
 *
 * <p>What is compared: the attach trace of the looping thread is one way around the loop, from the return
 * of {@code accept} to the next call of it. The twin program ({@code OneLoopRequest}, {@code OnePoolRequest})
 * runs the same loop code for the same request under {@code run}; its all-blocks trace holds that same way
 * around the loop right after its first call of {@code accept}.
 */
class AttachLoopTest {
  private static final String INCLUDE = "dev.jdtrace.programs.service.*";
  private static final String LOOP = "dev.jdtrace.programs.service.LoopServer";
  private static final String POOL = "dev.jdtrace.programs.service.PoolServer";

  @TempDir
  Path dir;

  /** One thread's lines of a blocks export, without the thread column. */
  private static List<String> thread(final List<String> blocks, final String name) {
    return blocks.stream().filter(l -> l.startsWith(name + "\t")).map(l -> l.substring(l.indexOf('\t') + 1)).toList();
  }

  private List<String> blocks(final Path trace) throws IOException {
    final Path out = dir.resolve(trace.getFileName() + ".blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", out.toString()).exitCode()).isZero();
    return Files.readAllLines(out).stream().filter(l -> !l.startsWith("#")).toList();
  }

  /** The ground truth of a twin program handling this request. */
  private static List<String> twin(final String main, final String request) throws IOException {
    return Cli.groundTruth(List.of(INCLUDE), List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, main, request));
  }

  /**
   * Asserts that a looping thread's attach lines are one way around the loop of the twin thread: the
   * lines that follow the twin's first visit of the block the attach path ends with (the call of accept),
   * up to and including its next visit.
   */
  private static void assertOneWayAround(final List<String> attached, final List<String> twin) {
    assertThat(attached).isNotEmpty();
    final String accept = attached.get(attached.size() - 1);
    final int first = twin.indexOf(accept);
    assertThat(first).as("the twin calls accept").isGreaterThanOrEqualTo(0);
    assertThat(twin.size()).isGreaterThanOrEqualTo(first + 1 + attached.size());
    assertThat(attached).isEqualTo(twin.subList(first + 1, first + 1 + attached.size()));
    assertThat(attached.subList(0, attached.size() - 1)).doesNotContain(accept);
  }

  private Cli.Outcome attach(final List<String> targets, final String... options) {
    final List<String> args = new ArrayList<>(List.of("attach"));
    args.addAll(targets);
    args.addAll(List.of("--classpath", Cli.PROGRAMS, "--include", INCLUDE));
    args.addAll(List.of(options));
    final Cli.Outcome o = Cli.execute(args.toArray(String[]::new));
    System.out.println(String.join(" ", options) + "\n" + o.err()); // the figures of each case, for the record
    return o;
  }

  private static String trigger(final ServiceJvm jvm, final String request) {
    return jvm.trigger(request);
  }

  @Test
  void aLoopingThreadIsTracedOnceAroundItsLoopWithOneAndThreeSessions() throws IOException {
    try (ServiceJvm server = ServiceJvm.start(LOOP)) {
      assertThat(server.ask("echo a b")).isEqualTo("b a"); // the previous request took other branches
      final Path one = dir.resolve("one.trace");
      final Cli.Outcome o = attach(List.of(server.target()), "--trigger", trigger(server, "sum 4 x 5 6"),
          "--sessions", "1", "-o", one.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(o.err()).contains("1 at rest inside traced code at the attach, traced from there")
          .contains("1 session on 1 target, 1 thread,");
      assertOneWayAround(thread(blocks(one), "main"), thread(twin("dev.jdtrace.programs.service.OneLoopRequest",
          "sum 4 x 5 6"), "loop"));

      final Path three = dir.resolve("three.trace");
      final Cli.Outcome t = attach(List.of(server.target()), "--trigger", trigger(server, "max 3 9 x"),
          "--sessions", "3", "-o", three.toString());
      assertThat(t.exitCode()).as(t.err()).isZero();
      assertThat(t.err()).contains("3 sessions on 1 target, 1 thread,");
      assertOneWayAround(thread(blocks(three), "main"), thread(twin("dev.jdtrace.programs.service.OneLoopRequest",
          "max 3 9 x"), "loop"));
      assertThat(server.ask("sum 1 2")).isEqualTo("sum=3");
    }
  }

  @Test
  void aRequestThatThrowsInsideTheLoopAndIsCaughtThereOnTwoReplicas() throws IOException {
    try (ServiceJvm a = ServiceJvm.start(LOOP); ServiceJvm b = ServiceJvm.start(LOOP)) {
      final String request = "div 7 0";
      final String trigger = "case $JDTRACE_PORT in " + a.debugPort() + ") " + a.trigger(request) + ";; "
          + b.debugPort() + ") " + b.trigger(request) + ";; esac";
      final Path trace = dir.resolve("replicas.trace");
      final Cli.Outcome o = attach(List.of(a.target(), b.target()), "--trigger", trigger, "--sessions", "3",
          "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertOneWayAround(thread(blocks(trace), "main"), thread(twin("dev.jdtrace.programs.service.OneLoopRequest",
          request), "loop"));
      assertThat(a.ask(request)).isEqualTo("error: / by zero");
      assertThat(b.ask("div 8 2")).isEqualTo("div=4");
    }
  }

  @Test
  void poolWorkersParkedInUntracedCodeAreTracedWithTheirAcceptLoop() throws IOException {
    try (ServiceJvm server = ServiceJvm.start(POOL)) {
      assertThat(server.ask("max 1 2")).isEqualTo("max=2");
      final Path trace = dir.resolve("pool.trace");
      final Cli.Outcome o = attach(List.of(server.target()), "--trigger", trigger(server, "sum 4 x 5 6"),
          "--sessions", "3", "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(o.err()).contains("3 sessions on 1 target, 2 threads");
      final List<String> attached = blocks(trace);
      final List<String> twin = twin("dev.jdtrace.programs.service.OnePoolRequest", "sum 4 x 5 6");
      final String worker = attached.stream().map(l -> l.substring(0, l.indexOf('\t')))
          .filter(n -> n.startsWith("pool-")).findFirst().orElseThrow();
      final String twinWorker = twin.stream().map(l -> l.substring(0, l.indexOf('\t')))
          .filter(n -> n.startsWith("pool-")).findFirst().orElseThrow();
      assertThat(thread(attached, worker)).isEqualTo(thread(twin, twinWorker));
      // The twin's acceptor accepts once and leaves its loop: the attach path, one way around, is the
      // same up to the loop's test, then goes back to accept.
      final List<String> main = thread(attached, "main");
      final List<String> acceptor = thread(twin, "acceptor");
      final int first = acceptor.indexOf(main.get(main.size() - 1));
      assertThat(main.subList(0, main.size() - 1)).isEqualTo(acceptor.subList(first + 1, first + main.size()));
      assertThat(server.ask("sum 1 2")).isEqualTo("sum=3");
    }
  }

  @Test
  void sessionsStartingALoopingThreadFromDifferentStacksDiverge() throws IOException {
    try (ServiceJvm loop = ServiceJvm.start(LOOP); ServiceJvm pool = ServiceJvm.start(POOL)) {
      final String request = "sum 1 2";
      final String trigger = "case $JDTRACE_PORT in " + loop.debugPort() + ") " + loop.trigger(request) + ";; "
          + pool.debugPort() + ") " + pool.trigger(request) + ";; esac";
      final Path trace = dir.resolve("diverged.trace");
      final Cli.Outcome o = attach(List.of(loop.target(), pool.target()), "--trigger", trigger, "--sessions", "2",
          "--no-fallback", "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.DIVERGED);
      assertThat(o.err()).contains("diverged").contains("from the same stack");
      assertThat(trace).doesNotExist();
      assertThat(loop.ask(request)).isEqualTo("sum=3");
      assertThat(pool.ask(request)).isEqualTo("sum=3");
    }
  }

  @Test
  void aThreadInTheMiddleOfATracedBlockIsLeftOutAndTheLoopIsStillTraced() throws IOException {
    try (ServiceJvm server = ServiceJvm.start("dev.jdtrace.programs.service.BlockedServer")) {
      final Path trace = dir.resolve("blocked.trace");
      final Cli.Outcome o = attach(List.of(server.target()), "--trigger", trigger(server, "sum 4 x 5 6"),
          "--sessions", "1", "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      // holder sleeps inside traced code and main waits in accept: both at rest; waiter is at a monitorenter.
      assertThat(o.err()).contains("2 at rest inside traced code at the attach, traced from there")
          .contains("1 running inside traced code at the attach, not recorded")
          .contains("1 session on 1 target, 1 thread,");
      assertOneWayAround(thread(blocks(trace), "main"), thread(twin("dev.jdtrace.programs.service.OneLoopRequest",
          "sum 4 x 5 6"), "loop"));
      assertThat(server.ask("sum 1 2")).isEqualTo("sum=3");
    }
  }
}
