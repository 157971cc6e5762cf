package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.Catalog;
import dev.jdtrace.programs.Nondeterministic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Splitting the witnesses over sessions changes nothing in the trace: for every test program, several
 * session counts and every strategy give the all-blocks single-session export. The programs are deterministic
 * by contract ({@link Catalog}), so the runs say so with {@code --deterministic}: their threads are then split
 * over sessions too, which is what these tests check. A nondeterministic program is traced again in one
 * session, or, with {@code --no-fallback}, ends in a divergence error; never in a wrong trace.
 */
class SessionsAgreeTest {
  @TempDir
  Path dir;

  private static final List<String> STRATEGIES = List.of("fine", "function", "optimized");

  /**
   * A budget of configurations per program: tracing is slow, the property tests cover the rest. Four are
   * the same for every program; a fifth turns through 1, 4 and 5 sessions and the three strategies.
   */
  static Stream<Arguments> configurations() {
    final List<List<String>> configs = List.of(
        List.of("--deterministic", "--sessions", "2", "--strategy", "function"),
        List.of("--deterministic", "--sessions", "3", "--strategy", "fine"),
        List.of("--deterministic", "--profile", "all-blocks", "--sessions", "2", "--strategy", "fine"),
        List.of("--deterministic", "--sessions", "2", "--strategy", "optimized", "--weights-from-ground-truth"));
    final List<String> programs = Catalog.DETERMINISTIC;
    return IntStream.range(0, programs.size()).boxed().flatMap(i -> Stream.concat(
        configs.stream().map(c -> Arguments.of(programs.get(i), c)),
        Stream.of(Arguments.of(programs.get(i), List.of("--deterministic", "--sessions", List.of("1", "4", "5").get(i % 3),
            "--strategy", STRATEGIES.get(i / 3 % 3))))));
  }

  /**
   * Caps: each program traced with its own classes only, under caps 5, 30 and 500 in turn, with the strategies
   * in turn. A cap below the largest decision unit (a choice plus the callback witnesses that break its cycles)
   * is refused with the smallest cap that works, and the program is then traced under that one; 30 and more
   * always work on these programs.
   */
  static Stream<Arguments> caps() {
    final List<String> programs = Catalog.DETERMINISTIC;
    return IntStream.range(0, programs.size()).mapToObj(i -> Arguments.of(programs.get(i),
        List.of("5", "30", "500").get(i % 3), STRATEGIES.get(i / 3 % 3)));
  }

