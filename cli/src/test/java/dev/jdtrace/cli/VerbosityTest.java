package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.analysis.HandTraces;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --quiet} and {@code --verbose}, before or after the subcommand, and the sessions' progress: a bar
 * redrawn in place on a terminal, plain lines otherwise (CI, logs, these tests).
 */
class VerbosityTest {
  private static final String PROGRAM = "dev.jdtrace.programs.Sample";

  @TempDir
  Path dir;

  private String[] run(final List<String> head) {
    final List<String> args = new ArrayList<>(head);
    args.addAll(List.of("--sessions", "2", "--stdin", "/dev/null", "--", Cli.JAVA, "-cp", Cli.PROGRAMS, PROGRAM));
    return args.toArray(String[]::new);
  }

  @Test
  void aRunReportsEachSessionOnAPlainLineAndQuietSilencesEveryNotice() {
    final Path loud = dir.resolve("loud.trace");
    final Cli.Outcome normal = Cli.execute(run(List.of("run", "-o", loud.toString())));
    assertThat(normal.exitCode()).as(normal.err()).isZero();
    assertThat(normal.err()).containsPattern("jdtrace: session 0 done \\([12] of 2\\): ")
        .containsPattern("jdtrace: session 1 done \\([12] of 2\\): ")
        .contains("jdtrace: 2 sessions, ").doesNotContain("\r");

    final Path quiet = dir.resolve("quiet.trace");
    final Cli.Outcome q = Cli.execute(run(List.of("-q", "run", "-o", quiet.toString())));
    assertThat(q.exitCode()).as(q.err()).isZero();
    assertThat(q.err()).isEmpty();
    assertThat(Cli.execute("diff", loud.toString(), quiet.toString()).exitCode()).as("the same trace").isZero();
  }

  @Test
  void quietAfterTheSubcommandToo() {
    final Path plan = dir.resolve("plan.json");
    final Cli.Outcome q = Cli.execute("plan", "--quiet", "-o", plan.toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS,
        PROGRAM);
    assertThat(q.exitCode()).as(q.err()).isZero();
    assertThat(q.err()).isEmpty();
    assertThat(plan).isNotEmptyFile();
  }

  @Test
  void verboseTimesEachNoticeAndPrintsAFailuresStackTrace() {
    final Cli.Outcome v = Cli.execute("-v", "plan", "-o", dir.resolve("plan.json").toString(), "--", Cli.JAVA, "-cp",
        Cli.PROGRAMS, PROGRAM);
    assertThat(v.exitCode()).as(v.err()).isZero();
    assertThat(v.err()).containsPattern("jdtrace \\[ *\\d+\\.\\d s\\]: tracing ");
    final Cli.Outcome failed = Cli.execute("export", dir.resolve("nope").toString(), "--verbose");
    assertThat(failed.exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(failed.err()).startsWith("jdtrace: no such trace file").contains("\tat dev.jdtrace.cli.");
    assertThat(Cli.execute("export", dir.resolve("nope").toString()).err()).doesNotContain("\tat ");
  }

  @Test
  void quietDiffAnswersByItsExitCodeAlone() {
    final Path a = HandTraces.write(dir.resolve("a"), HandTraces.standard(), HandTraces.main(0, 3, 4, 5, 1));
    final Path b = HandTraces.write(dir.resolve("b"), HandTraces.standard(), HandTraces.main(0, 3, 5, 1));
    final Cli.Outcome same = Cli.execute("diff", "-q", a.toString(), a.toString());
    final Cli.Outcome differ = Cli.execute("diff", "-q", a.toString(), b.toString());
    assertThat(same.exitCode()).isZero();
    assertThat(differ.exitCode()).isEqualTo(1);
    assertThat(same.out() + differ.out() + same.err() + differ.err()).isEmpty();
  }

  @Test
  void onATerminalTheSessionsAreOneBarRedrawnInPlace() {
    final StringWriter text = new StringWriter();
    final Info info = new Info(new PrintWriter(text), false, false, true);
    info.step(1, 2, "session 2/2 done");
    info.accept("a notice");
    info.step(2, 2, "session 1/2 done");
    info.accept("after");
    final String nl = System.lineSeparator();
    assertThat(text.toString()).isEqualTo("\r\033[Kjdtrace: [############------------] 1/2 sessions"
        + "\r\033[Kjdtrace: a notice" + nl + "jdtrace: [############------------] 1/2 sessions"
        + "\r\033[Kjdtrace: [########################] 2/2 sessions" + nl + "jdtrace: after" + nl);
  }

  @Test
  void withoutATerminalEachStepIsAPlainLine() {
    final StringWriter text = new StringWriter();
    final Info info = new Info(new PrintWriter(text), false, false, false);
    info.step(1, 2, "session 2/2 done");
    info.step(2, 2, "session 1/2 done");
    final String nl = System.lineSeparator();
    assertThat(text.toString()).isEqualTo("jdtrace: session 2/2 done" + nl + "jdtrace: session 1/2 done" + nl);
  }
}
