package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two collects of one plan can run differently: another build of an untraced library, another system
 * property or environment. The plan's identity covers the traced bytecode only, so each part records how its
 * run went, and merge refuses to join parts whose runs differ in exit status, output or untraced class files
 * (issue 26): their streams could decode together into a path that neither run took.
 */
class PartsOfDifferentRunsTest {
  @TempDir
  Path dir;

  /** The traced program: its loop runs as often as the untraced library says, silently. */
  private static final String MAIN = """
      package app;
      public class Main {
        public static void main(String[] args) {
          int n = lib.Lib.steps();
          int s = 0;
          for (int i = 0; i < n; i++) {
            s += i % 2 == 0 ? i : -i;
          }
          if (s > 100) {
            s = 0;
          }
          System.out.println(System.getProperty("say", "same"));
          System.exit(Integer.getInteger("exit", 0));
        }
      }
      """;

  @Test
  void partsWhoseOutputsDifferAreRefused() throws Exception {
    final Path plan = plan();
    final Path a = collect(plan, 0, "-Dsay=a");
    final Path b = collect(plan, 1, "-Dsay=b");
    final Cli.Outcome o = merge(plan, a, b);
    Cli.assertOneLine(o, Failures.DIVERGED, "parts " + a + " and " + b + " are of different runs: they differ in "
        + "standard output; collect every session again");
    assertThat(dir.resolve("t.trace")).doesNotExist();
  }

  @Test
  void partsWhoseExitStatusesDifferAreRefused() throws Exception {
    final Path plan = plan();
    final Path a = collect(plan, 0);
    final Path b = collect(plan, 1, "-Dexit=3");
    Cli.assertOneLine(merge(plan, a, b), Failures.DIVERGED, "parts " + a + " and " + b + " are of different runs: "
        + "they differ in exit status (0 and 3);");
    assertThat(dir.resolve("t.trace")).doesNotExist();
  }

  @Test
  void partsRunOnDifferentUntracedClassFilesAreRefusedAndEqualRunsMergeToTheGroundTruth() throws Exception {
    final Path plan = plan();
    final Path a = collect(plan, 0);
    // Another build of the library: the same output and exit status, another path through the traced loop.
    library(5);
    final Path b = collect(plan, 1);
    Cli.assertOneLine(merge(plan, a, b), Failures.DIVERGED, "parts " + a + " and " + b + " are of different runs: "
        + "they differ in untraced class files;");
    assertThat(dir.resolve("t.trace")).doesNotExist();

    library(3);
    final Path again = collect(plan, 1);
    final Cli.Outcome merged = merge(plan, a, again);
    assertThat(merged.exitCode()).as(merged.err()).isZero();
    final Path blocks = dir.resolve("t.blocks");
    assertThat(Cli.execute("export", dir.resolve("t.trace").toString(), "-o", blocks.toString()).exitCode()).isZero();
    assertThat(Files.readAllLines(blocks)).isEqualTo(Cli.groundTruth(List.of("app.*"), command()));
  }

  @Test
  void aPartWithoutItsRunIsRefusedWithWhatToDo() throws Exception {
    final Path plan = plan();
    final Path a = collect(plan, 0);
    final Path b = collect(plan, 1);
    // The run record is the last frame: 4 length bytes, then tag, exit status and four digests, then the CRC.
    final byte[] bytes = Files.readAllBytes(b);
    final int run = 4 + 1 + 4 + 4 * (2 + 64) + 4;
    final Path cut = Files.write(dir.resolve("cut-part-1"), Arrays.copyOf(bytes, bytes.length - run));
    Cli.assertOneLine(merge(plan, a, cut), Failures.JDTRACE, "part " + cut + " does not say how its run ended (it "
        + "was not written by collect): collect session 1 again");
    // As a part from a jdtrace before run records (stream version 2) is.
    final byte[] older = Files.readAllBytes(cut);
    older["JDTHITS".length()] = 2;
    final Path old = Files.write(dir.resolve("old-part-1"), older);
    Cli.assertOneLine(merge(plan, a, old), Failures.JDTRACE, old + ": session stream format version 2 does not "
        + "record how its run ended (it was collected by an older jdtrace): collect the session again");
  }

  private List<String> command(final String... jvmOptions) {
    final List<String> command = new ArrayList<>(List.of(Cli.JAVA));
    command.addAll(List.of(jvmOptions));
    command.addAll(List.of("-cp", dir.resolve("app") + File.pathSeparator + dir.resolve("lib"), "app.Main"));
    return command;
  }

  private Path plan() throws Exception {
    library(3);
    compile("app", "Main", MAIN);
    final Path plan = dir.resolve("plan.json");
    final List<String> args = new ArrayList<>(List.of("plan", "--sessions", "2", "--profile", "all-blocks",
        "--include", "app.*", "-o", plan.toString(), "--"));
    args.addAll(command());
    final Cli.Outcome o = Cli.execute(args.toArray(String[]::new));
    assertThat(o.exitCode()).as(o.err()).isZero();
    return plan;
  }

  private Path collect(final Path plan, final int session, final String... jvmOptions) {
    final Path part = dir.resolve("part-" + session + "-" + String.join("", jvmOptions) + "-" + System.nanoTime());
    final List<String> args = new ArrayList<>(List.of("collect", "--plan", plan.toString(), "--session",
        Integer.toString(session), "-o", part.toString(), "--"));
    args.addAll(command(jvmOptions));
    final Cli.Outcome o = Cli.execute(args.toArray(String[]::new));
    assertThat(o.exitCode()).as(o.err()).isZero();
    return part;
  }

  private Cli.Outcome merge(final Path plan, final Path... parts) {
    final List<String> args = new ArrayList<>(List.of("merge", plan.toString()));
    Arrays.stream(parts).map(Path::toString).forEach(args::add);
    args.addAll(List.of("-o", dir.resolve("t.trace").toString()));
    return Cli.execute(args.toArray(String[]::new));
  }

  /** The untraced library, whose one method says how often the traced loop runs. */
  private void library(final int steps) throws Exception {
    compile("lib", "Lib", "package lib;\npublic class Lib {\n  public static int steps() {\n    return " + steps
        + ";\n  }\n}\n");
  }

  private void compile(final String pkg, final String name, final String source) throws Exception {
    final Path src = dir.resolve("src").resolve(pkg).resolve(name + ".java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, source);
    final Path out = dir.resolve(pkg);
    Files.createDirectories(out);
    final List<String> args = new ArrayList<>(List.of("-d", out.toString()));
    if (pkg.equals("app")) {
      args.addAll(List.of("-cp", dir.resolve("lib").toString()));
    }
    args.add(src.toString());
    assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new))).isZero();
  }
}
