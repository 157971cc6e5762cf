package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.loading.RunsLater;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run plans witnesses only in the methods its first run saw run; each other method of the loaded classes
 * gets a sentinel at its entry. A session that runs one of them hits its sentinel, and the run plans again
 * with it: the walk never explains a stream by a path through a method the plan did not let run.
 */
class SentinelsTest {
  private static final String WORK = RunsLater.class.getName() + "$Work";

  @TempDir
  Path dir;

  @Test
  void aMethodTheFirstRunDidNotRunIsPlannedAgainAndTracedExactly() throws Exception {
    final Path truthCounter = Files.writeString(dir.resolve("truth.count"), "1");
    final List<String> truth = blocks("truth", List.of("--profile", "all-blocks", "--sessions", "1"),
        truthCounter);
    assertThat(truth).as("every run after the first runs Work.later").anyMatch(l -> l.contains("later(I)I"));
    // "": the default, where the cost model chooses the sessions and their cap.
    for (final String sessions : List.of("1", "2", "")) {
      final Path counter = dir.resolve("run-" + sessions + ".count");
      final Cli.Outcome run = run("run-" + sessions, sessions.isEmpty() ? List.of("--deterministic")
          : List.of("--deterministic", "--sessions", sessions), counter);
      assertThat(run.err()).contains("sentinel").contains("a session ran 1 method the first run did not ("
          + WORK + ".later(I)I): planning again with them");
      assertThat(export("run-" + sessions)).isEqualTo(truth);
    }
  }

  private List<String> blocks(final String name, final List<String> options, final Path counter) throws Exception {
    run(name, options, counter);
    return export(name);
  }

  /**
   * A run of {@link RunsLater} on its own counter. A first run of {@code --sessions 1} with a fresh counter is
   * the program's first run (it does not call {@code later}), and its only session the second (it does).
   */
  private Cli.Outcome run(final String name, final List<String> options, final Path counter) {
    final List<String> args = new ArrayList<>(List.of("run", "--stdin", "/dev/null", "-o",
        dir.resolve(name + ".trace").toString(), "--include", RunsLater.class.getName() + "*"));
    args.addAll(options);
    args.addAll(List.of("--", Cli.JAVA, "-cp", Cli.PROGRAMS, RunsLater.class.getName(), counter.toString()));
    final Cli.Outcome run = Cli.execute(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  private List<String> export(final String name) throws Exception {
    final Path blocks = dir.resolve(name + ".blocks");
    assertThat(Cli.execute("export", dir.resolve(name + ".trace").toString(), "-o", blocks.toString()).exitCode())
        .isZero();
    return Files.readAllLines(blocks);
  }
}
