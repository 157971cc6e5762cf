package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.collect.FirstRun;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.JavaCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The program loaded while the first run's JVM exits is the one the first plan would load, and only that once. */
class EarlyLoadTest {
  private static final String FIXTURE = StaticHitsTest.Fixture.class.getName();
  private static final JavaCommand COMMAND = JavaCommand.parse(
      List.of("java", "-cp", Path.of("target", "test-classes").toAbsolutePath().toString(), FIXTURE));
  private static final ClassFilter FILTER = new ClassFilter(List.of(FIXTURE), List.of());
  private static final Map<String, Integer> RAN = Map.of(FIXTURE + ".main([Ljava/lang/String;)V", 1,
      FIXTURE + ".often()I", 1234);
  private static final Map<String, long[]> JUMPS = Map.of(FIXTURE + ".often()I", new long[] {0, 1, 5});

  @Test
  void theFirstPlanTakesTheProgramLoadedAtTheVmsDeathAsPlanStageLoadsIt() {
    final EarlyLoad early = new EarlyLoad(COMMAND, FILTER);
    early.start(new FirstRun.AtDeath(Set.of(FIXTURE), RAN.keySet(), Set.of(), Set.of()));
    final PlannedClasses.Observed observed = observed(Set.of(FIXTURE));

    final TracedProgram taken = early.take(observed);

    final TracedProgram loaded = PlanStage.load(COMMAND, FILTER, observed, true, true);
    assertThat(taken).isNotNull();
    assertThat(taken.program().classes()).isEqualTo(loaded.program().classes());
    assertThat(taken.running()).isEqualTo(loaded.running());
    assertThat(taken.ran()).isEqualTo(RAN);
    assertThat(taken.jumps()).isEqualTo(JUMPS);
    assertThat(early.take(observed)).as("taken once: a plan again loads anew").isNull();
  }

  @Test
  void aRunThatSawOtherwiseLoadsAnew() {
    final EarlyLoad early = new EarlyLoad(COMMAND, FILTER);
    early.start(new FirstRun.AtDeath(Set.of(FIXTURE), RAN.keySet(), Set.of(), Set.of()));
    assertThat(early.take(observed(Set.of(FIXTURE, FIXTURE + "$Other")))).isNull();
    assertThat(new EarlyLoad(COMMAND, FILTER).take(observed(Set.of(FIXTURE)))).as("nothing started").isNull();
  }

  private static PlannedClasses.Observed observed(final Set<String> classes) {
    return new PlannedClasses.Observed(classes, RAN, JUMPS, Set.of(), 1, 100, null, null, Set.of());
  }
}
