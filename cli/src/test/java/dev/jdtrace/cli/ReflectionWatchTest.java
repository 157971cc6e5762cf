package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.reflection.Loads;
import dev.jdtrace.programs.reflection.Reflects;
import dev.jdtrace.programs.reflection.ReflectsLater;
import dev.jdtrace.programs.reflection.ReflectsOften;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reflection watched (DESIGN §2): a traced program whose only way into methods chosen at run time is
 * reflection ({@code Method.invoke}, {@code Constructor.newInstance}, a service loader) plans the methods its
 * first run saw reflection enter as entries, not every method, and every session watches it; a session that sees
 * it enter another makes the run plan again. Each trace equals the all-blocks single-session ground truth.
 */
class ReflectionWatchTest {
  private static final List<String> INCLUDES = List.of("--include", "dev.jdtrace.programs.reflection.*");

  @TempDir
  Path dir;

  @Test
  void reflectionIntoAVirtualAStaticAndAPrivateMethodAndAConstructorIsWatchedNotAnOpenWorld() throws IOException {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, Reflects.class.getName());
    final List<String> truth = Cli.groundTruth(List.of(INCLUDES.get(1)), command);
    assertThat(truth).as("reflection dispatches to the override, and constructs").anyMatch(l -> l.contains(
        "Reflects$Square\tsides()I")).anyMatch(l -> l.contains("Reflects$Square\t<init>()V"));
    final Cli.Outcome run = run(command, List.of("--sessions", "2"), "two");
    assertThat(run.err()).contains("reflection watched: it entered 5 traced methods in the first run")
        .doesNotContain("open world").doesNotContain("diverged").doesNotContain("planning again");
    assertThat(export("two")).isEqualTo(truth);
  }

  /** A service loader instantiates its providers by reflection: watched, it opens no world either. */
  @Test
  void aServiceLoadersProviderIsWatchedNotAnOpenWorld() throws IOException {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, Loads.class.getName());
    final List<String> truth = Cli.groundTruth(List.of(INCLUDES.get(1)), command);
    assertThat(truth).as("the provider is constructed").anyMatch(l -> l.contains("Loads$Hello\t<init>()V"));
    final Cli.Outcome run = run(command, List.of("--sessions", "2"), "loads");
    assertThat(run.err()).contains("reflection watched: it entered 1 traced method in the first run")
        .doesNotContain("open world").doesNotContain("diverged").doesNotContain("planning again");
    assertThat(export("loads")).isEqualTo(truth);
  }

  @Test
  void aSessionReflectingIntoAMethodTheFirstRunDidNotPlansAgainWithIt() throws IOException {
    final Path marker = dir.resolve("marker");
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, ReflectsLater.class.getName(),
        marker.toString());
    final Cli.Outcome run = run(command, List.of("--sessions", "2"), "later");
    assertThat(run.err()).contains("a session saw reflection enter 1 traced method the first run did not ("
        + ReflectsLater.class.getName() + ".later(I)I): planning again with them as entries");
    assertThat(Files.exists(marker)).isTrue();
    // The sessions' runs, like every run from now on, found the marker.
    assertThat(export("later")).isEqualTo(Cli.groundTruth(List.of(INCLUDES.get(1)), command));
  }

  /**
   * A run watches at most {@code SessionResult.MOST_REFLECTIVE_CALLS} reflective calls (each stops its thread):
   * a session that calls more makes the run plan again as an open world.
   */
  @Test
  void aSessionCallingReflectionTooOftenToWatchPlansAgainAsAnOpenWorld() throws IOException {
    final Path marker = dir.resolve("often");
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, ReflectsOften.class.getName(),
        marker.toString());
    final Cli.Outcome run = run(command, List.of("--sessions", "1"), "often");
    assertThat(run.err()).contains("reflection watched: it entered 1 traced method in the first run")
        .contains("a session called reflection more than 2000 times, too often to watch: planning again with every "
            + "traced method a possible entry").contains("open world");
    assertThat(export("often")).isEqualTo(Cli.groundTruth(List.of(INCLUDES.get(1)), command));
  }

  private Cli.Outcome run(final List<String> command, final List<String> options, final String name) {
    final List<String> args = new ArrayList<>(List.of("run", "--stdin", "/dev/null", "-o",
        dir.resolve(name + ".trace").toString()));
    args.addAll(options);
    args.addAll(INCLUDES);
    args.add("--");
    args.addAll(command);
    final Cli.Outcome run = Cli.execute(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  private List<String> export(final String name) throws IOException {
    final Path blocks = dir.resolve(name + ".blocks");
    assertThat(Cli.execute("export", dir.resolve(name + ".trace").toString(), "-o", blocks.toString()).exitCode())
        .isZero();
    return Files.readAllLines(blocks);
  }
}
