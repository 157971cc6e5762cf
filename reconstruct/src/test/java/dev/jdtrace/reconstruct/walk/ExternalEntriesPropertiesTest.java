package dev.jdtrace.reconstruct.walk;

import static org.assertj.core.api.Assertions.fail;

import dev.jdtrace.distribute.Distributor;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.plan.icfg.CallResolver;
import dev.jdtrace.plan.icfg.DecisionUnits;
import dev.jdtrace.plan.icfg.Hierarchy;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.ThreadStream;
import dev.jdtrace.reconstruct.discover.ExternalEntries;
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
 * Issue #11's property: untraced code may enter arbitrary methods of a generated program (as reflection and
 * method handles do), unseen by the static callbacks. One observing run (every method entry and call site a
 * witness) learns the entries of that run; planned with them as callbacks, the run's streams, split over 1
 * to 3 sessions, decode back to exactly that run.
 */
class ExternalEntriesPropertiesTest {

  @Provide
  Arbitrary<List<Integer>> recipes() {
    return Arbitraries.integers().between(0, 63).list().ofMaxSize(200)
        .withSizeDistribution(RandomDistribution.uniform());
  }

  @Provide
  Arbitrary<List<Integer>> entries() {
    return Arbitraries.integers().between(0, 1000).list().ofMinSize(1).ofMaxSize(4);
  }

  @Property(tries = 60)
  void learnedEntriesDecodeEveryExecution(@ForAll("recipes") final List<Integer> recipe,
      @ForAll("entries") final List<Integer> entries, @ForAll final boolean exceptions,
      @ForAll final boolean virtuals, @ForAll final boolean clinits,
      @ForAll @IntRange(min = 1, max = 3) final int sessions) {
    final WalkerPropertiesTest.Case c = WalkerPropertiesTest.Case.of(recipe, exceptions, virtuals, clinits);
    final GeneratedProgram g = c.generated();
    final int[] others = java.util.stream.IntStream.range(0, g.program.methods().size())
        .filter(m -> !c.callbacks().get(m)).toArray();
    final BitSet unseen = new BitSet();
    if (others.length > 0) {
      entries.forEach(e -> unseen.set(others[e % others.length]));
    }
    Statistics.label("entries unseen statically").collect(unseen.cardinality());
    // What is learned must be there to learn: measured 63% of tries with at least one unseen entry.
    Statistics.label("entries unseen statically").coverage(coverage -> coverage
        .checkQuery(values -> ((Integer) values.get(0)) > 0).percentage(p -> p >= 30));
    // The simulated untraced code calls these as well: the JVM lets it call any method.
    g.callbacks.or(unseen);
    final BitSet observed = ExternalEntries.witnesses(c.structure());
    final List<Simulator.Execution> runs = c.executions(exceptions);
    for (final Simulator.Execution e : runs.subList(0, Math.min(runs.size(), 15))) {
      final BitSet learned = ExternalEntries.learn(c.structure(), new SessionStreams("observe", 0,
          List.of(new ThreadStream("t", -1, 0, e.stream(observed), e.exceptions()))));
      final BitSet callbacks = c.callbacks();
      callbacks.or(learned);
      final IcfgModel.Structure structure = IcfgModel.Structure.of(g.program,
          new CallResolver(new Hierarchy(g.program), false), List.of(), false, callbacks);
      final IcfgPlanner.Result plan = IcfgPlanner.plan(structure, ProfileKind.OPTIMAL, Weights.staticEstimate());
      final DecisionUnits groups = DecisionUnits.of(plan.model());
      final List<BitSet> split = new Distributor(g.program, groups, Strategy.FINE)
          .split(sessions, Integer.MAX_VALUE, plan.blockWeights());
      final List<IcfgModel> models = split.stream().map(w -> new IcfgModel(structure, w)).toList();
      final List<ThreadStream> streams = new ArrayList<>();
      for (final BitSet w : split) {
        streams.add(new ThreadStream("t", -1, 0, e.stream(w), e.exceptions()));
      }
      try {
        final int[] decoded = new Walker(models, "t", streams).decode();
        if (!Arrays.equals(decoded, e.path())) {
          fail("learned %s, decoded %s%n  true %s%n%s", learned, Arrays.toString(decoded), e,
              g.dump(plan.witnesses()));
        }
      } catch (final ReconstructionException | IllegalStateException x) {
        fail("learned %s: %s%n  true %s%n%s", learned, x.getMessage(), e, g.dump(plan.witnesses()));
      }
    }
  }
}
