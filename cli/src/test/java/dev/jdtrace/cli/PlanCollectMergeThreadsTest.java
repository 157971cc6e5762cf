package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.Threads;
import dev.jdtrace.programs.varying.QueueRace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * plan, collect and merge keep the same-run rule of run (DESIGN §2, "Same run"): a program whose threads run
 * traced code is planned in one session, and parts of several sessions whose runs had several threads are
 * merged only when the user says the program is deterministic, since merge cannot trace again in one session.
 */
class PlanCollectMergeThreadsTest {
  @TempDir
  Path dir;

  private static List<String> command(final Class<?> program) {
    return List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, program.getName());
  }

  private static String[] args(final List<String> head, final List<String> command) {
    final List<String> all = new ArrayList<>(head);
    all.add("--");
    all.addAll(command);
    return all.toArray(String[]::new);
  }

  @Test
  void aProgramWhoseThreadsRaceIsPlannedInOneSession() {
    final Path plan = dir.resolve("plan.json");
    final Cli.Outcome o = Cli.execute(args(List.of("plan", "--sessions", "2", "-o", plan.toString()),
        command(QueueRace.class)));
    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.err()).containsPattern("one session: \\d threads ran traced code, and which thread does what can "
        + "differ from run to run \\(--deterministic splits it over sessions\\)")
        .contains("wrote " + plan + " with 1 session");
  }

  @Test
  void partsOfSeveralThreadsMergeOnlyWhenTheProgramIsSaidDeterministic() throws Exception {
    final List<String> command = command(Threads.class);
    final Path plan = dir.resolve("plan.json");
    final Cli.Outcome planned = Cli.execute(args(List.of("plan", "--deterministic", "--sessions", "2", "-o",
        plan.toString()), command));
    assertThat(planned.exitCode()).as(planned.err()).isZero();
    assertThat(planned.err()).contains("with 2 sessions");
    final List<String> parts = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      final Path part = dir.resolve("part-" + k);
      final Cli.Outcome c = Cli.execute(args(List.of("collect", "--plan", plan.toString(), "--session",
          Integer.toString(k), "-o", part.toString()), command));
      assertThat(c.exitCode()).as(c.err()).isZero();
      parts.add(part.toString());
    }
    final Path trace = dir.resolve("t.trace");
    final List<String> merge = new ArrayList<>(List.of("merge", plan.toString()));
    merge.addAll(parts);
    merge.addAll(List.of("-o", trace.toString()));
    final Cli.Outcome refused = Cli.execute(merge.toArray(String[]::new));
    assertThat(refused.exitCode()).as(refused.err()).isEqualTo(Failures.DIVERGED);
    assertThat(refused.err()).contains("threads ran traced code").contains("plan one session")
        .contains("merge --deterministic");
    assertThat(trace).doesNotExist();

    merge.add("--deterministic");
    final Cli.Outcome merged = Cli.execute(merge.toArray(String[]::new));
    assertThat(merged.exitCode()).as(merged.err()).isZero();
    final Path blocks = dir.resolve("t.blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
    assertThat(Files.readAllLines(blocks)).isEqualTo(Cli.groundTruth(List.of(), command));
  }
}
