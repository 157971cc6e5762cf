package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.analysis.CallListener;
import dev.jdtrace.analysis.CallTracker;
import dev.jdtrace.analysis.TraceFiles;
import dev.jdtrace.plan.NamePattern;
import dev.jdtrace.programs.Exceptions;
import dev.jdtrace.programs.Recursion;
import dev.jdtrace.programs.Threads;
import dev.jdtrace.suite.Suite;
import dev.jdtrace.trace.TraceDictionary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code run --within}: the trace holds, per thread, exactly the calls of the matching methods and what they call,
 * that is the matching slice of the whole run's all-blocks trace (the ground truth), in one session and in several.
 * The slice is cut from the ground truth by its own calls ({@link CallTracker}): from the entry of a matching
 * method called outside any such call to the end of that frame.
 */
class WithinTest {
  @TempDir
  Path dir;

  /**
   * A few configurations: a recursive method called many times (fib), calls that end by an exception caught
   * below them (level1 to level3, caught in deepCatch), and calls in two threads (the run methods of worker-1
   * and worker-3), in one session and split over several; and a suite of test-like methods run by a runner that
   * catches a failed assertion ({@link Suite}).
   */
  static Stream<Arguments> configurations() {
    final String recursion = Recursion.class.getName();
    final String exceptions = Exceptions.class.getName();
    final String threads = Threads.class.getName();
    final String suite = Suite.class.getName();
    return Stream.of(
        Arguments.of(recursion, recursion + ".fib", List.of("--sessions", "1")),
        Arguments.of(recursion, recursion + ".fib", List.of("--deterministic", "--sessions", "3")),
        Arguments.of(exceptions, exceptions + ".level*", List.of("--sessions", "1")),
        Arguments.of(exceptions, exceptions + ".level*", List.of("--deterministic", "--sessions", "2")),
        Arguments.of(threads, threads + "*.run", List.of("--sessions", "1")),
        Arguments.of(threads, threads + "*.run", List.of("--deterministic", "--sessions", "2")),
        Arguments.of(suite, suite + ".test*", List.of("--deterministic", "--sessions", "3")),
        Arguments.of(suite, suite + ".testParse", List.of("--sessions", "1")),
        // Every entry block a witness: its hit is written as the window opens, whether the witnesses were off
        // (Suite's first test) or still on from the last window (fib's calls, one after another).
        Arguments.of(suite, suite + ".test*", List.of("--profile", "all-blocks", "--sessions", "1")),
        Arguments.of(recursion, recursion + ".fib", List.of("--profile", "all-blocks", "--sessions", "1")));
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void withinTraceIsTheSliceOfTheWholeRun(final String program, final String pattern, final List<String> config)
      throws IOException {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program);
    final Cli.Truth truth = Cli.truth(List.of(), command);
    final List<String> options = new ArrayList<>(config);
    options.addAll(List.of("--within", pattern));
    final List<String> slice = slice(truth, pattern);
    assertThat(slice).as("the pattern matches calls of the program").isNotEmpty();
    assertThat(Cli.blocks(dir, options, command)).isEqualTo(slice);
  }

