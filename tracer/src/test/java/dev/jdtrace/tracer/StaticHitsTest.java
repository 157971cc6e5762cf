package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.jdtrace.collect.FirstRun;
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
  }

  private static final String FIXTURE = Fixture.class.getName();

  @Test
  void aMethodIsExpectedAsOftenAsTheJvmCountedItOrAtTheEstimateForOneRunAgainUncounted() {
    final TracedProgram traced = TracedProgram.load(
        List.of("java", "-cp", Path.of("target", "test-classes").toAbsolutePath().toString(), FIXTURE),
        List.of(FIXTURE), List.of(), s -> { }).withRan(Map.of(FIXTURE + ".often()I", 1234, FIXTURE + ".once()I", 1,
            FIXTURE + ".main([Ljava/lang/String;)V", FirstRun.AGAIN));
    final double[] once = new double[traced.program().blockCount()];
    Arrays.fill(once, 1.0);

    final double[] hits = StaticHits.of(once, traced);

    assertThat(hits[entry(traced.program(), "often")]).isEqualTo(1234.0);
    assertThat(hits[entry(traced.program(), "main")]).isEqualTo(StaticHits.AGAIN_RUNS);
    assertThat(hits[entry(traced.program(), "once")]).isEqualTo(1.0);
    assertThat(hits[entry(traced.program(), "never")]).isZero();
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
