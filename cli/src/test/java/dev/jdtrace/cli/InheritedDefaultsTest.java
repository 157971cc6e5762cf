package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.Dispatch;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A default method a class inherits, called through the class ({@code invokevirtual Counter.isLarge}), is a
 * call target: the walk places it without learning anything. It once resolved to nothing traced, so the call
 * counted as untraced and the default method as neither target nor callback: every such run diverged and
 * paid an observing run (javaparser's {@code Node.getBegin()} made every parse do so).
 */
class InheritedDefaultsTest {
  @TempDir
  Path dir;

  @Test
  void inheritedDefaultsDecodeWithoutLearning() throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, Dispatch.class.getName());
    final List<String> truth = Cli.groundTruth(List.of(), command);
    assertThat(truth).as("the defaults ran").anyMatch(l -> l.contains("Dispatch$Sized\tisLarge()Z"))
        .anyMatch(l -> l.contains("Dispatch$Sized\thalf()I"));
    final Path trace = dir.resolve("t.trace");
    final Cli.Outcome run = Cli.execute("run", "--sessions", "1", "--no-fallback", "--stdin", "/dev/null", "-o",
        trace.toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, Dispatch.class.getName());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).doesNotContain("diverged").doesNotContain("observing run");
    final Path blocks = dir.resolve("t.blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
    assertThat(java.nio.file.Files.readAllLines(blocks)).isEqualTo(truth);
  }
}
