package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.crossing.app.Crossings;
import dev.jdtrace.programs.crossing.app.FailingInit;
import dev.jdtrace.programs.crossing.app.FailingInitUncaught;
import dev.jdtrace.programs.crossing.app.Interfaces;
import dev.jdtrace.programs.crossing.app.JdkCalls;
import dev.jdtrace.programs.crossing.app.JacksonUnknownField;
import dev.jdtrace.programs.crossing.app.UncaughtThroughRelay;
import dev.jdtrace.programs.crossing.app.UntracedInitCallsBack;
import dev.jdtrace.reference.SteppingReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Exceptions that cross untraced code (issue 27, package {@code dev.jdtrace.programs.crossing}) trace exactly
 * in 1, 2 and 3 sessions and with every profile: each configuration decodes to the all-blocks single-session
 * trace, which equals the independent stepping reference. Each program pins a mechanism:
 * <ul>
 *   <li>{@link UncaughtThroughRelay} and {@link JacksonUnknownField}: after an uncaught exception the thread's
 *       untraced bottom frame still runs the uncaught-exception handler, which calls traced code
 *       ({@code toString}, {@code getMessage});
 *   <li>{@link FailingInit} and {@link FailingInitUncaught}: no exception leaves a class initialiser, whatever
 *       the JVM's catch prediction says; the JVM throws again where the initialisation started;
 *   <li>{@link Crossings}: the same for initialisers started by untraced code (a field read, {@code forName},
 *       reflection), reflection's native accessors taking a traced method's exception, and traced code run
 *       from untraced {@code catch}, {@code finally} and an untraced exception's constructor and
 *       {@code toString};
 *   <li>{@link UntracedInitCallsBack}: an untraced class's initialiser, started in the middle of a traced block
 *       that goes on by a branch or a traced call, calls back (it was decoded wrongly in two sessions: the
 *       callbacks placed after the block's way on) and throws;
 *   <li>{@link JdkCalls}: JDK calls proven pure (their bodies never leave the JDK) throw into traced code, beside
 *       JDK constructors and methods that call a traced override back;
 *   <li>{@link Interfaces}: calls on traced interfaces, dispatched over the traced classes when only lambdas can
 *       implement them from outside, beside a lambda's marker interface and an exception thrown through one.
 * </ul>
 */
class ExceptionCrossingTest {
  private static final String APP = "dev.jdtrace.programs.crossing.app.*";
  private static final Map<String, List<String>> TRUTH = new ConcurrentHashMap<>();

  @TempDir
  Path dir;

  static Stream<String> programs() {
    return Stream.of(Crossings.class, FailingInit.class, FailingInitUncaught.class, UncaughtThroughRelay.class,
        UntracedInitCallsBack.class, JdkCalls.class, Interfaces.class).map(Class::getName);
  }

  static Stream<Arguments> configurations() {
    final List<List<String>> configs = new ArrayList<>();
    for (final String profile : List.of("optimal", "condition-targets")) {
      for (final String sessions : List.of("1", "2", "3")) {
        configs.add(List.of("--profile", profile, "--sessions", sessions));
      }
    }
    configs.add(List.of("--profile", "all-blocks", "--sessions", "2"));
    configs.add(List.of("--profile", "all-blocks", "--sessions", "3"));
    return Stream.concat(programs(), Stream.of(JacksonUnknownField.class.getName()))
        .flatMap(p -> configs.stream().map(c -> Arguments.of(p, c)));
  }

  @ParameterizedTest
  @MethodSource("programs")
  void allBlocksTraceEqualsSteppingReference(final String program) throws Exception {
    final List<String> expected = SteppingReference.trace(command(program), List.of(APP), new byte[0]);
    assertThat(expected).isNotEmpty();
    assertThat(truth(program)).isEqualTo(expected);
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void sessionsDecodeToAllBlocksTrace(final String program, final List<String> config) throws Exception {
    assertThat(Cli.blocks(dir, options(program, config), command(program))).isEqualTo(truth(program));
  }

  @Test
  void anUntracedInitialisersCallbackIsACallInsideTheBlockThatStartedIt() throws Exception {
    // Holder's initialiser, started by main's getstatic before a branch, calls compute: main goes on after it.
    final String program = UntracedInitCallsBack.class.getName();
    final Path trace = dir.resolve("calls.trace");
    final List<String> run = new ArrayList<>(List.of("run", "--stdin", "/dev/null", "-o", trace.toString()));
    run.addAll(options(program, List.of()));
    run.add("--");
    run.addAll(command(program));
    final Cli.Outcome traced = Cli.execute(run.toArray(String[]::new));
    assertThat(traced.exitCode()).as(traced.err()).isZero();
    final Path export = dir.resolve("calls.tsv");
    final Cli.Outcome exported = Cli.execute("export", trace.toString(), "--format", "calls", "-o", export.toString());
    assertThat(exported.exitCode()).as(exported.err()).isZero();
    final List<String> calls = Files.readAllLines(export);
    final List<String> mainCalls = calls.stream().filter(l -> l.endsWith("\tmain([Ljava/lang/String;)V"))
        .map(l -> l.split("\t")[2] + " " + l.split("\t")[3]).toList();
    assertThat(mainCalls).containsExactly("call 0", "return 0");
    assertThat(calls.stream().filter(l -> l.endsWith("\tcompute(I)I")))
        .isNotEmpty().allSatisfy(l -> assertThat(l.split("\t")[3]).isEqualTo("1"));
  }

  @Test
  void aLambdasMarkerInterfaceIsCalledThroughUntracedCode() throws Exception {
    // Marked.run on the intersection-cast lambda runs its proxy, untraced: were the call dispatched over the
    // traced classes alone, the sessions' streams would diverge there and the run would trace again.
    tracesWithoutFallback(Interfaces.class.getName(), "3");
  }

  @Test
  void aJdkConstructorThatCallsATracedOverrideIsNoPureCall() throws Exception {
    // Counted's super(message) runs Throwable's constructor, which calls Counted.fillInStackTrace back: were the
    // call planned pure, the sessions' streams would diverge there and the run would trace again.
    tracesWithoutFallback(JdkCalls.class.getName(), "2");
  }

  /** Traces the program in that many sessions, which must agree at once (no divergence, no second trace). */
  private void tracesWithoutFallback(final String program, final String sessions) throws Exception {
    final Path trace = dir.resolve("agreed.trace");
    final List<String> run = new ArrayList<>(List.of("run", "--stdin", "/dev/null", "-o", trace.toString()));
    run.addAll(options(program, List.of("--sessions", sessions)));
    run.add("--");
    run.addAll(command(program));
    final Cli.Outcome traced = Cli.execute(run.toArray(String[]::new));
    assertThat(traced.exitCode()).as(traced.err()).isZero();
    assertThat(traced.err()).doesNotContain("diverged").doesNotContain("traced again");
    final Path export = dir.resolve("agreed.blocks");
    assertThat(Cli.execute("export", trace.toString(), "--format", "blocks", "-o", export.toString()).exitCode())
        .isZero();
    assertThat(Files.readAllLines(export)).isEqualTo(truth(program));
  }

  private List<String> truth(final String program) throws Exception {
    final List<String> cached = TRUTH.get(program);
    if (cached != null) {
      return cached;
    }
    final List<String> blocks = Cli.blocks(dir, options(program, List.of("--profile", "all-blocks", "--sessions",
        "1")), command(program));
    TRUTH.put(program, blocks);
    return blocks;
  }

  /** The options of a run: the program's includes, and exit 0 for programs that die of their exception. */
  private static List<String> options(final String program, final List<String> config) {
    final List<String> options = new ArrayList<>(config);
    options.addAll(List.of("--no-exit-status", "--include", APP));
    if (program.equals(JacksonUnknownField.class.getName())) {
      options.addAll(List.of("--include", "com.fasterxml.jackson.core.*"));
    }
    return options;
  }

  private static List<String> command(final String program) {
    final String classpath = program.equals(JacksonUnknownField.class.getName())
        ? Cli.PROGRAMS + ":" + LibrariesAgreeTest.LIB + "/*" : Cli.PROGRAMS;
    return List.of(Cli.JAVA, "-cp", classpath, program);
  }
}
