package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sessions collected one by one, as a CI matrix or a Kubernetes Indexed Job would run them, merge into
 * the ground-truth trace; parts that do not belong to the plan are refused.
 */
class PlanCollectMergeTest {
  private static final String PROGRAM = "dev.jdtrace.programs.Exceptions";

  @TempDir
  Path dir;

  private List<String> command() {
    return List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, PROGRAM);
  }

  private Path plan(final String name, final String sessions) {
    final Path plan = dir.resolve(name);
    final Cli.Outcome o = Cli.execute(concat(List.of("plan", "--sessions", sessions, "-o", plan.toString(), "--")));
    assertThat(o.exitCode()).as(o.err()).isZero();
    return plan;
  }

  private Path collect(final Path plan, final int session) {
    final Path part = dir.resolve(plan.getFileName() + "-part-" + session);
    final Cli.Outcome o = Cli.execute(concat(List.of("collect", "--plan", plan.toString(), "--session",
        Integer.toString(session), "-o", part.toString(), "--")));
    assertThat(o.exitCode()).as(o.err()).isZero();
    return part;
  }

  private String[] concat(final List<String> head) {
    return java.util.stream.Stream.concat(head.stream(), command().stream()).toArray(String[]::new);
  }

  @Test
  void collectedPartsMergeIntoTheGroundTruth() throws Exception {
    final Path plan = plan("plan.json", "3");
    final Path trace = dir.resolve("merged.trace");
    final Cli.Outcome merged = Cli.execute("merge", plan.toString(), collect(plan, 0).toString(),
        collect(plan, 1).toString(), collect(plan, 2).toString(), "-o", trace.toString());
    assertThat(merged.exitCode()).as(merged.err()).isZero();
    final Path blocks = dir.resolve("merged.blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
    assertThat(Files.readAllLines(blocks)).isEqualTo(Cli.groundTruth(List.of(), command()));
  }

  @Test
  void partOfAnotherPlanIsRefused() {
    final Path plan = plan("plan.json", "2");
    final Path other = plan("other.json", "3");
    final Path foreign = collect(other, 1);
    final Cli.Outcome o = Cli.execute("merge", plan.toString(), collect(plan, 0).toString(),
        foreign.toString(), "-o", dir.resolve("t.trace").toString());
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).contains("part " + foreign + " is from plan ");
    assertThat(dir.resolve("t.trace")).doesNotExist();
  }

  @Test
  void partGivenTwiceIsNamed() {
    final Path plan = plan("plan.json", "2");
    final Path part = collect(plan, 0);
    final Cli.Outcome o = Cli.execute("merge", plan.toString(), part.toString(), part.toString(), "-o",
        dir.resolve("t.trace").toString());
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).contains("parts " + part + " and " + part + " are both session 0");
    assertThat(dir.resolve("t.trace")).doesNotExist();
  }

  @Test
  void missingPartIsNamed() {
    final Path plan = plan("plan.json", "2");
    final Cli.Outcome o = Cli.execute("merge", plan.toString(), collect(plan, 1).toString(), "-o",
        dir.resolve("t.trace").toString());
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).contains("no part for session(s) 0 of plan");
    assertThat(dir.resolve("t.trace")).doesNotExist();
  }

  @Test
  void planIdentityCoversTheProgramLaunched() throws Exception {
    final String sample = planId("sample.json", "dev.jdtrace.programs.Sample");
    assertThat(planId("loops.json", "dev.jdtrace.programs.Loops")).isNotEqualTo(sample);
    assertThat(planId("sample-arg.json", "dev.jdtrace.programs.Sample", "an-argument")).isNotEqualTo(sample);
    assertThat(planId("sample-again.json", "dev.jdtrace.programs.Sample")).isEqualTo(sample);
  }

  @Test
  void collectOfAnotherProgramIsRefused() {
    final Path plan = plan("plan.json", "1");
    final Cli.Outcome o = Cli.execute("collect", "--plan", plan.toString(), "--session", "0", "-o",
        dir.resolve("p").toString(), "--", Cli.JAVA, "-cp", Cli.PROGRAMS, "dev.jdtrace.programs.Loops");
    assertThat(o.exitCode()).as(o.err()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).contains("was made for another program (main " + PROGRAM
        + ") than this java command (main dev.jdtrace.programs.Loops)");
    assertThat(dir.resolve("p")).doesNotExist();
  }

  /** The identity of a one-session plan of this main class on the test programs' classpath. */
  private String planId(final String name, final String... mainAndArgs) throws Exception {
    final Path plan = dir.resolve(name);
    final List<String> args = new java.util.ArrayList<>(List.of("plan", "--sessions", "1", "-o", plan.toString(),
        "--", Cli.JAVA, "-cp", Cli.PROGRAMS));
    args.addAll(List.of(mainAndArgs));
    final Cli.Outcome o = Cli.execute(args.toArray(String[]::new));
    assertThat(o.exitCode()).as(o.err()).isZero();
    return dev.jdtrace.distribute.PlanFile.read(plan).id();
  }

  @Test
  void sessionOutsideThePlanIsAClearError() {
    final Path plan = plan("plan.json", "2");
    final Cli.Outcome o = Cli.execute(concat(List.of("collect", "--plan", plan.toString(), "--session", "5", "-o",
        dir.resolve("p").toString(), "--")));
    assertThat(o.exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(o.err()).contains("--session 5 is not in the plan");
  }
}
