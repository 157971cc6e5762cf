package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
  void theFirstRunLessItsOwnBreakpointsAndStopsIsWhatEverySessionPays() {
    // 3 s launch to exit, with 1,000 entry breakpoints set at 0.2 ms each and 400 stops at 0.5 ms: 2.6 s.
    final ProgramRun run = new ProgramRun(3000, 1000, 400);
    assertThat(run.bareMillis(MODEL)).isCloseTo(2600, within(1e-9));
    assertThat(run.model(MODEL).launchMillis()).isCloseTo(2600, within(1e-9));
    // A first run quicker than the trivial program's keeps the calibrated launch; so does one of unknown time.
    assertThat(new ProgramRun(300, 0, 0).model(MODEL)).isEqualTo(MODEL);
    assertThat(new ProgramRun(-1, 0, 0, Map.of("x", 1L)).model(MODEL)).isEqualTo(MODEL);
  }

  @Test
  void theFirstRunSetOneBreakpointPerMethodAndOneMoreAndAStopPerMethodThatRan() {
    final TracedProgram traced = fixture();
    final Map<String, Integer> ran = traced.ran();
    final PlannedClasses.Observed observed = new PlannedClasses.Observed(java.util.Set.of(FIXTURE), ran, null, 1, 1500, null,
        null);
    assertThat(observed.programRun(traced.program()))
        .isEqualTo(new ProgramRun(1500, traced.program().methods().size() + ran.size(), ran.size()));
    // Not known without the first run's time, or without what ran.
    assertThat(new PlannedClasses.Observed(java.util.Set.of(FIXTURE), ran, null, 1, -1, null, null)
        .programRun(traced.program()))
        .isNull();
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
        List.of(FIXTURE), List.of(), s -> { }).withRan(Map.of(FIXTURE + ".often()I", 10, FIXTURE + ".once()I", 1));
  }
}
