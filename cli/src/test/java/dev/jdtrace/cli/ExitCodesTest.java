package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exit codes a script can trust (issue 29): jdtrace keeps 125 to 127 for its own failures, as timeout and
 * env do, and {@code run} passes every other status on from the program. A program that itself exits 125 is
 * told apart by the {@code --stats} file, written only when jdtrace traced, or by {@code --no-exit-status}.
 */
class ExitCodesTest {
  private static final List<Integer> PROGRAM_STATUSES = List.of(0, 1, 2, 3, 4, 125);

  @TempDir
  Path dir;

  private int runs;

  /** What a script sees: the exit code, and the program's status in the stats file when there is one. */
  record Seen(int exitCode, Integer statsExitStatus) {
  }

  @Test
  void everyProgramStatusIsToldApartFromEachOfJdtracesOwnFailures() throws Exception {
    final Path classes = compile();
    final Map<Integer, Seen> program = new LinkedHashMap<>();
    final Map<Integer, Seen> programNoExitStatus = new LinkedHashMap<>();
    for (final int status : PROGRAM_STATUSES) {
      program.put(status, run(List.of(), command(classes, status)));
      programNoExitStatus.put(status, run(List.of("--no-exit-status"), command(classes, status)));
    }
    final Map<String, Seen> failures = new LinkedHashMap<>();
    failures.put("usage", run(List.of("--sessions", "none"), command(classes, 0)));
    failures.put("different runs", differentRuns(classes));
    failures.put("I/O", ioFailure(classes));
    failures.put("not started", run(List.of(), List.of("/no/such/java", "-cp", classes.toString(), "Exit", "0")));

    assertThat(failures).containsEntry("usage", new Seen(Failures.JDTRACE, null))
        .containsEntry("different runs", new Seen(Failures.DIVERGED, null))
        .containsEntry("I/O", new Seen(Failures.JDTRACE, null))
        .containsEntry("not started", new Seen(Failures.NOT_STARTED, null));
    for (final int status : PROGRAM_STATUSES) {
      // Passed on as it is, and named in the stats.
      assertThat(program.get(status)).isEqualTo(new Seen(status, status));
      assertThat(programNoExitStatus.get(status)).isEqualTo(new Seen(0, status));
      for (final Map.Entry<String, Seen> failure : failures.entrySet()) {
        assertThat(program.get(status)).as("a program exiting %d against jdtrace's %s failure", status,
            failure.getKey()).isNotEqualTo(failure.getValue());
        // With --no-exit-status the exit code alone tells them apart.
        assertThat(programNoExitStatus.get(status).exitCode()).isNotEqualTo(failure.getValue().exitCode());
      }
    }
    // Only the program's own 125 shares an exit code with jdtrace's failures; 0 to 4 do not.
    PROGRAM_STATUSES.stream().filter(s -> s < 125).forEach(s -> assertThat(s).isNotIn(125, 126, 127));
  }

  /** A program that ran and exited 3, whose trace cannot be written: jdtrace's 125, and no stats left over. */
  private Seen ioFailure(final Path classes) throws IOException {
    assumeTrue(Files.isWritable(Path.of("/dev/full")), "no /dev/full here");
    final Path stats = dir.resolve("io-stats.json");
    Files.writeString(stats, "{\"exitStatus\": 3}");
    final Seen seen = run(List.of("-o", "/dev/full", "--stats", stats.toString()), command(classes, 3), stats);
    assertThat(stats).as("an earlier stats file is removed").doesNotExist();
    return seen;
  }

  /** Two collects of one plan that print differently: merge refuses them as a divergence. */
  private Seen differentRuns(final Path classes) throws IOException {
    final Path plan = dir.resolve("plan.json");
    final List<String> planArgs = new ArrayList<>(List.of("plan", "--sessions", "2", "--profile", "all-blocks",
        "-o", plan.toString(), "--"));
    planArgs.addAll(command(classes, 0));
    final Cli.Outcome planned = Cli.execute(planArgs.toArray(String[]::new));
    assertThat(planned.exitCode()).as(planned.err()).isZero();
    final List<String> merge = new ArrayList<>(List.of("merge", plan.toString()));
    for (int session = 0; session < 2; session++) {
      final Path part = dir.resolve("part-" + session);
      final List<String> args = new ArrayList<>(List.of("collect", "--plan", plan.toString(), "--session",
          Integer.toString(session), "-o", part.toString(), "--", Cli.JAVA, "-Dsay=" + session, "-cp",
          classes.toString(), "Exit", "0"));
      final Cli.Outcome collected = Cli.execute(args.toArray(String[]::new));
      assertThat(collected.exitCode()).as(collected.err()).isZero();
      merge.add(part.toString());
    }
    merge.addAll(List.of("-o", dir.resolve("merged.trace").toString()));
    final Cli.Outcome o = Cli.execute(merge.toArray(String[]::new));
    assertThat(o.err()).contains("are of different runs: they differ in standard output");
    return new Seen(o.exitCode(), null);
  }

  private Seen run(final List<String> options, final List<String> command) throws IOException {
    final Path stats = dir.resolve("stats-" + runs++ + ".json");
    final List<String> all = new ArrayList<>(List.of("-o", dir.resolve("t.trace").toString(), "--stats",
        stats.toString()));
    all.addAll(options);
    return run(all, command, stats);
  }

  /** Runs {@code jdtrace run OPTIONS -- COMMAND}, whose options name {@code stats}. */
  private Seen run(final List<String> options, final List<String> command, final Path stats) throws IOException {
    final List<String> args = new ArrayList<>(List.of("run", "--stdin", "/dev/null"));
    args.addAll(options);
    args.add("--");
    args.addAll(command);
    final Cli.Outcome o = Cli.execute(args.toArray(String[]::new));
    final Integer status = Files.exists(stats)
        ? Integer.valueOf(new ObjectMapper().readTree(stats.toFile()).get("exitStatus").asInt()) : null;
    return new Seen(o.exitCode(), status);
  }

  private static List<String> command(final Path classes, final int status) {
    return List.of(Cli.JAVA, "-cp", classes.toString(), "Exit", Integer.toString(status));
  }

  /** A program that loops a little, prints, and exits with the status its argument names. */
  private Path compile() throws IOException {
    final Path src = Files.writeString(dir.resolve("Exit.java"), """
        public class Exit {
          public static void main(String[] args) {
            for (int i = 0; i < 3; i++) {
              if (i % 2 == 0) {
                System.out.print(i);
              }
            }
            System.out.println(System.getProperty("say", ""));
            System.exit(Integer.parseInt(args[0]));
          }
        }
        """);
    final Path classes = Files.createDirectories(dir.resolve("classes"));
    assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), src.toString()))
        .isZero();
    return classes;
  }
}
