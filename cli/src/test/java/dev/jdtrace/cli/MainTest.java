package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line holds the command the arguments name alone, and every command when it must list them. */
class MainTest {
  private static final String[] EVERY = {"run", "attach", "plan", "collect", "merge", "export", "show", "diff",
      "report", "calibrate", "help"};

  @Test
  void aNamedCommandIsBuiltAlone() {
    assertThat(Main.commandLine(new String[] {"show", "t.trace"}).getSubcommands()).containsOnlyKeys("show");
    assertThat(Main.commandLine(new String[] {"run", "--help"}).getSubcommands()).containsOnlyKeys("run");
  }

  @Test
  void helpNoCommandOrAnUnknownOneHoldEveryCommand() {
    for (final String[] args : new String[][] {{}, {"help", "run"}, {"--version"}, {"rn"}}) {
      assertThat(Main.commandLine(args).getSubcommands()).as(String.join(" ", args)).containsOnlyKeys(EVERY);
    }
  }

  /** An {@code @}-file stays an argument (here show's trace, which does not exist), and not picocli's to expand. */
  @Test
  void aCommandBuiltAloneKeepsJdtracesHandling(@TempDir final Path dir) throws IOException {
    final Path argfile = Files.writeString(dir.resolve("args"), "--help\n");
    final Cli.Outcome shown = Cli.execute("show", "@" + argfile);
    assertThat(shown.exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(shown.out()).doesNotContain("Usage:");
    assertThat(shown.err()).contains("@" + argfile);
    assertThat(Cli.execute("show", "--no-such-option").exitCode()).isEqualTo(Failures.JDTRACE);
  }
}
