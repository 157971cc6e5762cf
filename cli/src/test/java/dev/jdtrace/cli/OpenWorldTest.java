package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.programs.crossing.app.JacksonUnknownField;
import dev.jdtrace.programs.libs.LibraryCatalog;
import dev.jdtrace.programs.openworld.DirectHost;
import dev.jdtrace.programs.openworld.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open world: untraced code enters the traced classes directly, by reflection (a private method too),
 * through a method handle and a proxy, and calls back into them several levels deep. The plan counts every
 * traced method as a possible entry, with no observing run; a decoding that still diverges learns the
 * entries, caches them and runs again. Every run decodes to the all-blocks single-session trace, in one
 * session and in two.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OpenWorldTest {
  private static final List<String> HOST_INCLUDES = List.of("dev.jdtrace.programs.openworld.lib.*");
  private static final List<String> HOST = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, Host.class.getName());

  @TempDir
  Path dir;

  /** The learned entries are cached across runs of the test JVM; start each test run without them. */
  @BeforeAll
  static void forgetLearnedEntries() throws IOException {
    final Path entries = Path.of(System.getProperty("jdtrace.cache", "target/jdtrace-cache"), "entries");
    if (Files.isDirectory(entries)) {
      try (Stream<Path> files = Files.list(entries)) {
        for (final Path f : (Iterable<Path>) files::iterator) {
          Files.delete(f);
        }
      }
    }
  }

  @Test
  @Order(1)
  void untracedHostDecodesToAllBlocksTraceInOneAndTwoSessions() throws Exception {
    final List<String> truth = Cli.groundTruth(HOST_INCLUDES, HOST);
    assertThat(truth).as("reflection, the method handle and the deep chain all enter the library")
        .anyMatch(l -> l.contains("Counter\tvalue()I")).anyMatch(l -> l.contains("Counter\tsecret()I"))
        .anyMatch(l -> l.contains("Counter\tscaled(I)I")).anyMatch(l -> l.contains("Triangle\tsides()I"))
        .anyMatch(l -> l.startsWith("worker\t") && l.contains("Counter\tvalue()I"));
    final Cli.Outcome first = run(HOST_INCLUDES, HOST, List.of("--sessions", "1"), "one");
    assertThat(first.err()).contains("open world (the untraced dev.jdtrace.programs.openworld.Host calls java.lang.")
        .contains("every traced method is planned as a possible entry from untraced code")
        .doesNotContain("observing run").doesNotContain("diverged");
    assertThat(blocks("one")).isEqualTo(truth);
    run(HOST_INCLUDES, HOST, List.of("--sessions", "2"), "two");
    assertThat(blocks("two")).isEqualTo(truth);
  }

  @Test
  void jacksonWithDatabindUntracedDecodesToAllBlocksTraceInOneAndTwoSessions() throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS + ":" + LibrariesAgreeTest.LIB + "/*",
        LibraryCatalog.JACKSON.mainClass(), "1");
    final List<String> includes = LibraryCatalog.JACKSON.includes();
    final List<String> truth = Cli.groundTruth(includes, command);
    assertThat(truth).as("databind calls the POJOs' setters by reflection")
        .anyMatch(l -> l.contains("JacksonDriver$Line\tsetQty(I)V"));
    run(includes, command, List.of("--sessions", "1"), "one");
    assertThat(blocks("one")).isEqualTo(truth);
    run(includes, command, List.of("--sessions", "2"), "two");
    assertThat(blocks("two")).isEqualTo(truth);
  }

  /**
   * Untraced code that enters the library only by calls its class file names needs nothing learned and no
   * method planned as an entry: the first run saw which untraced classes run, and none of them reflects.
   */
  @Test
  void untracedCodeThatCallsOnlyDirectlyNeedsNothingLearned() throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, DirectHost.class.getName());
    final List<String> truth = Cli.groundTruth(HOST_INCLUDES, command);
    assertThat(truth).as("the chain calls back through the untraced host, and a thread it starts enters")
        .anyMatch(l -> l.contains("Chain\tdescend(")).anyMatch(l -> l.startsWith("worker\t"));
    final Cli.Outcome run = run(HOST_INCLUDES, command, List.of("--sessions", "2"), "direct");
    assertThat(run.err()).contains("untraced classes the first run loaded enter traced code only where their class "
        + "files say: nothing to learn").doesNotContain("every traced method").doesNotContain("diverged");
    assertThat(blocks("direct")).isEqualTo(truth);
  }

  /**
   * Only the driver traced, commons-math untraced and calling {@code Method.invoke}: reflection is its one way
   * into methods chosen at run time, so it is watched and opens no world (DESIGN §2, reflection watched). Until
   * it was, every method that ran was a callback, and the loop's {@code new Fraction}, planned as a block that
   * could start an initialiser calling back before the block's call of {@code Gen.next}, made the run an
   * ambiguous plan (exit 126); {@code UntracedInitsTest} keeps that case (a class initialised on every path
   * before starts nothing).
   */
  @Test
  void untracedCodeWhoseOnlyWayInByNameIsReflectionIsWatchedNotAnOpenWorld() throws Exception {
    final List<String> includes = List.of("dev.jdtrace.programs.libs.*");
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS + ":" + LibrariesAgreeTest.LIB + "/*",
        dev.jdtrace.programs.libs.MathDriver.class.getName());
    final List<String> truth = Cli.groundTruth(includes, command);
    assertThat(truth).as("Gen.next runs in the loop").anyMatch(l -> l.contains("Gen\tnext(I)I"));
    final Cli.Outcome run = run(includes, command, List.of(), "math");
    // (The lambda proxies the JDK makes by Constructor.newInstance are not entries: their names change every run.)
    assertThat(run.err()).contains("reflection watched: it entered 0 traced methods")
        .doesNotContain("open world").doesNotContain("diverged").doesNotContain("planning again");
    assertThat(blocks("math")).isEqualTo(truth);
  }

  /**
   * Sessions that decode by walking, without the entries: the divergence teaches them, once, and the next
   * run of the same program and input plans with them, learning nothing.
   */
  @Test
  void divergenceLearnsTheEntriesCachesThemAndRunsAgain() throws Exception {
    final Path input = Files.writeString(dir.resolve("other.stdin"), "an input no run has seen\n");
    final List<String> truth = Cli.groundTruth(HOST_INCLUDES, HOST);
    // Deterministic by construction: its two threads may be split, so the sessions' walk is what diverges.
    final Cli.Outcome run = run(HOST_INCLUDES, HOST, List.of("--deterministic", "--profile", "all-blocks",
        "--sessions", "2", "--stdin", input.toString()), "diverged");
    assertThat(run.err()).contains("the decoding diverged; learning where untraced code enters traced methods");
    assertThat(blocks("diverged")).isEqualTo(truth);
    final Cli.Outcome again = run(HOST_INCLUDES, HOST, List.of("--sessions", "1", "--stdin", input.toString()),
        "learned");
    assertThat(again.err()).contains("learned before, cached").doesNotContain("diverged");
    assertThat(blocks("learned")).isEqualTo(truth);
  }

  /**
   * Found re-running ExceptionCrossingTest on the same cache: with jackson's entries learned by an earlier run,
   * the condition-targets plan in three sessions diverged, learned nothing new, and exited 126 (since then it
   * fell back to one session). The split was realizable; the walk ruled out the true way in a session that held
   * a witness deep in a class initialiser but not its entry (DESIGN §2, class initialisers;
   * WalkerCounterexamplesTest#pendingClassInitialiserWhoseEntryIsInAnotherSession). Now the split decodes
   * itself: {@code --no-fallback} would exit 126 on any divergence.
   */
  @Test
  void jacksonSplitWithLearnedEntriesDecodesWithoutFallingBack() throws Exception {
    final Path input = Files.writeString(dir.resolve("jackson.stdin"), "an input only this test gives\n");
    final List<String> includes = List.of("dev.jdtrace.programs.crossing.app.*", "com.fasterxml.jackson.core.*");
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS + ":" + LibrariesAgreeTest.LIB + "/*",
        JacksonUnknownField.class.getName());
    // Every class planned, no first run: the world stays open (with a first run, databind's reflection and service
    // loading are watched, and nothing is learned).
    final List<String> common = List.of("--all-classes", "--no-exit-status", "--stdin", input.toString());
    run(includes, command, concat(List.of("--profile", "all-blocks", "--sessions", "1"), common), "truth");
    final Cli.Outcome learning = run(includes, command, concat(List.of("--profile", "all-blocks", "--sessions", "2"),
        common), "learning");
    assertThat(learning.err()).contains("learned 50 entries from untraced code");
    final Cli.Outcome split = run(includes, command, concat(List.of("--profile", "condition-targets", "--sessions",
        "3", "--no-fallback"), common), "split");
    assertThat(split.err()).contains("learned before, cached").contains("in 3 sessions").doesNotContain("diverged");
    assertThat(blocks("split")).isEqualTo(blocks("truth"));
  }

  private static List<String> concat(final List<String> a, final List<String> b) {
    final List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** A plan made before anything was learned says so in its file: merge decodes with every method an entry. */
  @Test
  void planKeepsItsEntriesForMerge() throws Exception {
    final Path plan = dir.resolve("plan.json");
    final List<String> args = new ArrayList<>(List.of("plan", "--sessions", "1", "-o", plan.toString()));
    HOST_INCLUDES.forEach(i -> args.addAll(List.of("--include", i)));
    args.add("--");
    args.addAll(HOST);
    final Cli.Outcome planned = Cli.execute(args.toArray(String[]::new));
    assertThat(planned.exitCode()).as(planned.err()).isZero();
    assertThat(new ObjectMapper().readTree(plan.toFile()).get("entries").toString()).isEqualTo("[\"*\"]");
    final List<String> collect = new ArrayList<>(List.of("collect", "--plan", plan.toString(), "--session", "0", "-o",
        dir.resolve("part-0").toString(), "--"));
    collect.addAll(HOST);
    assertThat(Cli.execute(collect.toArray(String[]::new)).exitCode()).isZero();
    final Cli.Outcome merged = Cli.execute("merge", plan.toString(), dir.resolve("part-0").toString(), "-o",
        dir.resolve("merged.trace").toString());
    assertThat(merged.exitCode()).as(merged.err()).isZero();
    assertThat(export("merged")).isEqualTo(Cli.groundTruth(HOST_INCLUDES, HOST));
  }

  private Cli.Outcome run(final List<String> includes, final List<String> command, final List<String> options,
      final String name) {
    final List<String> args = new ArrayList<>(List.of("run", "-o", dir.resolve(name + ".trace").toString()));
    if (!options.contains("--stdin")) {
      args.addAll(List.of("--stdin", "/dev/null"));
    }
    args.addAll(options);
    includes.forEach(i -> args.addAll(List.of("--include", i)));
    args.add("--");
    args.addAll(command);
    final Cli.Outcome run = Cli.execute(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  private List<String> blocks(final String name) throws IOException {
    return export(name);
  }

  private List<String> export(final String name) throws IOException {
    final Path blocks = dir.resolve(name + ".blocks");
    assertThat(Cli.execute("export", dir.resolve(name + ".trace").toString(), "-o", blocks.toString()).exitCode())
        .isZero();
    return Files.readAllLines(blocks);
  }
}
