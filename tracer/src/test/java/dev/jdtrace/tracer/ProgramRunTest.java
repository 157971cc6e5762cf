package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.jdtrace.collect.FirstRun;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a session pays before its hits, from the first run, and the entries its breakpoints keep interpreted. */
class ProgramRunTest {
  /** 200 µs to set a breakpoint, 500 µs per stop, a trivial program's launch of 400 ms. */
  private static final CostModel MODEL = new CostModel(10, 0.07, 200, 0.01, 500, 400, 1.25, "test");

  @Test
  void theFirstRunLessWhatItsOwnBreakpointsCostItIsWhatEverySessionPays() {
    // 3 s launch to exit: 1,000 entry breakpoints set at 0.2 ms each (200 ms), 400 stops at 0.5 ms (200 ms), 5,000
    // hits at 10 µs (50 ms) that walked 10 million requests at 0.07 µs (700 ms): 1.85 s left.
    final ProgramRun run = new ProgramRun(3000, new FirstRun.Probes(1000, 400, 5000, 10_000_000), null);
    assertThat(run.bareMillis(MODEL)).isCloseTo(1850, within(1e-6));
    assertThat(run.model(MODEL).launchMillis()).isCloseTo(1850, within(1e-6));
    // A first run quicker than the trivial program's keeps the calibrated launch; so does one of unknown time.
    assertThat(new ProgramRun(300, new FirstRun.Probes(0, 0, 0, 0), null).model(MODEL)).isEqualTo(MODEL);
    assertThat(new ProgramRun(-1, null, Map.of("x", 1L)).model(MODEL)).isEqualTo(MODEL);
  }

  @Test
  void theProgramsRunIsKnownFromAFirstRunThatSaysWhatItsBreakpointsCost() {
    final Map<String, Integer> ran = Map.of(FIXTURE + ".often()I", FirstRun.AGAIN);
    final FirstRun.Probes probes = new FirstRun.Probes(7, 1, 11, 40);
    assertThat(observed(ran, 1500, probes, null).programRun()).isEqualTo(new ProgramRun(1500, probes, null));
    // Not known without the first run's time, without what ran, or without what its breakpoints cost (an older
    // cache entry); learned hits are known without them.
    assertThat(observed(ran, -1, probes, null).programRun()).isNull();
    assertThat(observed(null, 1500, probes, null).programRun()).isNull();
    assertThat(observed(ran, 1500, null, null).programRun()).isNull();
    assertThat(observed(ran, 1500, null, Map.of("x", 3L)).programRun())
        .isEqualTo(new ProgramRun(-1, null, Map.of("x", 3L)));
  }

  private static PlannedClasses.Observed observed(final Map<String, Integer> ran, final long wallMillis,
      final FirstRun.Probes probes, final Map<String, Long> hits) {
    return new PlannedClasses.Observed(java.util.Set.of(FIXTURE), ran, null, null, 1, wallMillis, probes, hits, null);
  }

  @Test
  void aBreakpointKeepsEveryEntryOfEveryBlockOfItsMethodInterpreted() {
    final TracedProgram traced = fixture();
    final Program program = traced.program();
    final double[] entries = new double[program.blockCount()];
    for (int b = 0; b < entries.length; b++) {
      entries[b] = b + 1;
    }
    final InterpretedEntries interpreted = new InterpretedEntries(program, entries);
    final int often = method(program, "often");
    final int once = method(program, "once");
    // One breakpoint in often(): all of often()'s entries; two in it count it once; one in once() adds once()'s.
    final BitSet set = new BitSet();
    set.set(program.blockId(often, 0));
    assertThat(interpreted.entries(set)).isEqualTo(sum(program, entries, often));
    assertThat(interpreted.entries(new BitSet())).isZero();
    set.set(program.blockId(once, 0));
    assertThat(interpreted.entries(set)).isEqualTo(sum(program, entries, often) + sum(program, entries, once));
  }

  private static double sum(final Program program, final double[] entries, final int method) {
    double s = 0;
    for (int b = 0; b < program.methods().get(method).blocks().size(); b++) {
      s += entries[program.blockId(method, b)];
    }
    return s;
  }

  private static int method(final Program program, final String name) {
    for (int m = 0; m < program.methods().size(); m++) {
      if (program.methods().get(m).id().nameAndDescriptor().startsWith(name + "(")) {
        return m;
      }
    }
    throw new AssertionError(name);
  }

  private static final String FIXTURE = StaticHitsTest.Fixture.class.getName();

  private static TracedProgram fixture() {
    return TracedProgram.load(
        List.of("java", "-cp", Path.of("target", "test-classes").toAbsolutePath().toString(), FIXTURE),
        List.of(FIXTURE), List.of(), s -> { })
        .withRan(Map.of(FIXTURE + ".often()I", FirstRun.AGAIN, FIXTURE + ".once()I", 1), Map.of());
  }
}
