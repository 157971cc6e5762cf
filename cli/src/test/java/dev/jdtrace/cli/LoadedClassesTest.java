package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.loading.LoadsLater;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run plans only the traced classes its first run loads; a session that loads another must never let
 * that class's blocks run unseen: the run plans again with it, or ends with a divergence.
 */
class LoadedClassesTest {
  private static final List<String> INCLUDE = List.of("--include", "dev.jdtrace.programs.loading.*");

  @TempDir
  Path dir;

  @Test
  void aClassTheFirstRunDidNotLoadIsPlannedAgainAndTracedExactly() throws Exception {
    final Path counter = dir.resolve("once.count");
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, LoadsLater.class.getName(),
        counter.toString(), "once");
    final Path trace = dir.resolve("once.trace");
    final Cli.Outcome run = Cli.execute(args(trace, List.of(), command));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).contains("LoadsLater$First): planning again with them").contains("(2 plans)")
        .contains("the traced run printed other output than the first run shown above; the trace follows the traced run");
    // The counter now exists, so every later run loads First, as the sessions that made the trace did.
    final Path truth = dir.resolve("truth.trace");
    final Cli.Outcome all = Cli.execute(args(truth, List.of("--profile", "all-blocks", "--all-classes"), command));
    assertThat(all.exitCode()).as(all.err()).isZero();
    assertThat(blocks(trace)).isEqualTo(blocks(truth)).anyMatch(l -> l.contains("LoadsLater$First"));
  }

  /**
   * Traced alone, LoadsLater calls its nested classes as untraced code; a session that loads one the first
   * run did not load brings code whose entries into traced code the plan did not weigh: it plans again.
   */
  @Test
  void anUntracedClassTheFirstRunDidNotLoadIsPlannedAgain() throws Exception {
    final Path counter = dir.resolve("untraced.count");
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, LoadsLater.class.getName(),
        counter.toString(), "once");
    final List<String> include = List.of("--include", LoadsLater.class.getName());
    final Path trace = dir.resolve("untraced.trace");
    final Cli.Outcome run = Cli.execute(args(trace, include, List.of(), command));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).contains("a session loaded 1 untraced class the first run did not load ("
        + LoadsLater.class.getName() + "$First): planning again with them");
    final Path truth = dir.resolve("untraced-truth.trace");
    final Cli.Outcome all = Cli.execute(args(truth, include, List.of("--profile", "all-blocks", "--all-classes"),
        command));
    assertThat(all.exitCode()).as(all.err()).isZero();
    assertThat(blocks(trace)).isEqualTo(blocks(truth));
  }

  @Test
  void classLoadingThatNeverSettlesIsADivergence() throws Exception {
    final Path trace = dir.resolve("every.trace");
    final Cli.Outcome run = Cli.execute(args(trace, List.of(), List.of(Cli.JAVA, "-cp", Cli.PROGRAMS,
        LoadsLater.class.getName(), dir.resolve("every.count").toString(), "every")));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(Failures.DIVERGED);
    assertThat(run.err()).contains("LoadsLater$Third").contains("--all-classes");
    assertThat(trace).doesNotExist();
  }

  private static String[] args(final Path trace, final List<String> options, final List<String> command) {
    return args(trace, INCLUDE, options, command);
  }

  private static String[] args(final Path trace, final List<String> include, final List<String> options,
      final List<String> command) {
    final List<String> args = new java.util.ArrayList<>(List.of("run", "--stdin", "/dev/null", "--sessions", "1",
        "-o", trace.toString()));
    args.addAll(include);
    args.addAll(options);
    args.add("--");
    args.addAll(command);
    return args.toArray(String[]::new);
  }

  private List<String> blocks(final Path trace) throws Exception {
    final Path out = Files.createTempFile(dir, "export", ".blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", out.toString()).exitCode()).isZero();
    return Files.readAllLines(out);
  }
}