  @Test
  void callViewsStartEachWindowAfreshAfterAnExceptionEndedOne() throws IOException {
    // Exceptions.level1 to level3's calls end by exceptions caught below them: each window is a call from outside.
    final String program = Exceptions.class.getName();
    final String pattern = program + ".level*";
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program);
    final long windows = windows(Cli.truth(List.of(), command), pattern).values().stream().mapToLong(List::size)
        .sum();
    final Path trace = dir.resolve("within.trace");
    final List<String> run = new ArrayList<>(List.of("run", "--stdin", "/dev/null", "--sessions", "1", "--within",
        pattern, "-o", trace.toString(), "--"));
    run.addAll(command);
    final Cli.Outcome traced = Cli.execute(run.toArray(String[]::new));
    assertThat(traced.exitCode()).as(traced.err()).isZero();
    final Path calls = dir.resolve("calls.tsv");
    assertThat(Cli.execute("export", trace.toString(), "--format", "calls", "-o", calls.toString()).exitCode())
        .isZero();
    final List<String> roots = Files.readAllLines(calls).stream().filter(l -> l.split("\t")[2].equals("call")
        && l.split("\t")[3].equals("0")).toList();
    assertThat(windows).isGreaterThan(1);
    assertThat(roots).hasSize((int) windows).allMatch(l -> l.split("\t")[5].startsWith("level"));
  }

  @Test
  void patternThatMatchesNoTracedMethodIsOneLine() {
    final Cli.Outcome o = Cli.execute("run", "--within", Recursion.class.getName() + ".nothing*", "--stdin",
        "/dev/null", "-o", dir.resolve("t.trace").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS,
        Recursion.class.getName());
    Cli.assertOneLine(o, Failures.JDTRACE, "--within " + Recursion.class.getName() + ".nothing* matches no method "
        + "of the traced classes");
    assertThat(dir.resolve("t.trace")).doesNotExist();
  }

  /** Suite's constructor is private and never called: the pattern matches, no window opens, the trace is empty. */
  @Test
  void aMatchingMethodThatNeverRunsGivesAnEmptyTraceAndSaysSo() throws IOException {
    final java.nio.file.Path trace = dir.resolve("empty.trace");
    final Cli.Outcome o = Cli.execute("run", "--within", Suite.class.getName() + ".<init>", "--stdin", "/dev/null",
        "-o", trace.toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, Suite.class.getName());
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.err()).contains("0 threads").contains("0 hits")
        .contains("no call of " + Suite.class.getName() + ".<init> ran, so the trace is empty");
    final java.nio.file.Path blocks = dir.resolve("empty.blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
    assertThat(java.nio.file.Files.readAllLines(blocks)).isEmpty();
  }

  @Test
  void patternWithoutMethodIsOneLine() {
    final Cli.Outcome o = Cli.execute("run", "--within", "Recursion", "--stdin", "/dev/null", "-o",
        dir.resolve("t.trace").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, Recursion.class.getName());
    Cli.assertOneLine(o, Failures.JDTRACE, "--within Recursion is not CLASS.METHOD");
  }

  /**
   * The blocks export lines of the ground truth inside calls of methods the pattern matches, thread by thread: a
   * call of a matching method outside any such call starts a slice, the end of its frame ends it.
   */
  static List<String> slice(final Cli.Truth truth, final String pattern) throws IOException {
    final Map<String, List<long[]>> windows = windows(truth, pattern);
    final Map<String, List<String>> lines = new LinkedHashMap<>();
    for (final String line : truth.blocks()) {
      if (!line.startsWith("#")) {
        lines.computeIfAbsent(line.substring(0, line.indexOf('\t')), t -> new ArrayList<>()).add(line);
      }
    }
    final List<String> out = new ArrayList<>();
    windows.forEach((thread, ranges) -> {
      for (final long[] r : ranges) {
        out.addAll(lines.get(thread).subList((int) r[0], (int) r[1]));
      }
    });
    return out;
  }

  /** Per thread of the ground truth, the ordinals {from, to} of each call of a matching method outside any. */
  static Map<String, List<long[]>> windows(final Cli.Truth truth, final String pattern) throws IOException {
    final int dot = pattern.lastIndexOf('.');
    final String classes = pattern.substring(0, dot);
    final String methods = pattern.substring(dot + 1);
    final Map<String, List<long[]>> windows = new LinkedHashMap<>();
    TraceFiles.read(truth.trace(), new CallTracker(new CallListener() {
      private TraceDictionary dictionary;
      private List<long[]> current;
      private int depth = -1;
      private long from;

      @Override
      public void dictionary(final TraceDictionary d) {
        dictionary = d;
      }

      @Override
      public void threadStart(final String name) {
        current = windows.computeIfAbsent(name, n -> new ArrayList<>());
        depth = -1;
      }

      @Override
      public void enter(final int method, final long ordinal, final int at) {
        final TraceDictionary.MethodEntry m = dictionary.methods().get(method);
        if (depth < 0 && NamePattern.matches(methods, m.name())
            && dev.jdtrace.plan.ClassFilter.matches(classes, dictionary.classes().get(m.classIndex()).name())) {
          depth = at;
          from = ordinal;
        }
      }

      @Override
      public void exit(final int method, final long ordinal, final int at) {
        if (at == depth) {
          current.add(new long[] {from, ordinal});
          depth = -1;
        }
      }
    }));
    return windows;
  }
}
