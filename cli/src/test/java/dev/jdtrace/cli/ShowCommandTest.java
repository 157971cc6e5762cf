package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code jdtrace show} on traces of the bundled programs. */
class ShowCommandTest {
  private static final Pattern ORDINAL = Pattern.compile("#(\\d+)$");

  @TempDir
  Path dir;

  static Stream<String> programs() {
    return Catalog.DETERMINISTIC.stream();
  }

  @ParameterizedTest
  @MethodSource("programs")
  void showsEveryThreadAsACallTreeInPlainText(final String program) throws Exception {
    final Cli.Outcome show = Cli.execute("show", Traced.trace(program).toString());
    assertThat(show.exitCode()).as(show.err()).isZero();
    assertThat(show.out()).doesNotContain("\u001b[");
    final long threads = Files.readAllLines(export(program, "blocks")).stream().map(l -> l.split("\t")[0])
        .distinct().count();
    assertThat(show.out().lines().filter(l -> l.startsWith("thread ")).count()).isEqualTo(threads);
    final String simple = program.substring(program.lastIndexOf('.') + 1);
    assertThat(show.out()).containsPattern("\\n  " + Pattern.quote(program) + "\\.main \\(" + simple + "\\.java:\\d+\\)");
    // Ordinals of printed lines never go backwards within a thread (loops print their first iteration).
    long previous = -1;
    for (final String line : show.out().lines().toList()) {
      final Matcher m = ORDINAL.matcher(line);
      if (line.startsWith("thread ")) {
        previous = -1;
      } else if (m.find()) {
        assertThat(Long.parseLong(m.group(1))).as(line).isGreaterThanOrEqualTo(previous);
        previous = Long.parseLong(m.group(1));
      }
    }
  }

  @Test
  void foldsRepeatedLoopIterationsWithACount() {
    final Cli.Outcome show = Cli.execute("show", Traced.trace("dev.jdtrace.programs.Loops").toString());
    assertThat(show.out()).contains("× 7").contains("loop × ");
    // The while loop's Collatz iterations take different branches: they stay visible.
    assertThat(show.out()).containsPattern("lines \\d+-\\d+ × \\d+  #\\d+");
  }

  @Test
  void depthLimitsTheLevelsOfCalls() {
    final String trace = Traced.trace("dev.jdtrace.programs.Recursion").toString();
    final Cli.Outcome one = Cli.execute("show", trace, "--depth", "1");
    assertThat(one.out().lines().filter(l -> l.startsWith("  dev.")).toList())
        .containsExactly("  dev.jdtrace.programs.Recursion.main (Recursion.java:46)  #0");
    assertThat(one.out()).doesNotContain("factorial");
    final Cli.Outcome two = Cli.execute("show", trace, "--depth", "2");
    assertThat(two.out()).contains("    dev.jdtrace.programs.Recursion.factorial (").doesNotContain(
        "      dev.jdtrace.programs.Recursion.factorial (");
  }

  @Test
  void methodFilterShowsOnlyMatchingCallsWithTheirCallers() {
    final Cli.Outcome show = Cli.execute("show", Traced.trace("dev.jdtrace.programs.Recursion").toString(),
        "--method", "*.isOdd");
    final List<String> roots = show.out().lines().filter(l -> l.startsWith("  ") && !l.startsWith("   ")
        && !l.contains("block entries")).toList();
    assertThat(roots).isNotEmpty().allMatch(l -> l.startsWith("  dev.jdtrace.programs.Recursion.isOdd ("));
    assertThat(roots).anyMatch(l -> l.contains("in dev.jdtrace.programs.Recursion.main > "
        + "dev.jdtrace.programs.Recursion.isEven"));
    assertThat(show.out()).doesNotContain("factorial");
  }

  @Test
  void threadFilterSelectsThreadsAndAnUnknownThreadIsBadInput() {
    final String trace = Traced.trace("dev.jdtrace.programs.Threads").toString();
    final Cli.Outcome show = Cli.execute("show", trace, "--thread", "worker-*");
    assertThat(show.out().lines().filter(l -> l.startsWith("thread ")).toList()).isNotEmpty()
        .allMatch(l -> l.startsWith("thread worker-"));
    final Cli.Outcome none = Cli.execute("show", trace, "--thread", "nobody");
    assertThat(none.exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(none.err()).contains("no thread matches nobody");
  }

  @Test
  void atPrintsTheFullCallStackAgreeingWithTheCallsExport() throws Exception {
    final String program = "dev.jdtrace.programs.Recursion";
    final List<String[]> calls = Files.readAllLines(export(program, "calls")).stream().map(l -> l.split("\t")).toList();
    // The depth at the deepest call: the frames on the stack at its first block.
    final String[] deepest = calls.stream().filter(c -> c[2].equals("call"))
        .max((x, y) -> Integer.compare(Integer.parseInt(x[3]), Integer.parseInt(y[3]))).orElseThrow();
    final Cli.Outcome at = Cli.execute("show", Traced.trace(program).toString(), "--at", deepest[1]);
    assertThat(at.exitCode()).as(at.err()).isZero();
    final List<String> frames = at.out().lines().filter(l -> l.startsWith("  at ")).toList();
    assertThat(frames).hasSize(Integer.parseInt(deepest[3]) + 1);
    assertThat(frames.get(0)).startsWith("  at " + deepest[4] + "." + deepest[5].substring(0, deepest[5].indexOf('(')));
    assertThat(frames.get(frames.size() - 1)).startsWith("  at dev.jdtrace.programs.Recursion.main(Recursion.java:");
    assertThat(at.out()).startsWith("thread main, block #" + deepest[1] + ": bci ");
  }

  @Test
  void atBeyondTheEndSaysHowLongTheThreadIs() {
    final Cli.Outcome at = Cli.execute("show", Traced.trace("dev.jdtrace.programs.Loops").toString(), "--at",
        "999999");
    assertThat(at.exitCode()).isZero();
    assertThat(at.out()).containsPattern("thread main has only \\d+ block entries");
  }

  @Test
  void colourOnlyWhenAskedOrOnATerminal() {
    final String trace = Traced.trace("dev.jdtrace.programs.Loops").toString();
    assertThat(Cli.execute("show", trace, "--color", "always").out()).contains("\u001b[1m");
    assertThat(Cli.execute("show", trace, "--color", "never").out()).doesNotContain("\u001b[");
  }

  @Test
  void badInputExitsWithTwo() throws Exception {
    assertThat(Cli.execute("show", dir.resolve("missing.trace").toString()).exitCode()).isEqualTo(Failures.JDTRACE);
    final Path junk = Files.write(dir.resolve("junk.trace"), "not a trace".getBytes());
    final Cli.Outcome r = Cli.execute("show", junk.toString());
    assertThat(r.exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(r.err()).contains("not a jdtrace trace file");
    assertThat(Cli.execute("show", junk.toString(), "--depth", "0").exitCode()).isEqualTo(Failures.JDTRACE);
  }

  private Path export(final String program, final String format) {
    final Path out = dir.resolve(program + "." + format + "." + Arrays.hashCode(new Object[] {format}));
    final Cli.Outcome r = Cli.execute("export", Traced.trace(program).toString(), "--format", format, "-o",
        out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    return out;
  }
}
