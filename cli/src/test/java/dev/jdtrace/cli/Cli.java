package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.programs.Sample;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;

/** Runs the jdtrace command in-process and captures what it says. */
final class Cli {
  /** The classpath entry of the bundled test programs. */
  static final String PROGRAMS = programs();
  /** The java executable running the tests. */
  static final String JAVA = JavaCommand.currentJava();

  private Cli() {
  }

  /** Exit code, standard output and standard error of one invocation. */
  record Outcome(int exitCode, String out, String err) {
  }

  /** Asserts a failure with this exit code, said in words that hold {@code text}, with no stack trace. */
  static void assertOneLine(final Outcome o, final int code, final String text) {
    assertThat(o.exitCode()).as(o.err()).isEqualTo(code);
    assertThat(o.err()).contains(text).doesNotContain("\tat ").doesNotContain("Exception");
  }

  static Outcome execute(final String... args) {
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    final int code = Main.commandLine(args).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute(args);
    return new Outcome(code, out.toString(), err.toString());
  }

  /** The blocks export of a {@code run} with these options on this command, asserting success. */
  static java.util.List<String> blocks(final java.nio.file.Path dir, final java.util.List<String> options,
      final java.util.List<String> command) throws java.io.IOException {
    final java.nio.file.Path trace = java.nio.file.Files.createTempFile(dir, "run", ".trace");
    final java.nio.file.Path blocks = java.nio.file.Files.createTempFile(dir, "run", ".blocks");
    final java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("run", "--stdin", "/dev/null",
        "-o", trace.toString()));
    args.addAll(options);
    args.add("--");
    args.addAll(command);
    final Outcome run = execute(args.toArray(String[]::new));
    org.assertj.core.api.Assertions.assertThat(run.exitCode()).as(run.err()).isZero();
    org.assertj.core.api.Assertions.assertThat(execute("export", trace.toString(), "-o", blocks.toString())
        .exitCode()).isZero();
    final java.util.List<String> lines = java.nio.file.Files.readAllLines(blocks);
    org.assertj.core.api.Assertions.assertThat(lines).isNotEmpty();
    return lines;
  }

  /**
   * The ground truth of a command: its all-blocks single-session trace and that trace's blocks export.
   *
   * @param trace the trace, kept for the test JVM's lifetime (it weighs plans in some tests)
   * @param blocks its blocks export
   */
  record Truth(java.nio.file.Path trace, java.util.List<String> blocks) {
  }

  /** Ground truths by include patterns and java command: each is traced once per test JVM. */
  private static final java.util.Map<java.util.List<String>, Truth> GROUND_TRUTH =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** The ground truth of a command, traced on first use. */
  static synchronized Truth truth(final java.util.List<String> includes, final java.util.List<String> command)
      throws java.io.IOException {
    final java.util.List<String> key = new java.util.ArrayList<>(includes);
    key.addAll(command);
    final Truth cached = GROUND_TRUTH.get(key);
    if (cached != null) {
      return cached;
    }
    final java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("jdtrace-truth-");
    dir.toFile().deleteOnExit();
    final java.util.List<String> options = new java.util.ArrayList<>(java.util.List.of("--profile", "all-blocks",
        "--sessions", "1"));
    includes.forEach(i -> options.addAll(java.util.List.of("--include", i)));
    final java.util.List<String> blocks = blocks(dir, options, command);
    final java.nio.file.Path trace;
    try (var files = java.nio.file.Files.list(dir)) {
      // blocks() leaves exactly its trace and its export in the fresh folder.
      trace = files.filter(f -> f.toString().endsWith(".trace")).findFirst().orElseThrow();
    }
    try (var files = java.nio.file.Files.list(dir)) {
      files.forEach(f -> f.toFile().deleteOnExit());
    }
    final Truth truth = new Truth(trace, blocks);
    GROUND_TRUTH.put(key, truth);
    return truth;
  }

  /** The ground truth's blocks export. */
  static java.util.List<String> groundTruth(final java.util.List<String> includes,
      final java.util.List<String> command) throws java.io.IOException {
    return truth(includes, command).blocks();
  }

  private static String programs() {
    try {
      return Path.of(Sample.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (final URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
