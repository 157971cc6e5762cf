package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.varying.IdentityOrder;
import dev.jdtrace.programs.varying.ParallelItems;
import dev.jdtrace.programs.varying.PoolFutures;
import dev.jdtrace.programs.varying.PrintsVarying;
import dev.jdtrace.programs.varying.QueueRace;
import dev.jdtrace.programs.varying.StackDepth;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Programs whose runs differ (package {@code varying}) never give a wrong trace: traced {@value #RUNS} times in
 * each configuration, every trace written obeys what the real execution must (the ticks after a marker are its
 * item, every item is worked once; a program whose path does not vary equals its ground truth), and the run
 * either merged sessions that agreed, or traced again in one session, or was planned in one session because
 * several threads ran traced code. {@code --deterministic} is a false claim for these programs: the evidence
 * that remains (outputs, check witnesses, the walk) must still keep every trace true. The tally of each
 * configuration is printed at the end.
 */
class VaryingRunsTest {
  /** Runs per program and configuration. */
  static final int RUNS = 10;

  @TempDir
  static Path dir;

  /**
   * Per program and configuration: runs, sessions merged, one session as planned (the cost model's choice),
   * traced again in one session, planned in one because of threads, refused.
   */
  private static final Map<String, int[]> TALLY = new TreeMap<>();

  static Stream<Arguments> configurations() {
    final Map<Class<?>, List<Integer>> items = new LinkedHashMap<>();
    items.put(QueueRace.class, List.of(5, 7));
    items.put(PoolFutures.class, List.of(3, 5, 7, 5, 3));
    items.put(ParallelItems.class, List.of(3, 5, 7, 5, 3, 7, 5, 3));
    items.put(IdentityOrder.class, List.of(3, 5, 7));
    items.put(PrintsVarying.class, List.of(3, 5, 7));
    final List<List<String>> configs = List.of(List.of(), List.of("--sessions", "2"),
        List.of("--sessions", "3", "--strategy", "fine"), List.of("--deterministic", "--sessions", "2"));
    final List<Arguments> out = new ArrayList<>();
    items.forEach((program, work) -> configs.forEach(c -> out.add(Arguments.of(program.getName(), work, c))));
    // The depth it reaches differs from run to run, and it prints nothing that tells: three sessions disagree.
    out.add(Arguments.of(StackDepth.class.getName(), List.of(), List.of("--sessions", "3")));
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {2}")
  @MethodSource("configurations")
  void noRunWritesAWrongTrace(final String program, final List<Integer> items, final List<String> config)
      throws IOException {
    final int[] tally = new int[6];
    TALLY.put(program.substring(program.lastIndexOf('.') + 1) + " " + String.join(" ", config), tally);
    for (int run = 0; run < RUNS; run++) {
      final Path trace = Files.createTempFile(dir, "run", ".trace");
      final List<String> args = new ArrayList<>(List.of("run", "--stdin", "/dev/null", "--include",
          "dev.jdtrace.programs.varying.*", "-o", trace.toString()));
      args.addAll(config);
      args.addAll(List.of("--", Cli.JAVA, "-cp", Cli.PROGRAMS, program));
      final Cli.Outcome o = Cli.execute(args.toArray(String[]::new));
      tally[0]++;
      if (o.exitCode() == Failures.DIVERGED) {
        tally[5]++;
        continue;
      }
      assertThat(o.exitCode()).as(o.err()).isZero();
      tally[o.err().contains("traced again in one session") ? 3 : o.err().contains("one session: ") ? 4
          : o.err().contains("jdtrace: 1 session,") ? 2 : 1]++;
      final Path blocks = Files.createTempFile(dir, "run", ".blocks");
      assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
      final List<String> lines = Files.readAllLines(blocks);
      if (program.equals(StackDepth.class.getName())) {
        // How deep it got is unknown, but a trace of it holds the whole descent.
        assertThat(lines.stream().filter(l -> l.contains("\tdown(II)I\t0\t")).count()).as(o.err())
            .isGreaterThan(100);
      } else {
        assertThat(itemsWorked(lines)).as(o.err()).containsExactlyInAnyOrderElementsOf(items);
      }
      if (program.equals(PrintsVarying.class.getName())) {
        assertThat(lines).as(o.err()).isEqualTo(Cli.groundTruth(List.of("dev.jdtrace.programs.varying.*"),
            List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program)));
      }
    }
  }

  /**
   * The items each thread worked, from the markers on its path; fails when the ticks after a marker are not
   * its item, which no real execution does.
   */
  static List<Integer> itemsWorked(final List<String> blocks) {
    final List<Integer> worked = new ArrayList<>();
    String thread = null;
    int expected = -1;
    int ticks = 0;
    for (final String line : blocks) {
      if (line.startsWith("#")) {
        continue;
      }
      final String[] f = line.split("\t");
      if (!f[0].equals(thread) || marker(f) > 0) {
        assertThat(ticks).as("ticks after the marker of item %d in thread %s", expected, thread)
            .isEqualTo(expected < 0 ? 0 : expected);
        thread = f[0];
        expected = marker(f) > 0 ? marker(f) : -1;
        ticks = 0;
        if (expected > 0) {
          worked.add(expected);
        }
      } else if (f[2].equals("tick()V") && f[3].equals("0")) {
        ticks++;
      }
    }
    assertThat(ticks).as("ticks after the marker of item %d in thread %s", expected, thread)
        .isEqualTo(expected < 0 ? 0 : expected);
    return worked;
  }

  /** The item a marker's entry block names, or 0 for any other block. */
  private static int marker(final String[] f) {
    if (!f[1].endsWith(".Work") || !f[3].equals("0")) {
      return 0;
    }
    return switch (f[2]) {
      case "three()V" -> 3;
      case "five()V" -> 5;
      case "seven()V" -> 7;
      default -> 0;
    };
  }

  @AfterAll
  static void printTally() {
    System.out.println("VaryingRunsTest: program config | runs | sessions merged | one session planned | traced "
        + "again in one session | one session for threads | refused | wrong");
    TALLY.forEach((k, t) -> System.out.printf("VaryingRunsTest: %s | %d | %d | %d | %d | %d | %d | 0%n", k, t[0],
        t[1], t[2], t[3], t[4], t[5]));
  }
}
