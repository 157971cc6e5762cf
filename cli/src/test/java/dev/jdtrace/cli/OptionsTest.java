package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Options are taken as given or refused: values out of range end with one line and exit 125, a plan
 * that cannot give the sessions asked for says so, and weights from another program are named.
 */
class OptionsTest {
  private static final String SAMPLE = "dev.jdtrace.programs.Sample";

  @TempDir
  Path dir;

  private static void refused(final Cli.Outcome o, final String message) {
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).contains(message).doesNotContain("\tat ");
  }

  private String[] plan(final String... options) {
    final List<String> args = new java.util.ArrayList<>(List.of("plan", "-o", dir.resolve("plan.json").toString()));
    args.addAll(List.of(options));
    args.addAll(List.of("--", Cli.JAVA, "-cp", Cli.PROGRAMS, SAMPLE));
    return args.toArray(String[]::new);
  }

  @Test
  void bareJdtracePrintsUsageAndFails() {
    final Cli.Outcome o = Cli.execute();
    assertThat(o.exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).contains("Usage: jdtrace");
  }

  /** The java command's options without -- before them are jdtrace's unknown options: one line, not the help. */
  @Test
  void forgettingTheDoubleDashBeforeTheJavaCommandIsSaidInOneLine() {
    for (final String command : List.of("run", "plan")) {
      final Cli.Outcome o = Cli.execute(command, "-o", dir.resolve("t").toString(), Cli.JAVA, "-cp", Cli.PROGRAMS,
          SAMPLE);
      assertThat(o.exitCode()).isEqualTo(Failures.JDTRACE);
      assertThat(o.err().strip()).isEqualTo("jdtrace: Unknown option: '-cp': put -- before the java command: jdtrace "
          + command + " [options] -- java -cp CP MAIN [args...]");
    }
    // Not a java command: picocli's error and usage, as before.
    final Cli.Outcome bogus = Cli.execute("run", "--bogus", "--", Cli.JAVA, "-cp", Cli.PROGRAMS, SAMPLE);
    assertThat(bogus.exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(bogus.err()).contains("Unknown option: '--bogus'").contains("Usage: jdtrace run");
  }

  /** A run that made no first run says so in its times, rather than timing the cache look-up as a first run. */
  @Test
  void aSkippedFirstRunIsSaidSkippedInTheTimes() {
    final String[] run = {"run", "--stdin", "/dev/null", "-o", dir.resolve("t").toString(), "--", Cli.JAVA, "-cp",
        Cli.PROGRAMS, SAMPLE};
    assertThat(Cli.execute(run).exitCode()).isZero();
    final Cli.Outcome again = Cli.execute(run);
    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(again.err()).contains("first run skipped: the plan cache knows")
        .contains("jdtrace: time: first run skipped, planning ");
    final Cli.Outcome all = Cli.execute("run", "--all-classes", "--stdin", "/dev/null", "-o",
        dir.resolve("all").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, SAMPLE);
    assertThat(all.exitCode()).as(all.err()).isZero();
    assertThat(all.err()).contains("jdtrace: time: first run skipped, planning ");
  }

  @Test
  void parallelBelowOneIsRefused() {
    refused(Cli.execute(plan("--parallel", "0")), "--parallel 0 is out of range: give 1 or more");
    refused(Cli.execute(plan("--parallel", "-1")), "--parallel -1 is out of range: give 1 or more");
    refused(Cli.execute("run", "--parallel", "0", "--stdin", "/dev/null", "-o", dir.resolve("t").toString(), "--",
        Cli.JAVA, "-cp", Cli.PROGRAMS, SAMPLE), "--parallel 0 is out of range");
  }

  @Test
  void capBelowOneIsRefused() {
    refused(Cli.execute(plan("--cap", "0")), "--cap 0 is out of range: give 1 or more");
  }

  @Test
  void attachValuesOutOfRangeAreRefusedBeforeAttaching() {
    final String out = dir.resolve("t").toString();
    refused(Cli.execute("attach", "127.0.0.1:1", "--include", "a.*", "--duration", "-1", "-o", out),
        "--duration -1 is out of range: give a number above 0");
    refused(Cli.execute("attach", "127.0.0.1:1", "--include", "a.*", "--duration", "1", "--max-hits", "0", "-o",
        out), "--max-hits 0 is out of range");
    refused(Cli.execute("attach", "127.0.0.1:1", "--include", "a.*", "--duration", "1", "--settle", "-5", "-o",
        out), "--settle -5 is out of range");
  }

  @Test
  void fewerSessionsThanAskedForAreAnnounced() {
    // Loops' 32 witnesses cannot form 100 sessions: the split yields fewer and says so.
    final Cli.Outcome o = Cli.execute("plan", "--sessions", "100", "--include", "dev.jdtrace.programs.Loops", "-o",
        dir.resolve("plan.json").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Loops");
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.err()).contains("--sessions 100 asks for more sessions than the witnesses split into, so the plan "
        + "has ");
  }

  @Test
  void weightsOfAnotherProgramAreNamed() throws Exception {
    final Path sample = Cli.truth(List.of(), List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, SAMPLE)).trace();
    // --all-classes: only then does Loops' plan hold Sample's classes, which the other main's trace weighs.
    final Cli.Outcome related = Cli.execute("plan", "--weights", sample.toString(), "--sessions", "1", "--all-classes",
        "-o",
        dir.resolve("plan.json").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Loops");
    assertThat(related.exitCode()).as(related.err()).isZero();
    assertThat(related.err()).contains("warning: --weights " + sample + " is a trace of " + SAMPLE
        + ", not of dev.jdtrace.programs.Loops");
    refused(Cli.execute("plan", "--weights", sample.toString(), "--include", "dev.jdtrace.programs.Loops", "-o",
        dir.resolve("plan.json").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Loops"),
        "block entries is in the traced classes of this program: it is a trace of another program");
  }

  @Test
  void attachHelpDescribesAttach() {
    final Cli.Outcome o = Cli.execute("attach", "--help");
    assertThat(o.out()).contains("Classes to trace (required)").contains("each an attach")
        .doesNotContain("main class's classpath entry").doesNotContain("runs of the program");
  }
}
