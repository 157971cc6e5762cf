package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.programs.Catalog;
import dev.jdtrace.programs.ending.ExitAtDepth;
import dev.jdtrace.programs.ending.Signalled;
import dev.jdtrace.reference.SteppingReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Programs that end abruptly ({@link Catalog#ENDINGS}: exit and halt at depth and from another thread, a
 * shutdown hook, a daemon thread cut off, uncaught exceptions, SIGTERM) trace exactly: the all-blocks
 * single-session trace equals the independent stepping reference, and 1, 2 and 3 sessions of the optimal
 * and condition-target profiles give that trace. {@code run} exits with the program's status and reports
 * it; a program killed outright gets no trace.
 */
class AbruptEndTest {
  private static final Map<String, List<String>> TRUTH = new ConcurrentHashMap<>();

  @TempDir
  Path dir;

  static Stream<Catalog.Ending> endings() {
    return Catalog.ENDINGS.stream();
  }

  /** 1, 2 and 3 sessions per program; two sessions alternate the optimal and condition-target profiles. */
  static Stream<Arguments> configurations() {
    final List<Catalog.Ending> endings = Catalog.ENDINGS;
    return IntStream.range(0, endings.size()).boxed().flatMap(i -> Stream.of(
        Arguments.of(endings.get(i), List.of("--sessions", "1")),
        Arguments.of(endings.get(i), List.of("--profile", i % 2 == 0 ? "optimal" : "condition-targets",
            "--sessions", "2", "--strategy", "function")),
        Arguments.of(endings.get(i), List.of("--sessions", "3", "--strategy", "fine"))));
  }

  @ParameterizedTest
  @MethodSource("endings")
  void allBlocksTraceEqualsSteppingReference(final Catalog.Ending ending) throws Exception {
    final List<String> expected = SteppingReference.trace(command(ending), List.of("dev.jdtrace.programs."),
        new byte[0]);
    assertThat(expected).isNotEmpty();
    // Threads running at the same time may start in either order; each thread's path must be identical.
    assertThat(SteppingReference.byThread(truth(ending))).isEqualTo(SteppingReference.byThread(expected));
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void sessionsDecodeToAllBlocksTrace(final Catalog.Ending ending, final List<String> options) throws Exception {
    assertThat(blocks(ending, options)).isEqualTo(truth(ending));
  }

  @Test
  void runReportsAndPassesOnTheExitStatus() throws Exception {
    final Path stats = dir.resolve("stats.json");
    final Path trace = dir.resolve("exit.trace");
    final Cli.Outcome run = run(trace, List.of("--stats", stats.toString()), ExitAtDepth.class.getName());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(3);
    assertThat(run.err()).contains("exit status 3,");
    assertThat(new ObjectMapper().readTree(stats.toFile()).get("exitStatus").asInt()).isEqualTo(3);
    final Cli.Outcome quiet = run(dir.resolve("quiet.trace"), List.of("--no-exit-status"),
        ExitAtDepth.class.getName());
    assertThat(quiet.exitCode()).as(quiet.err()).isZero();
    assertThat(quiet.err()).contains("exit status 3,");
  }

  /**
   * No hit is lost at exit: {@code ExitAtDepth}'s last blocks, a loop of 50 rounds, run just before
   * {@code System.exit}; the trace holds every round and ends in the block that calls it, five frames deep.
   */
  @Test
  void hitsJustBeforeExitAreAllThere() throws Exception {
    final List<String> main = truth(Catalog.ENDINGS.get(0)).stream().filter(l -> l.startsWith("main\t")).toList();
    final String last = main.get(main.size() - 1);
    assertThat(last).contains("descend(II)I");
    // The loop's header block (k < 50) is entered 51 times in each of the three rounds that reach level 0.
    final Map<String, Long> counts = new java.util.HashMap<>();
    main.forEach(l -> counts.merge(l, 1L, Long::sum));
    assertThat(counts.values()).contains(3L * 51);
  }

  @Test
  void targetKilledOutrightGetsNoTrace() {
    final Path trace = dir.resolve("killed.trace");
    final Cli.Outcome run = Cli.execute("run", "--stdin", "/dev/null", "-o", trace.toString(), "--", Cli.JAVA,
        "-cp", Cli.PROGRAMS, Signalled.class.getName(), "KILL");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(Failures.DIVERGED);
    assertThat(run.err()).contains("killed by signal 9").contains("no trace").doesNotContain("Exception");
    assertThat(trace).doesNotExist();
  }

  private List<String> truth(final Catalog.Ending ending) throws Exception {
    final List<String> known = TRUTH.get(ending.program());
    if (known != null) {
      return known;
    }
    final List<String> blocks = blocks(ending, List.of("--profile", "all-blocks", "--sessions", "1"));
    TRUTH.put(ending.program(), blocks);
    return blocks;
  }

  /** The blocks export of a run, which must exit with the program's status and name it. */
  private List<String> blocks(final Catalog.Ending ending, final List<String> options) throws Exception {
    final Path trace = Files.createTempFile(dir, "run", ".trace");
    final Cli.Outcome run = run(trace, options, ending.program());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(ending.exitStatus());
    assertThat(run.err()).contains("exit status " + ending.exitStatus() + ",");
    final Path blocks = Files.createTempFile(dir, "run", ".blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
    return Files.readAllLines(blocks);
  }

  private static Cli.Outcome run(final Path trace, final List<String> options, final String program) {
    final List<String> args = new ArrayList<>(List.of("run", "--stdin", "/dev/null", "-o", trace.toString()));
    args.addAll(options);
    args.add("--");
    args.addAll(command(program));
    return Cli.execute(args.toArray(String[]::new));
  }

  private static List<String> command(final Catalog.Ending ending) {
    return command(ending.program());
  }

  private static List<String> command(final String program) {
    return List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program);
  }
}
