package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tracing the same build again reuses its plan and its first run's classes from the cache (nothing is
 * planned, the program does not run for its classes); a changed class invalidates only what depends on it.
 */
class PlanCacheTest {
  @TempDir
  Path dir;

  @Test
  void theSameBuildIsPlannedOnceAndAChangedOneAgain() throws Exception {
    final Path classes = compile("for (int i = 0; i < 3; i++) { s += i; }");
    final Cli.Outcome first = plan(classes);
    assertThat(first.err()).contains("first run: ").doesNotContain("plan cache");
    final Cli.Outcome second = plan(classes);
    assertThat(second.err()).contains("first run skipped").contains("reused from the plan cache: nothing planned");
    assertThat(Files.readString(dir.resolve("plan-2.json"))).isEqualTo(Files.readString(dir.resolve("plan-1.json")));

    // A class the program does not load changes: nothing depends on it, nothing is planned.
    compileUnused("int u = 2;");
    final Cli.Outcome unused = plan(classes);
    assertThat(unused.err()).contains("first run skipped").contains("reused from the plan cache: nothing planned");

    // The class it loads changes: its plan is made again, from the classes the last run loaded.
    compile("for (int i = 0; i < 3; i++) { s += i % 2 == 0 ? i : -i; }");
    final Cli.Outcome changed = plan(classes);
    assertThat(changed.err()).contains("first run skipped").doesNotContain("reused from the plan cache");
    assertThat(Files.readString(dir.resolve("plan-" + plans + ".json")))
        .isNotEqualTo(Files.readString(dir.resolve("plan-1.json")));

    // The trace of a run from the cached plan is the ground truth's.
    final List<String> command = List.of(Cli.JAVA, "-cp", classes.toString(), "cached.Tiny");
    final List<String> include = List.of("--include", "cached.*");
    Cli.blocks(dir, include, command);
    assertThat(Cli.blocks(dir, include, command)).isEqualTo(Cli.truth(List.of("cached.*"), command).blocks());
  }

  private int plans;

  private Cli.Outcome plan(final Path classes) {
    plans++;
    final Cli.Outcome o = Cli.execute("plan", "--include", "cached.*", "-o", dir.resolve("plan-" + plans + ".json")
        .toString(), "--", Cli.JAVA, "-cp", classes.toString(), "cached.Tiny");
    assertThat(o.exitCode()).as(o.err()).isZero();
    return o;
  }

  /** Compiles a class of the traced package that the program never loads, into dir/classes. */
  private void compileUnused(final String body) throws Exception {
    final Path src = dir.resolve("src/cached/Unused.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, "package cached;\nclass Unused {\n  static int f() {\n    " + body + "\n    return u;\n  }\n}\n");
    assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.resolve("classes").toString(),
        src.toString())).isZero();
  }

  /** Compiles a one-class program whose main runs {@code body} on {@code int s}, into dir/classes. */
  private Path compile(final String body) throws Exception {
    final Path src = dir.resolve("src/cached/Tiny.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, "package cached;\npublic class Tiny {\n  public static void main(String[] a) {\n"
        + "    int s = 0;\n    " + body + "\n    System.out.println(s);\n  }\n}\n");
    final Path out = dir.resolve("classes");
    Files.createDirectories(out);
    assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", out.toString(), src.toString()))
        .isZero();
    return out;
  }
}
