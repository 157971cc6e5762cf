package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.jdtrace.collect.FirstRun;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Expected hits without a trace: each method as often as the first run saw it run. */
class StaticHitsTest {
  @Test
  void hedgedWitnessesThatRanAreExpectedAtLeastTheMeanOfThoseThatRanAndOthersAreKept() {
    // Witnesses 0-3; 0 ran hot, 1 and 2 cold, 3 never ran; block 4 is no witness.
    final double[] hits = {90, 5, 5, 0, 1};
    final java.util.BitSet witnesses = new java.util.BitSet();
    witnesses.set(0, 4);
    final double[] hedged = StaticHits.hedged(hits, witnesses);
    assertThat(hedged).containsExactly(new double[] {90, 100.0 / 3, 100.0 / 3, 0, 1}, within(1e-9));
    assertThat(hits).containsExactly(90, 5, 5, 0, 1);
  }

  /** The traced program: the test says how often the first run saw each method run. */
  static final class Fixture {
    private Fixture() {
    }

    public static void main(final String[] args) {
      often();
      once();
    }

    static int often() {
      return 1;
    }

    static int once() {
      return 2;
    }

    static int never() {
      return 3;
    }

    static int pick(final int n) {
      if (n > 0) {
        return 1;
      }
      return 2;
    }

    static int parse(final String s) {
      try {
        return Integer.parseInt(s);
      } catch (final NumberFormatException e) {
        return -1;
      }
    }

    static int loop(final int n) {
      int sum = 0;
      for (int i = 0; i < n; i++) {
        sum += i;
      }
      return sum;
    }
  }

  private static final String FIXTURE = Fixture.class.getName();

  @Test
  void aMethodIsExpectedAsOftenAsTheJvmCountedItOrAtTheEstimateForOneRunAgainUncounted() {
    final TracedProgram traced = fixture().withRan(Map.of(FIXTURE + ".often()I", 1234, FIXTURE + ".once()I", 1,
            FIXTURE + ".main([Ljava/lang/String;)V", FirstRun.AGAIN), Map.of());
    final double[] hits = StaticHits.of(every(traced.program(), 1.0), traced);

    assertThat(hits[entry(traced.program(), "often")]).isEqualTo(1234.0);
    assertThat(hits[entry(traced.program(), "main")]).isEqualTo(StaticHits.AGAIN_RUNS);
    assertThat(hits[entry(traced.program(), "once")]).isEqualTo(1.0);
    assertThat(hits[entry(traced.program(), "never")]).isZero();
  }

  /**
   * A loop the JVM's profile counted in a method run once: its test's two ways and its goto. The body is expected as
   * often as the profile counted it, not {@value StaticHits#CAP} times; the test also takes the entries that fall
   * through from the method's start, which the profile does not count.
   */
  @Test
  void blocksAreExpectedAtLeastAsOftenAsTheJumpsTheJvmCountedLeadThere() {
    final TracedProgram plain = fixture();
    final Program p = plain.program();
    final int m = method(p, "loop");
    final List<Block> blocks = p.methods().get(m).blocks();
    final Block test = blocks.stream().filter(b -> b.end() == BlockEnd.BRANCH).findFirst().orElseThrow();
    final Block back = blocks.stream().filter(b -> b.end() == BlockEnd.GOTO).findFirst().orElseThrow();
    final Block exit = blocks.stream().filter(b -> b.end() == BlockEnd.RETURN).findFirst().orElseThrow();
    final Block body = blocks.get(test.successors().stream().filter(s -> s != exit.index()).findFirst().orElseThrow());
    final long[] jumps = {test.endBci(), exit.startBci(), 1, test.endBci(), body.startBci(), 5000,
        back.endBci(), test.startBci(), 4990};
    final TracedProgram traced = plain.withRan(Map.of(FIXTURE + ".loop(I)I", 1), Map.of(FIXTURE + ".loop(I)I", jumps));
    final double[] hits = StaticHits.of(every(p, 1.0), traced);

    final int base = p.blockId(m, 0);
    assertThat(hits[base]).isEqualTo(1.0);
    // the profile began after the loop's first ten jumps back: the test is bounded by what it counted
    assertThat(hits[base + test.index()]).isEqualTo(4991.0);
    assertThat(hits[base + body.index()]).isEqualTo(5000.0);
    assertThat(hits[base + exit.index()]).isEqualTo(1.0);
  }

  /**
   * A branch the profile counted, and never saw taken: where the profile accounts for every way into a block, the
   * block is expected as counted, so the cold way is expected never, not at half its method's runs. An exception
   * handler's entries the profile does not count: it keeps the estimate.
   */
  @Test
  void blocksTheProfileAccountsForAreExpectedAsCountedColdOnesNever() {
    final TracedProgram plain = fixture();
    final Program p = plain.program();
    final int pick = method(p, "pick");
    final List<Block> blocks = p.methods().get(pick).blocks();
    final Block test = blocks.get(0);
    final int cold = test.successors().stream().filter(s -> blocks.get(s).startBci() != test.endBci() + 3)
        .findFirst().orElseThrow();
    final int warm = test.successors().stream().filter(s -> s != cold).findFirst().orElseThrow();
    final long[] jumps = {test.endBci(), blocks.get(cold).startBci(), 0, test.endBci(), blocks.get(warm).startBci(),
        1000};
    final int parse = method(p, "parse");
    final Block handler = p.methods().get(parse).blocks().stream()
        .filter(b -> p.methods().get(parse).blocks().stream().anyMatch(o -> o.handlers().contains(b.index())))
        .findFirst().orElseThrow();
    final TracedProgram traced = plain.withRan(Map.of(FIXTURE + ".pick(I)I", 1000, FIXTURE + ".parse(Ljava/lang/String;)I",
        1000), Map.of(FIXTURE + ".pick(I)I", jumps, FIXTURE + ".parse(Ljava/lang/String;)I", new long[0]));
    final double[] hits = StaticHits.of(every(p, 0.5), traced);

    assertThat(hits[p.blockId(pick, warm)]).isEqualTo(1000.0);
    assertThat(hits[p.blockId(pick, cold)]).isZero();
    assertThat(hits[p.blockId(parse, handler.index())]).isEqualTo(500.0);
  }

  /** The fixture's classes, as the first run had seen nothing run. */
  private static TracedProgram fixture() {
    return TracedProgram.load(
        List.of("java", "-cp", Path.of("target", "test-classes").toAbsolutePath().toString(), FIXTURE),
        List.of(FIXTURE), List.of(), s -> { });
  }

  /** The same block weight for every block of the program. */
  private static double[] every(final Program program, final double weight) {
    final double[] weights = new double[program.blockCount()];
    Arrays.fill(weights, weight);
    return weights;
  }

  private static int method(final Program program, final String name) {
    for (int m = 0; m < program.methods().size(); m++) {
      if (program.methods().get(m).id().name().equals(name)) {
        return m;
      }
    }
    throw new AssertionError("no method " + name);
  }

  private static int entry(final Program program, final String method) {
    for (int m = 0; m < program.methods().size(); m++) {
      if (program.methods().get(m).id().name().equals(method)) {
        return program.blockId(m, 0);
      }
    }
    throw new AssertionError("no method " + method);
  }
}
