package dev.jdtrace.plan.icfg;

import static dev.jdtrace.plan.icfg.IcfgFixture.PROGRAM;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * FIRST sets updated for added witnesses (as the planner's repair rounds do) equal FIRST sets computed
 * from scratch, on the fixture classes with random witness sets and random additions.
 */
class FirstSetsTest {
  private static final IcfgModel.Structure STRUCTURE = IcfgModel.Structure.of(PROGRAM, List.of());
  private static final FirstSets.Readers READERS = FirstSets.Readers.of(STRUCTURE);

  @Property(tries = 60)
  void updatedSetsEqualSetsComputedAgain(@ForAll final long seed,
      @ForAll @IntRange(min = 0, max = 60) final int percent, @ForAll @IntRange(min = 1, max = 20) final int added) {
    final Random random = new Random(seed);
    final BitSet before = new BitSet();
    for (int b = 0; b < PROGRAM.blockCount(); b++) {
      if (random.nextInt(100) < percent) {
        before.set(b);
      }
    }
    final BitSet after = (BitSet) before.clone();
    for (int i = 0; i < added; i++) {
      after.set(random.nextInt(PROGRAM.blockCount()));
    }
    final IcfgModel previous = new IcfgModel(STRUCTURE, before, READERS);
    final IcfgModel updated = new IcfgModel(STRUCTURE, after, READERS, previous);
    final IcfgModel fresh = new IcfgModel(STRUCTURE, after);
    for (int b = 0; b < PROGRAM.blockCount(); b++) {
      assertThat(updated.first().of(b)).as("FIRST of block %d", b).containsExactly(fresh.first().of(b));
      assertThat(updated.callbackOf(b)).isEqualTo(fresh.callbackOf(b));
    }
  }
}
