package dev.jdtrace.reconstruct.walk;

import static org.assertj.core.api.Assertions.fail;

import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.ThreadStream;
import dev.jdtrace.trace.stream.ExceptionRecord;
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
import net.jqwik.api.statistics.Statistics;

/**
 * The walk from a start stack on generated programs: every moment a simulated thread is at rest inside an
 * untraced call under traced frames is a place an attach could find it. From there, the rest of the
 * execution (the thread left traced code) and every stretch up to a later moment at the same stack (the
 * thread ended back there, possibly after going around more than once) must each decode to exactly their
 * path from their projection on the plan's witnesses.
 */
class WalkerStartStackPropertiesTest {
  /** Rest moments tried per execution, to bound the test's time. */
  private static final int RESTS = 6;

  @Provide
  Arbitrary<List<Integer>> recipes() {
    return Arbitraries.integers().between(0, 63).list().ofMaxSize(200).withSizeDistribution(RandomDistribution.uniform());
  }

  @Property(tries = 60)
  void everyStretchFromARestDecodesToItsPath(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final ProfileKind kind, @ForAll final boolean exceptions, @ForAll final boolean virtuals,
      @ForAll final boolean clinits) {
    final WalkerPropertiesTest.Case c = WalkerPropertiesTest.Case.of(recipe, exceptions, virtuals, clinits);
    final IcfgPlanner.Result plan = IcfgPlanner.plan(c.structure(), kind, Weights.staticEstimate());
    int left = 0;
    int back = 0;
    for (final Simulator.Execution e : c.executions(exceptions)) {
      final List<Simulator.Rest> rests = e.rests().subList(0, Math.min(RESTS, e.rests().size()));
      for (int i = 0; i < rests.size(); i++) {
        final Simulator.Rest from = rests.get(i);
        check(plan, e, from, e.trace().length, false, c);
        left++;
        for (int j = i + 1; j < e.rests().size(); j++) {
          final Simulator.Rest to = e.rests().get(j);
          if (Arrays.equals(from.stack(), to.stack())) {
            check(plan, e, from, to.at(), true, c);
            back++;
          }
        }
      }
    }
    Statistics.label("walks to the end").collect(left == 0 ? "0" : left < 50 ? "1-49" : "50+");
    Statistics.label("walks back to the start").collect(back == 0 ? "0" : back < 50 ? "1-49" : "50+");
    // Both kinds of walk, many of them, in a good share of the tries (measured 50+ in 57% and 47%).
    Statistics.label("walks to the end").coverage(coverage -> coverage.check("50+").percentage(p -> p >= 20));
    Statistics.label("walks back to the start").coverage(coverage -> coverage.check("50+").percentage(p -> p >= 20));
  }

  /** Decodes the trace entries {@code [from.at, end)} from the start stack and compares with their path. */
  private static void check(final IcfgPlanner.Result plan, final Simulator.Execution e, final Simulator.Rest from,
      final int end, final boolean backAtStart, final WalkerPropertiesTest.Case c) {
    final List<ExceptionRecord> thrown = new ArrayList<>();
    final List<Integer> stream = new ArrayList<>();
    final List<Integer> path = new ArrayList<>();
    final BitSet witnesses = plan.witnesses();
    for (int k = from.at(); k < end; k++) {
      final int x = e.trace()[k];
      if (x < 0) {
        thrown.add(e.exceptions().get(-x - 1));
        stream.add(-thrown.size());
      } else {
        path.add(x);
        if (witnesses.get(x)) {
          stream.add(x);
        }
      }
    }
    final String problem = problem(plan.model(), new ThreadStream("t", -1, 0,
        stream.stream().mapToInt(Integer::intValue).toArray(), thrown, from.stack(), backAtStart), path);
    if (problem != null) {
      fail("%s from stack %s to %s: %s%n  path %s%n  stream %s%n  whole execution %s%n%s", plan.witnesses(),
          Arrays.toString(from.stack()), backAtStart ? "back there" : "the end", problem, path, stream, e,
          c.generated().dump(plan.witnesses()));
    }
  }

  private static String problem(final IcfgModel model, final ThreadStream stream, final List<Integer> path) {
    try {
      final int[] decoded = new Walker(model, "t", stream).decode();
      return Arrays.equals(decoded, path.stream().mapToInt(Integer::intValue).toArray()) ? null
          : "decoded " + Arrays.toString(decoded);
    } catch (final ReconstructionException | StackOverflowError | IllegalStateException
        | IndexOutOfBoundsException x) {
      return x.getClass().getSimpleName() + ": " + x.getMessage();
    }
  }
}
