package dev.jdtrace.cli;

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
  static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

  private Cli() {
  }

  /** Exit code, standard output and standard error of one invocation. */
  record Outcome(int exitCode, String out, String err) {
  }

  static Outcome execute(final String... args) {
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    final int code = Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute(args);
    return new Outcome(code, out.toString(), err.toString());
  }

  /** Blocks exports of all-blocks single-session traces, by java command: the ground truth, traced once. */
  private static final java.util.Map<java.util.List<String>, java.util.List<String>> GROUND_TRUTH =
      new java.util.concurrent.ConcurrentHashMap<>();

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

  /** The all-blocks single-session export of a command, computed once per test JVM. */
  static java.util.List<String> groundTruth(final java.nio.file.Path dir, final java.util.List<String> includes,
      final java.util.List<String> command) throws java.io.IOException {
    final java.util.List<String> key = new java.util.ArrayList<>(includes);
    key.addAll(command);
    final java.util.List<String> cached = GROUND_TRUTH.get(key);
    if (cached != null) {
      return cached;
    }
    final java.util.List<String> options = new java.util.ArrayList<>(java.util.List.of("--profile", "all-blocks",
        "--sessions", "1"));
    includes.forEach(i -> options.addAll(java.util.List.of("--include", i)));
    final java.util.List<String> truth = blocks(dir, options, command);
    GROUND_TRUTH.put(key, truth);
    return truth;
  }

  private static String programs() {
    try {
      return Path.of(Sample.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (final URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
