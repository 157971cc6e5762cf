package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fan-out of the README run by real engines with the release launcher: {@code plan}, then one
 * {@code collect} per session scheduled by the engine, then {@code merge}. The merged trace must equal the
 * single-machine {@code jdtrace run} trace of the same command, block for block.
 */
class FanOutEnginesIT {
  private static final String PROGRAM = "dev.jdtrace.programs.Exceptions";
  private static final int SESSIONS = 2;

  @TempDir
  Path dir;

  private String launcher;
  private List<String> program;

  @BeforeEach
  void release() {
    launcher = Path.of("target", "jdtrace").toAbsolutePath().toString();
    program = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, PROGRAM);
  }

  private List<String> jdtrace(final String... args) {
    final List<String> command = new ArrayList<>(List.of(launcher));
    command.addAll(List.of(args));
    return command;
  }

  private List<String> withProgram(final List<String> head) {
    final List<String> command = new ArrayList<>(head);
    command.add("--");
    command.addAll(program);
    return command;
  }

  /** Plans SESSIONS sessions into plan.json and returns how many the plan holds. */
  private int plan() throws Exception {
    Shell.run(dir, withProgram(jdtrace("plan", "--sessions", Integer.toString(SESSIONS), "-o", "plan.json")));
    return new ObjectMapper().readTree(dir.resolve("plan.json").toFile()).get("sessions").size();
  }

  /** {@code jdtrace merge plan.json part-0 … part-(n-1) -o merged.trace}. */
  private List<String> merge(final int sessions) {
    final List<String> merge = jdtrace("merge", "plan.json");
    IntStream.range(0, sessions).forEach(k -> merge.add("part-" + k));
    merge.addAll(List.of("-o", "merged.trace"));
    return merge;
  }

  /** The blocks export of a single-machine {@code jdtrace run} of the program, traced once (in process). */
  private static synchronized List<String> runBlocks(final Path dir, final List<String> program) throws Exception {
    if (runBlocks == null) {
      runBlocks = Cli.blocks(dir, List.of(), program);
    }
    return runBlocks;
  }

  private static List<String> runBlocks;

  /** Asserts that merged.trace has the blocks export of a single-machine run. */
  private void mergedEqualsRun() throws Exception {
    final Cli.Outcome export = Cli.execute("export", dir.resolve("merged.trace").toString(), "-o",
        dir.resolve("merged.blocks").toString());
    assertThat(export.exitCode()).as(export.err()).isZero();
    assertThat(Files.readAllLines(dir.resolve("merged.blocks"))).isNotEmpty().isEqualTo(runBlocks(dir, program));
  }

  @Test
  void gnuParallelRunsTheSessionsAndTheMergeEqualsRun() throws Exception {
    RequiredTool.require(RequiredTool.onPath("parallel"), "GNU parallel", "apt-get install parallel");
    final int sessions = plan();
    assertThat(sessions).isGreaterThan(1);
    final List<String> collect = new ArrayList<>(List.of("parallel", "--will-cite", "--halt", "now,fail=1",
        "--jobs", "2"));
    collect.addAll(withProgram(jdtrace("collect", "--plan", "plan.json", "--session", "{}", "--stdin", "/dev/null",
        "-o", "part-{}")));
    collect.add(":::");
    IntStream.range(0, sessions).forEach(k -> collect.add(Integer.toString(k)));
    Shell.run(dir, collect);
    Shell.run(dir, merge(sessions));
    mergedEqualsRun();
  }

  /**
   * A Slurm job array on the cluster that {@code SLURM_CONF} names (.ci/run starts a one-node cluster with
   * .ci/slurm-cluster): task {@code SLURM_ARRAY_TASK_ID} collects that session, and a job that depends on
   * the whole array merges; {@code sbatch --wait} returns when the merge job ends.
   */
  @Test
  void aSlurmJobArrayCollectsAndADependentJobMerges() throws Exception {
    final String conf = System.getenv("SLURM_CONF");
    RequiredTool.require(RequiredTool.onPath("sbatch") && conf != null && Files.isRegularFile(Path.of(conf)),
        "a Slurm cluster (sbatch, and SLURM_CONF naming its slurm.conf)",
        "apt-get install slurm-wlm munge, then .ci/slurm-cluster start DIR and export SLURM_CONF=DIR/slurm.conf");
    final int sessions = plan();
    final String collect = String.join(" ", withProgram(jdtrace("collect", "--plan", "plan.json", "--session",
        "$SLURM_ARRAY_TASK_ID", "--stdin", "/dev/null", "-o", "part-$SLURM_ARRAY_TASK_ID")));
    final String array = Shell.run(dir, List.of("sbatch", "--parsable", "--job-name=jdtrace-collect",
        "--array=0-" + (sessions - 1), "--wrap", collect)).strip().split(";")[0];
    Shell.run(dir, List.of("sbatch", "--parsable", "--wait", "--job-name=jdtrace-merge", "--dependency=afterok:" + array,
        "--kill-on-invalid-dep=yes", "--wrap", String.join(" ", merge(sessions))));
    mergedEqualsRun();
  }
}
