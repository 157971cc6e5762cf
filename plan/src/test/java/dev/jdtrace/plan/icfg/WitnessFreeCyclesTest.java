package dev.jdtrace.plan.icfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A descent that chooses nothing ({@code down(d) { down(d + 1); }}) is a cycle no choice of the walk breaks:
 * the planner breaks it with a witness, or the walk could not count its frames before the
 * {@code StackOverflowError} that ends it.
 */
class WitnessFreeCyclesTest {
  private static final String DESCENTS = "dev.jdtrace.plan.fixtures.Descents";
  private static final Program PROGRAM = ProgramLoader.load(List.of(Path.of("target/test-classes")),
      new ClassFilter(List.of(DESCENTS), List.of()));
  private final IcfgModel.Structure structure = IcfgModel.Structure.of(PROGRAM, List.of());

  @Test
  void everyPlanBreaksEveryDescent() {
    for (final ProfileKind kind : ProfileKind.values()) {
      final IcfgPlanner.Result r = IcfgPlanner.plan(structure, kind, Weights.staticEstimate());
      assertThat(WitnessFreeCycles.breakers(r.model(), r.blockWeights())).as(kind.label()).isEmpty();
      assertThat(r.model().isWitness(entry("down(I)V"))).as(kind.label()).isTrue();
      assertThat(r.model().isWitness(entry("guarded(I)V"))).as(kind.label()).isTrue();
      assertThat(r.model().isWitness(entry("ping(I)V")) || r.model().isWitness(entry("pong(I)V")))
          .as(kind.label()).isTrue();
    }
  }

  @Test
  void aDescentWithoutItsWitnessIsACycleBrokenAtItsEntry() {
    final IcfgPlanner.Result r = IcfgPlanner.plan(structure, ProfileKind.OPTIMAL, Weights.staticEstimate());
    for (final String method : List.of("down(I)V", "guarded(I)V")) {
      final BitSet witnesses = (BitSet) r.witnesses().clone();
      witnesses.clear(entry(method));
      final IcfgModel unbroken = new IcfgModel(structure, witnesses);
      assertThat(WitnessFreeCycles.breakers(unbroken, r.blockWeights())).as(method).containsExactly(entry(method));
    }
  }

  @Test
  void mutualRecursionIsOneCycleWithOneBreaker() {
    final IcfgPlanner.Result r = IcfgPlanner.plan(structure, ProfileKind.OPTIMAL, Weights.staticEstimate());
    final BitSet witnesses = (BitSet) r.witnesses().clone();
    witnesses.clear(entry("ping(I)V"));
    witnesses.clear(entry("pong(I)V"));
    final List<Integer> breakers = WitnessFreeCycles.breakers(new IcfgModel(structure, witnesses), r.blockWeights());
    assertThat(breakers).hasSize(1);
    assertThat(breakers.get(0)).isIn(entry("ping(I)V"), entry("pong(I)V"));
  }

  private static int method(final String nameAndDescriptor) {
    final int split = nameAndDescriptor.indexOf('(');
    return PROGRAM.methodIndex(new MethodId(DESCENTS, nameAndDescriptor.substring(0, split),
        nameAndDescriptor.substring(split)));
  }

  private static int entry(final String nameAndDescriptor) {
    return PROGRAM.blockId(method(nameAndDescriptor), 0);
  }
}
