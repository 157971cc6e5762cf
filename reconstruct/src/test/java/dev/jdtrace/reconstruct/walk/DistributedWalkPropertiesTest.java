package dev.jdtrace.reconstruct.walk;

import static org.assertj.core.api.Assertions.fail;

import dev.jdtrace.distributor.Distributor;
import dev.jdtrace.distributor.Strategy;
import dev.jdtrace.profiler.icfg.DecisionGroups;
import dev.jdtrace.profiler.icfg.IcfgModel;
import dev.jdtrace.profiler.icfg.IcfgPlanner;
import dev.jdtrace.profiler.icfg.ProfileKind;
import dev.jdtrace.profiler.icfg.Weights;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.ThreadStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Issue #4's property: on generated ICFGs, for 1 to 6 sessions, several caps and all three strategies,
 * every execution projects onto the sessions' witness sets, and the walk over all the projections together
 * gives back exactly that execution. The projections are what the sessions would record: each session sees
 * its own witnesses and every exception.
 */
class DistributedWalkPropertiesTest {

  @Provide
  Arbitrary<List<Integer>> recipes() {
    return Arbitraries.integers().between(0, 63).list().ofMaxSize(200)
        .withSizeDistribution(RandomDistribution.uniform());
  }

  /**
   * Issue #18's property: the VM may die anywhere (System.exit or halt at any depth, a daemon thread cut
   * off). Every execution is cut before each of its steps in turn (every third one, and the last), each
   * session records its witnesses so far and the thread's traced frames as the VM shows them, and the walk
   * gives back exactly the path so far: it stops there, its frames never return.
   */
  @Property(tries = 40)
  void everySplitStopsWhereTheVmDied(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean exceptions, @ForAll final boolean virtuals, @ForAll final boolean clinits,
      @ForAll @IntRange(min = 1, max = 4) final int sessions, @ForAll final Strategy strategy) {
    final WalkerPropertiesTest.Case c = WalkerPropertiesTest.Case.of(recipe, exceptions, virtuals, clinits);
    final IcfgPlanner.Result plan = IcfgPlanner.plan(c.structure(), ProfileKind.OPTIMAL, Weights.staticEstimate());
    final DecisionGroups groups = DecisionGroups.of(plan.model());
    final Distributor distributor = new Distributor(c.generated().program, groups.shared(), groups.groups(), strategy);
    final List<BitSet> split = distributor.split(sessions, Integer.MAX_VALUE, plan.blockWeights());
    final List<IcfgModel> models = split.stream().map(w -> new IcfgModel(c.structure(), w)).toList();
    int cuts = 0;
    for (final Simulator.Execution e : c.executions(exceptions)) {
      final List<Simulator.Halt> halts = e.halts();
      for (int h = 0; h < halts.size(); h++) {
        if (h % 3 != 1 && h != halts.size() - 1) {
          continue;
        }
        final Simulator.Halt halt = halts.get(h);
        final List<ThreadStream> streams = new ArrayList<>();
        for (final BitSet w : split) {
          streams.add(new ThreadStream("t", -1, 0, e.stream(w, halt.length()), e.exceptions(), halt.end()));
        }
        final int[] expected = e.path(halt.length());
        try {
          final int[] decoded = new Walker(models, "t", streams).decode();
          if (!Arrays.equals(decoded, expected)) {
            fail("%d sessions %s, VM died at %s with %s: decoded %s%n  true %s%n  whole run %s%n%s", split.size(),
                split, halt.length(), halt.end(), Arrays.toString(decoded), Arrays.toString(expected), e,
                c.generated().dump(plan.witnesses()));
          }
        } catch (final ReconstructionException | IllegalStateException | IndexOutOfBoundsException x) {
          fail("%d sessions %s, VM died at %s with %s: %s%n  true %s%n  whole run %s%n%s", split.size(), split,
              halt.length(), halt.end(), x.getMessage(), Arrays.toString(expected), e,
              c.generated().dump(plan.witnesses()));
        }
        cuts++;
      }
    }
    Statistics.label("cuts").collect(cuts > 100 ? "over 100" : cuts > 10 ? "11-100" : "up to 10");
  }

  @Property(tries = 150)
  void everySplitMergesBackToEveryExecution(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean exceptions, @ForAll final boolean virtuals, @ForAll final boolean clinits,
      @ForAll @IntRange(min = 1, max = 6) final int sessions, @ForAll final Strategy strategy,
      @ForAll @IntRange(min = 0, max = 2) final int capKind) {
    final WalkerPropertiesTest.Case c = WalkerPropertiesTest.Case.of(recipe, exceptions, virtuals, clinits);
    final IcfgPlanner.Result plan = IcfgPlanner.plan(c.structure(), ProfileKind.OPTIMAL, Weights.staticEstimate());
    final DecisionGroups groups = DecisionGroups.of(plan.model());
    final Distributor distributor = new Distributor(c.generated().program, groups.shared(), groups.groups(), strategy);
    final int tightest = distributor.minimumCap();
    // The tightest cap the plan accepts, one a little above it, and none.
    final int cap = capKind == 0 ? tightest : capKind == 1 ? tightest + 3 : Integer.MAX_VALUE;
    final List<BitSet> split = distributor.split(sessions, cap, plan.blockWeights());
    final BitSet union = new BitSet();
    split.forEach(union::or);
    if (!union.equals(plan.witnesses())) {
      fail("the split lost or added witnesses: %s vs %s", union, plan.witnesses());
    }
    final List<IcfgModel> models = split.stream().map(w -> new IcfgModel(c.structure(), w)).toList();
    Statistics.label("sessions").collect(split.size());
    for (final Simulator.Execution e : c.executions(exceptions)) {
      final List<ThreadStream> streams = new ArrayList<>();
      for (final BitSet w : split) {
        streams.add(new ThreadStream("t", -1, 0, e.stream(w), e.exceptions()));
      }
      try {
        final int[] decoded = new Walker(models, "t", streams).decode();
        if (!Arrays.equals(decoded, e.path())) {
          fail("%d sessions %s decoded %s%n  true %s%n%s", split.size(), split, Arrays.toString(decoded), e,
              c.generated().dump(plan.witnesses()));
        }
      } catch (final ReconstructionException | IllegalStateException | IndexOutOfBoundsException x) {
        fail("%d sessions %s: %s%n  true %s%n%s", split.size(), split, x.getMessage(), e,
            c.generated().dump(plan.witnesses()));
      }
    }
  }
}
