package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.analysis.HandTraces;
import dev.jdtrace.trace.TraceDictionary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jdtrace diff}: exit codes, the first divergence, resynchronisation and the summary, on
 * hand-built traces (the dictionary of {@link HandTraces}) and on real traces of the bundled programs.
 */
class DiffCommandTest {
  @TempDir
  Path dir;

  /** A long main thread: main's blocks 0 1 with a call of f (3 4 5) in between, {@code n} times. */
  private static int[] calls(final int n) {
    return IntStream.range(0, n).flatMap(i -> IntStream.of(0, 3, 4, 5, 1)).toArray();
  }

  private Path trace(final String name, final TraceDictionary d, final Map<String, int[]> threads) {
    return HandTraces.write(dir.resolve(name), d, threads);
  }

  @Test
  void equalTracesExitZero() {
    final Path a = trace("a", HandTraces.standard(), HandTraces.main(calls(20)));
    final Path b = trace("b", HandTraces.standard(), HandTraces.main(calls(20)));
    final Cli.Outcome r = Cli.execute("diff", a.toString(), b.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo("the traces are equal: 1 thread, 100 block entries\n");
  }

  @Test
  void blocksAreComparedByNameNotById() {
    // B's dictionary has another class first, so every block id differs, but the paths are the same.
    final Map<String, List<HandTraces.M>> classes = new LinkedHashMap<>();
    classes.put("t.A", List.of(new HandTraces.M("g", new int[] {0, 4, 7})));
    classes.put("t.C", List.of(new HandTraces.M("main", new int[] {0, 2, 1}, new int[] {5, 7, 2}, new int[] {10, 10, 3}),
        new HandTraces.M("f", new int[] {0, 2, 10}, new int[] {5, 5, 11}, new int[] {6, 8, 12})));
    final int[] shifted = IntStream.of(calls(5)).map(b -> b + 1).toArray();
    final Path a = trace("a", HandTraces.standard(), HandTraces.main(calls(5)));
    final Path b = trace("b", HandTraces.dictionary(classes), HandTraces.main(shifted));
    assertThat(Cli.execute("diff", a.toString(), b.toString()).exitCode()).isZero();
  }

  @Test
  void differentTracesExitOneWithTheFirstDivergenceAndWhereTheyAgreeAgain() {
    final int[] expected = calls(20);
    // B takes f's other path once, in the 6th call: 3 5 instead of 3 4 5.
    final int[] actual = IntStream.range(0, expected.length).filter(i -> i != 27).map(i -> expected[i]).toArray();
    final Path a = trace("a", HandTraces.standard(), HandTraces.main(expected));
    final Path b = trace("b", HandTraces.standard(), HandTraces.main(actual));
    final Cli.Outcome r = Cli.execute("diff", a.toString(), b.toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).contains("thread main: first difference at entry #27 of A and #27 of B\n")
        .contains("  before it, in both:\n    #24/#24  t.C.main (C.java:2) bci 5-7\n"
            + "    #25/#25  t.C.main (C.java:1) bci 0-2\n    #26/#26  t.C.f (C.java:10) bci 0-2\n")
        .contains("  A:\n    #27  t.C.f (C.java:11) bci 5-5\n    call stack:\n      at t.C.f(C.java:11)\n"
            + "      at t.C.main(C.java:1)\n")
        .contains("  B: nothing here (the other side has more entries)\n")
        .contains("  agree again at entry #28 of A and #27 of B\n")
        .contains("  1 differing region: 1 entries of A, 0 of B\n")
        .contains("summary: 1 of 1 threads in both traces differ; only in A: none; only in B: none\n")
        .contains("  methods in them (1): t.C.f\n");
  }

  @Test
  void tracesThatNeverAgreeAgainAreCountedToTheEnd() {
    final Path a = trace("a", HandTraces.standard(), HandTraces.main(calls(3)));
    final Path b = trace("b", HandTraces.standard(), HandTraces.main(0, 1, 2));
    final Cli.Outcome r = Cli.execute("diff", a.toString(), b.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.out()).contains("first difference at entry #1 of A and #1 of B").contains("they do not agree again")
        .contains("1 differing region: 14 entries of A, 2 of B");
  }

  @Test
  void ignoredThreadsAndClassesAreLeftOut() {
    final Map<String, int[]> withWorker = new LinkedHashMap<>(HandTraces.main(calls(4)));
    withWorker.put("worker-1", new int[] {3, 4, 5});
    final Path a = trace("a", HandTraces.standard(), HandTraces.main(calls(4)));
    final Path b = trace("b", HandTraces.standard(), withWorker);
    final Cli.Outcome r = Cli.execute("diff", a.toString(), b.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.out()).contains("only in B: worker-1");
    assertThat(Cli.execute("diff", a.toString(), b.toString(), "--ignore-thread", "worker-*").exitCode()).isZero();

    // Blocks of class t.N interleaved in B only.
    final Map<String, List<HandTraces.M>> classes = new LinkedHashMap<>();
    classes.put("t.C", List.of(new HandTraces.M("main", new int[] {0, 2, 1}, new int[] {5, 7, 2}, new int[] {10, 10, 3}),
        new HandTraces.M("f", new int[] {0, 2, 10}, new int[] {5, 5, 11}, new int[] {6, 8, 12})));
    classes.put("t.N", List.of(new HandTraces.M("noise", new int[] {0, 1, 5})));
    final int[] noisy = IntStream.of(calls(4)).flatMap(x -> x == 5 ? IntStream.of(5, 6) : IntStream.of(x)).toArray();
    final Path c = trace("c", HandTraces.dictionary(classes), HandTraces.main(noisy));
    assertThat(Cli.execute("diff", a.toString(), c.toString()).exitCode()).isEqualTo(1);
    assertThat(Cli.execute("diff", a.toString(), c.toString(), "--ignore-class", "t.N").exitCode()).isZero();
    assertThat(Cli.execute("diff", a.toString(), c.toString(), "--ignore-class", "t.*").out())
        .startsWith("the traces are equal: 1 thread, 0 block entries");
  }

  @Test
  void threadsAreMatchedByNameWhateverTheirOrder() {
    final Map<String, int[]> ab = new LinkedHashMap<>(HandTraces.main(calls(3)));
    ab.put("worker-1", new int[] {3, 4, 5});
    final Map<String, int[]> ba = new LinkedHashMap<>();
    ba.put("worker-1", new int[] {3, 4, 5});
    ba.putAll(HandTraces.main(calls(3)));
    final Cli.Outcome r = Cli.execute("diff", trace("a", HandTraces.standard(), ab).toString(),
        trace("b", HandTraces.standard(), ba).toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("the traces are equal: 2 threads, 18 block entries\n");
  }

  @Test
  void errorsExitTwo() throws Exception {
    final Path a = trace("a", HandTraces.standard(), HandTraces.main(calls(2)));
    final Cli.Outcome missing = Cli.execute("diff", a.toString(), dir.resolve("nope").toString());
    assertThat(missing.exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(missing.err()).contains("no such trace file");
    final byte[] bytes = Files.readAllBytes(a);
    final Path truncated = Files.write(dir.resolve("truncated"), java.util.Arrays.copyOf(bytes, bytes.length - 3));
    assertThat(Cli.execute("diff", a.toString(), truncated.toString()).exitCode()).isEqualTo(Failures.JDTRACE);
    assertThat(Cli.execute("diff", a.toString()).exitCode()).isEqualTo(Failures.JDTRACE);
  }

  @Test
  void realTracesOfTheSameRunAreEqualAndOfDifferentInputsDiffer() {
    final String program = "dev.jdtrace.programs.StdinEcho";
    final Path a = Traced.trace(program);
    final Path same = Traced.record(program, Traced.STDIN, "echo-same");
    assertThat(Cli.execute("diff", a.toString(), same.toString()).exitCode()).isZero();
    final Path other = Traced.record(program, "hello world\nJDI rocks\n\nbreakpoints\n", "echo-other");
    final Cli.Outcome r = Cli.execute("diff", a.toString(), other.toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).containsPattern("thread main: first difference at entry #\\d+ of A and #\\d+ of B")
        .contains("at dev.jdtrace.programs.StdinEcho.main(StdinEcho.java:").contains("agree again at entry #")
        .contains("methods in them").contains("dev.jdtrace.programs.StdinEcho.vowels");
  }
}
