package dev.jdtrace.cli;

import static dev.jdtrace.cli.Cli.assertOneLine;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one clear line on stderr and a non-zero exit, never a stack trace. */
class BadInputTest {
  @TempDir
  Path dir;

  private Cli.Outcome run(final String... javaCommand) {
    final String[] args = new String[javaCommand.length + 6];
    args[0] = "run";
    args[1] = "-o";
    args[2] = dir.resolve("t.trace").toString();
    args[3] = "--stdin";
    args[4] = "/dev/null";
    args[5] = "--";
    System.arraycopy(javaCommand, 0, args, 6, javaCommand.length);
    return Cli.execute(args);
  }

  @Test
  void unknownMainClass() {
    assertOneLine(run(Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.NoSuchProgram"), Failures.JDTRACE,
        "main class dev.jdtrace.programs.NoSuchProgram is not on the classpath");
  }

  @Test
  void nothingMatchesInclude() {
    final Cli.Outcome o = Cli.execute("run", "--include", "org.nothing.*", "--stdin", "/dev/null", "-o", dir.resolve("t").toString(), "--",
        Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Sample");
    assertOneLine(o, Failures.JDTRACE, "no class on the classpath matches --include org.nothing.*");
  }

  @Test
  void javaCommandMissing() {
    assertThat(Cli.execute("run").exitCode()).isEqualTo(Failures.JDTRACE);
  }

  @Test
  void javaCommandCannotStart() {
    assertOneLine(run("/no/such/java", "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Sample"), Failures.NOT_STARTED,
        "cannot start /no/such/java");
  }

  @Test
  void targetExitsBeforeTheDebuggerAttaches() {
    assertOneLine(run(Cli.JAVA, "-XX:+NoSuchFlagForJdtrace", "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Sample"), Failures.NOT_STARTED,
        "the target exited with exit code 1 before the debugger could attach");
  }

  @Test
  void unreadableJar() throws Exception {
    final Path bad = Files.writeString(dir.resolve("broken.jar"), "not a zip");
    assertOneLine(run(Cli.JAVA, "-cp", bad + ":" + Cli.PROGRAMS, "dev.jdtrace.programs.Sample"), Failures.JDTRACE,
        "cannot read classpath entry " + bad);
  }

  @Test
  void missingTraceFileForExport() {
    assertOneLine(Cli.execute("export", dir.resolve("none.trace").toString()), Failures.JDTRACE, "no such trace file");
  }

  @Test
  void exportOfANonTraceFile() throws Exception {
    final Path junk = Files.writeString(dir.resolve("junk.trace"), "hello");
    assertOneLine(Cli.execute("export", junk.toString()), Failures.JDTRACE, "not a jdtrace trace file");
  }
}