  @ParameterizedTest
  @MethodSource("caps")
  void cappedSessionsDecodeToAllBlocksTrace(final String program, final String cap, final String strategy)
      throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program);
    final List<String> include = List.of(program + "*");
    final Cli.Outcome plan = Cli.execute(Stream.concat(Stream.of("plan", "--include", include.get(0), "--cap", cap,
        "--strategy", strategy, "-o", dir.resolve("plan.json").toString(), "--"), command.stream())
        .toArray(String[]::new));
    String effective = cap;
    if (plan.exitCode() != 0) {
      assertThat(Integer.parseInt(cap)).as("a cap of 30 works on every test program: " + plan.err()).isLessThan(30);
      final Matcher m = Pattern.compile("use --cap (\\d+) or more").matcher(plan.err());
      assertThat(m.find()).as(plan.err()).isTrue();
      effective = m.group(1);
      assertThat(Integer.parseInt(effective)).as(plan.err()).isGreaterThan(Integer.parseInt(cap));
    }
    final Path stats = dir.resolve("stats.json");
    assertThat(Cli.blocks(dir, List.of("--deterministic", "--include", include.get(0), "--cap", effective,
        "--strategy", strategy, "--stats", stats.toString()), command)).isEqualTo(Cli.groundTruth(include, command));
    for (final com.fasterxml.jackson.databind.JsonNode s : new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(stats.toFile()).get("sessions")) {
      assertThat(s.get("breakpoints").asInt()).isLessThanOrEqualTo(Integer.parseInt(effective));
    }
  }

  /** Planning alone is cheap: every test program plans under a cap of 30 with every strategy. */
  @Test
  void capOfThirtyPlansEveryProgram() {
    for (final String program : Catalog.DETERMINISTIC) {
      for (final String strategy : STRATEGIES) {
        final Cli.Outcome plan = Cli.execute("plan", "--include", program + "*", "--cap", "30", "--strategy", strategy,
            "-o", dir.resolve("plan.json").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, program);
        assertThat(plan.exitCode()).as(program + " " + strategy + ": " + plan.err()).isZero();
      }
    }
  }

  /**
   * Issue #31: test programs whose largest decision unit (a megamorphic call, a lambda's callbacks) exceeded
   * 10 witnesses trace exactly under {@code --cap 10}: the units are split so that every two candidates share
   * a session (Theorem 2). StaticInit needs the small-unit witnesses below 15, and its class initialisers then
   * sit in different sessions (the walk must start them in the JVM's order). A small budget: four programs, each
   * with one strategy, default includes.
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource({"dev.jdtrace.programs.Lambdas,optimized",
      "dev.jdtrace.programs.Dispatch,fine", "dev.jdtrace.programs.MethodRefs,function",
      "dev.jdtrace.programs.StaticInit,optimized"})
  void capOfTenSplitsUnitsAndDecodesToAllBlocksTrace(final String program, final String strategy) throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program);
    final Path stats = dir.resolve("stats.json");
    assertThat(Cli.blocks(dir, List.of("--deterministic", "--cap", "10", "--strategy", strategy, "--stats",
        stats.toString()), command)).isEqualTo(Cli.groundTruth(List.of(), command));
    final com.fasterxml.jackson.databind.JsonNode sessions = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(stats.toFile()).get("sessions");
    assertThat(sessions.size()).isGreaterThan(1);
    for (final com.fasterxml.jackson.databind.JsonNode s : sessions) {
      assertThat(s.get("breakpoints").asInt()).isLessThanOrEqualTo(10);
    }
  }

  /**
   * Planning under {@code --cap 3} works for every test program, with every strategy. Switches, Callbacks and
   * StaticInit need 14-15 with the optimal profile alone: a choice whose candidates run untraced code needs every
   * callback's first witnesses with each pair of candidates, and a way out of a method every caller's way on; below
   * that, witnesses that end such choices and candidates are added (DESIGN §2, "Small units"). Every pair then fits
   * 2, but Lambdas would need 1,078 sessions of 2, more than a split opens (534 of 3).
   */
  @Test
  void capOfThreePlansEveryProgram() {
    for (final String program : Catalog.DETERMINISTIC) {
      for (final String strategy : STRATEGIES) {
        final Cli.Outcome plan = Cli.execute("plan", "--cap", "3", "--strategy", strategy,
            "-o", dir.resolve("plan.json").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, program);
        assertThat(plan.exitCode()).as(program + " " + strategy + ": " + plan.err()).isZero();
      }
    }
  }

  /**
   * Any cap down to the largest pair works: Switches (a least cap of 8 with the witnesses for untraced code alone)
   * traces exactly in sessions of at most two breakpoints.
   */
  @Test
  void capOfTwoDecodesToAllBlocksTrace() throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Switches");
    final Path stats = dir.resolve("stats.json");
    assertThat(Cli.blocks(dir, List.of("--deterministic", "--cap", "2", "--stats", stats.toString()), command))
        .isEqualTo(Cli.groundTruth(List.of(), command));
    for (final com.fasterxml.jackson.databind.JsonNode s : new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(stats.toFile()).get("sessions")) {
      assertThat(s.get("breakpoints").asInt()).isLessThanOrEqualTo(2);
    }
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void splitSessionsDecodeToAllBlocksTrace(final String program, final List<String> config) throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program);
    final Cli.Truth truth = Cli.truth(List.of(), command);
    List<String> options = config;
    if (config.contains("--weights-from-ground-truth")) {
      options = Stream.concat(config.stream().filter(o -> !o.equals("--weights-from-ground-truth")),
          Stream.of("--weights", truth.trace().toString())).toList();
    }
    assertThat(Cli.blocks(dir, options, command)).isEqualTo(truth.blocks());
  }

  @Test
  void capOpensMoreSessionsAndStaysExact() throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Callbacks");
    final Path stats = dir.resolve("stats.json");
    final List<String> blocks = Cli.blocks(dir, List.of("--cap", "2000", "--sessions", "2", "--stats",
        stats.toString()), command);
    assertThat(blocks).isEqualTo(Cli.groundTruth(List.of(), command));
    assertThat(Files.readString(stats)).contains("\"session\" : 1");
  }

  @Test
  void capBelowTheLargestUnitIsAClearError() {
    // Every class planned: with the small-unit witnesses, a choice in GsonDriver.main still needs 3 together.
    final Cli.Outcome o = Cli.execute("run", "--all-classes", "--cap", "2", "--stdin", "/dev/null", "-o",
        dir.resolve("t.trace").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Sample");
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    // It names the unit: the decision's method and source line, and how many witnesses it needs together.
    assertThat(o.err()).contains("--cap 2 is too small")
        .containsPattern("the decision at [\\w.$]+\\([^)]*\\)\\S* \\(\\w+\\.java:\\d+\\) needs \\d+ witnesses in one session")
        .containsPattern("use --cap \\d+ or more").doesNotContain("Exception");
  }

  /**
   * A cap every pair fits but that would open thousands of sessions is refused before they are packed: every class
   * of the test programs planned, 3,122 witnesses under {@code --cap 5}. Packing them did not end in half an hour.
   */
  @Test
  void capThatNeedsTooManySessionsIsAClearError() {
    final Cli.Outcome o = Cli.execute("run", "--all-classes", "--cap", "5", "--stdin", "/dev/null", "-o",
        dir.resolve("t.trace").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Sample");
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).containsPattern("--cap 5 is too small for this plan: its \\d+ witnesses would need more "
        + "than 1000 sessions").contains("use a larger --cap").doesNotContain("Exception");
    assertThat(dir.resolve("t.trace")).doesNotExist();
  }

  @Test
  void nondeterministicProgramDivergesAndWritesNoTraceWithoutFallback() {
    final Path trace = dir.resolve("n.trace");
    // Every class planned: the one class the program loads is one decision unit, too few for three sessions.
    final Cli.Outcome o = Cli.execute("run", "--all-classes", "--sessions", "3", "--no-fallback", "--stdin",
        "/dev/null", "-o", trace.toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, Nondeterministic.class.getName());
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.DIVERGED);
    assertThat(o.err()).contains("the runs diverged: session ").contains("printed other output than session 0")
        .contains("one session (--sessions 1) traces such a program exactly");
    assertThat(trace).doesNotExist();
  }

  /** Sessions that printed differently are not merged: one more session traces the program alone, and says so. */
  @Test
  void nondeterministicProgramIsTracedAgainInOneSession() throws Exception {
    final Path trace = dir.resolve("n.trace");
    final Path stats = dir.resolve("n.json");
    final Cli.Outcome o = Cli.execute("run", "--all-classes", "--sessions", "3", "--stdin", "/dev/null", "-o",
        trace.toString(), "--stats", stats.toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS,
        Nondeterministic.class.getName());
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.err()).contains("the sessions' runs differ (session ").contains("printed other output than session 0): "
        + "tracing again in one session, exact whatever the program does (one more run)")
        .contains("jdtrace: 1 session,").contains("traced again in one session, exact");
    final var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(stats.toFile());
    assertThat(json.get("sessions")).hasSize(1);
    assertThat(json.get("evidence").get("retraced").asBoolean()).isTrue();
    // The traced run's path: 40 draws, each entering main's loop blocks, whatever each drew.
    final Path blocks = dir.resolve("n.blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
    assertThat(Files.readAllLines(blocks).stream().filter(l -> l.contains("\tmain([Ljava/lang/String;)V\t"))
        .count()).isGreaterThan(40);
  }

  /**
   * A one-session plan merges nothing, so its run's output is not compared with the first run's: a program that
   * prints the clock is traced, and the summary says the traced run printed otherwise than the one shown.
   */
  @Test
  void oneSessionIsNotComparedWithTheFirstRun() throws Exception {
    final Path trace = dir.resolve("n.trace");
    // An input of its own (the program ignores it): the plan cache, which keys the loaded classes by the
    // input, has never seen this run, so the first run is made.
    final Path input = Files.writeString(dir.resolve("input"), dir.toString());
    final Cli.Outcome o = Cli.execute("run", "--sessions", "1", "--stdin", input.toString(), "-o", trace.toString(),
        "--", Cli.JAVA, "-cp", Cli.PROGRAMS, Nondeterministic.class.getName());
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.err()).contains("first run: ").contains("the traced run printed other output than the first run "
        + "shown above; the trace follows the traced run").doesNotContain("diverged");
    assertThat(trace).exists();
  }
}
