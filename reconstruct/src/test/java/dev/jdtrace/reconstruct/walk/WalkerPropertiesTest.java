package dev.jdtrace.reconstruct.walk;

import static org.assertj.core.api.Assertions.assertThat;
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
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.statistics.Statistics;

/**
 * DESIGN §5 "brute force on small graphs", across calls: random ICFGs built from model records
 * ({@link GeneratedProgram}), executions simulated as the JVM would run them ({@link Simulator}: every bounded
 * execution by depth-first search plus random longer ones), projected on the planned witnesses, decoded by the
 * {@link Walker}. Every execution must decode to exactly its path, and no two executions may share a stream.
 *
 * <p>The program comes from a recipe of numbers that jqwik shrinks; the flags turn on exceptions (athrow,
 * try/catch, throws in untraced code and in pure calls), virtual dispatch and interface callbacks, and class
 * initialisers. A failure prints the shrunk program with its witnesses (marked W, global block ids), the
 * execution and its stream. The shrunk failures found so far are written out in
 * {@link WalkerCounterexamplesTest}. Statistics show what the runs covered, and jqwik's coverage checks fail a
 * property whose generator drifted away from what it is meant to reach.
 *
 * <p>Triage aids, both off by default: {@code -Djdtrace.known=text|text} skips programs whose decoding
 * failure message holds one of the texts, so jqwik looks for another failure; {@code -Djdtrace.gen.pure=false}
 * generates no pure calls ({@code Math.abs}).
 */
class WalkerPropertiesTest {

  @Provide
  Arbitrary<List<Integer>> recipes() {
    // Uniform sizes: jqwik's default favours short lists, which here mean programs of a few blocks.
    return Arbitraries.integers().between(0, 63).list().ofMaxSize(200)
        .withSizeDistribution(RandomDistribution.uniform());
  }

  /** A generated program with its static ICFG facts. */
  record Case(GeneratedProgram generated, IcfgModel.Structure structure, BitSet callbacks) {

    static Case of(final List<Integer> recipe, final boolean exceptions, final boolean virtuals,
        final boolean clinits) {
      final GeneratedProgram g = GeneratedProgram.generate(GeneratedProgram.recipe(recipe),
          GeneratedProgram.Options.small(exceptions, virtuals, clinits));
      final IcfgModel.Structure structure = IcfgModel.Structure.of(g.program, List.of());
      return new Case(g, structure, structure.callbacks());
    }

    /**
     * Every execution of at most 24 blocks (up to 150 of them), then 40 random ones of 40-120 blocks, distinct,
     * shortest first. Deterministic for a program.
     */
    List<Simulator.Execution> executions(final boolean untracedThrows) {
      final Simulator sim = new Simulator(generated, untracedThrows, 20_000);
      final Map<String, Simulator.Execution> all = new LinkedHashMap<>();
      for (final Simulator.Execution e : sim.enumerate(24, 8, 3_000, 150)) {
        all.putIfAbsent(e.key(), e);
      }
      final Random random = new Random(generated.program.blockCount() * 31L + generated.program.methods().size());
      for (int i = 0; i < 40; i++) {
        try {
          final Simulator.Execution e = sim.run(Simulator.random(random, 40 + random.nextInt(80), 12));
          all.putIfAbsent(e.key(), e);
        } catch (final Simulator.Abandon a) {
          // A random run that did not reach an end tests nothing; the next one might.
        }
      }
      final List<Simulator.Execution> out = new ArrayList<>(all.values());
      out.sort(Comparator.comparingInt(e -> e.trace().length));
      return out;
    }
  }

  // -----------------------------------------------------------------------------------------------------------

  @Property(tries = 300)
  void allBlocksDecodesEveryExecution(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean exceptions, @ForAll final boolean virtuals, @ForAll final boolean clinits) {
    decodesEveryExecution(ProfileKind.ALL_BLOCKS, recipe, exceptions, virtuals, clinits);
  }

  @Property(tries = 300)
  void conditionTargetsDecodeEveryExecution(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean exceptions, @ForAll final boolean virtuals, @ForAll final boolean clinits) {
    decodesEveryExecution(ProfileKind.CONDITION_TARGETS, recipe, exceptions, virtuals, clinits);
  }

  @Property(tries = 300)
  void optimalDecodesEveryExecution(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean exceptions, @ForAll final boolean virtuals, @ForAll final boolean clinits) {
    decodesEveryExecution(ProfileKind.OPTIMAL, recipe, exceptions, virtuals, clinits);
  }

  /** Independent of the walker: distinct executions give distinct streams under the planned witnesses. */
  @Property(tries = 300)
  void distinctExecutionsGiveDistinctStreams(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final ProfileKind kind, @ForAll final boolean exceptions, @ForAll final boolean virtuals,
      @ForAll final boolean clinits) {
    final Case c = Case.of(recipe, exceptions, virtuals, clinits);
    final IcfgPlanner.Result plan = IcfgPlanner.plan(c.structure(), kind, Weights.staticEstimate());
    final Map<String, Simulator.Execution> byStream = new HashMap<>();
    for (final Simulator.Execution e : c.executions(exceptions)) {
      final String key = Arrays.toString(e.stream(plan.witnesses())) + e.exceptions();
      final Simulator.Execution other = byStream.putIfAbsent(key, e);
      if (other != null) {
        fail("%s: two executions share the stream %s%n  %s%n  %s%n%s", kind, key, other, e,
            c.generated().dump(plan.witnesses()));
      }
    }
  }

  /** The optimal profile's estimated hits never exceed the condition-target baseline's. */
  @Property(tries = 300)
  void optimalCostsNoMoreThanConditionTargets(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean exceptions, @ForAll final boolean virtuals, @ForAll final boolean clinits) {
    final Case c = Case.of(recipe, exceptions, virtuals, clinits);
    final IcfgPlanner.Result optimal = IcfgPlanner.plan(c.structure(), ProfileKind.OPTIMAL, Weights.staticEstimate());
    final IcfgPlanner.Result targets =
        IcfgPlanner.plan(c.structure(), ProfileKind.CONDITION_TARGETS, Weights.staticEstimate());
    Statistics.label("optimal repairs").collect(optimal.repairs() == 0 ? "0" : optimal.repairs() < 3 ? "1-2" : "3+");
    // The repair is what this compares: the generator must give it work (measured 54% of tries 3+, 32% none).
    Statistics.label("optimal repairs").coverage(coverage -> {
      coverage.check("3+").percentage(p -> p >= 20);
      coverage.check("0").percentage(p -> p >= 10);
    });
    if (optimal.expectedHits() > targets.expectedHits() + 1e-9) {
      fail("optimal expects %.3f hits (%d witnesses, %d repairs), condition-targets %.3f (%d witnesses, %d repairs)"
              + "%noptimal:%n%s%ncondition-targets:%n%s",
          optimal.expectedHits(), optimal.witnesses().cardinality(), optimal.repairs(), targets.expectedHits(),
          targets.witnesses().cardinality(), targets.repairs(), c.generated().dump(optimal.witnesses()),
          c.generated().dump(targets.witnesses()));
    }
  }

  /** The planner's callbacks include every method untraced code can call in the generated program. */
  @Property(tries = 300)
  void callbacksCoverWhatUntracedCodeCalls(@ForAll("recipes") final List<Integer> recipe,
      @ForAll final boolean virtuals, @ForAll final boolean clinits) {
    final Case c = Case.of(recipe, false, virtuals, clinits);
    final BitSet missing = (BitSet) c.generated().callbacks.clone();
    missing.andNot(c.callbacks());
    assertThat(missing.stream().toArray()).as("callbacks missing from Callbacks.of%n%s", c.generated().dump(null))
        .isEmpty();
    Statistics.label("callbacks exact").collect(c.callbacks().equals(c.generated().callbacks));
    // Over-approximating is sound but costs witnesses: it stays the exception (measured 2% of tries).
    Statistics.label("callbacks exact").coverage(coverage -> coverage.check(true).percentage(p -> p >= 80));
  }

  // -----------------------------------------------------------------------------------------------------------

  private static void decodesEveryExecution(final ProfileKind kind, final List<Integer> recipe,
      final boolean exceptions, final boolean virtuals, final boolean clinits) {
    final Case c = Case.of(recipe, exceptions, virtuals, clinits);
    final IcfgPlanner.Result plan = IcfgPlanner.plan(c.structure(), kind, Weights.staticEstimate());
    final List<Simulator.Execution> executions = c.executions(exceptions);
    collectCoverage(c, executions);
    for (final Simulator.Execution e : executions) {
      final int[] stream = e.stream(plan.witnesses());
      String problem = decodeProblem(plan.model(), e, stream);
      if (problem != null && e.pureThrow()) {
        problem = "[a pure call threw] " + problem;
      } else if (problem != null && e.exceptions().stream().anyMatch(ExceptionRecord::inCall)) {
        problem = "[untraced throw] " + problem;
      }
      if (problem != null) {
        if (known(problem)) {
          Statistics.label("known failure skipped").collect(problem.substring(0, Math.min(60, problem.length())));
          return;
        }
        fail("%s: %s%n  true %s%n  stream %s%n%s", kind, problem, e, Arrays.toString(stream),
            c.generated().dump(plan.witnesses()));
      }
    }
  }

  /** Why the walk does not decode the execution's stream to its path, or {@code null} when it does. */
  static String decodeProblem(final IcfgModel model, final Simulator.Execution e, final int[] stream) {
    try {
      final int[] decoded = new Walker(model, "t", new ThreadStream("t", -1, 0, stream, e.exceptions())).decode();
      return Arrays.equals(decoded, e.path()) ? null : "decoded " + Arrays.toString(decoded);
    } catch (final ReconstructionException | StackOverflowError | IllegalStateException
        | IndexOutOfBoundsException x) {
      return x.getClass().getSimpleName() + ": " + x.getMessage();
    }
  }

  /**
   * Triage aid, off by default: {@code -Djdtrace.known=text1|text2} skips programs whose failure message holds
   * one of the texts, so that jqwik searches for a different failure.
   */
  private static boolean known(final String problem) {
    final String known = System.getProperty("jdtrace.known", "");
    if (known.isEmpty()) {
      return false;
    }
    for (final String k : known.split("\\|")) {
      if (!k.isEmpty() && problem.contains(k)) {
        return true;
      }
    }
    return false;
  }

  private static void collectCoverage(final Case c, final List<Simulator.Execution> executions) {
    final int blocks = c.generated().program.blockCount();
    Statistics.label("blocks").collect(blocks < 20 ? "<20" : blocks < 50 ? "20-49" : blocks < 100 ? "50-99" : "100+");
    Statistics.label("executions").collect(executions.size() < 20 ? "<20" : executions.size() < 100 ? "20-99" : "100+");
    // Small programs and large ones, and many executions of most (measured: 100+ blocks 6-7% of tries, 50-99
    // about a third, 100+ executions over half).
    Statistics.label("blocks").coverage(coverage -> {
      coverage.check("100+").percentage(p -> p >= 2);
      coverage.check("50-99").percentage(p -> p >= 15);
      coverage.check("<20").percentage(p -> p >= 10);
    });
    Statistics.label("executions").coverage(coverage -> coverage.check("100+").percentage(p -> p >= 25));
    final java.util.Set<String> seen = new java.util.TreeSet<>();
    executions.forEach(e -> seen.addAll(e.features()));
    for (final String f : FEATURES) {
      Statistics.label(f).collect(seen.contains(f));
      // The generator must not drift to programs that miss a feature: each is reached in enough of the tries.
      Statistics.label(f).coverage(coverage -> coverage.check(true).percentage(p -> p >= MIN_PERCENT.get(f)));
    }
  }

  /**
   * The least share of tries (in percent) whose executions reach each feature: about a third of what 300 tries
   * of each decoding property reached when measured (the rarest, an exception ending an initialiser a block
   * started, about 6%), so a drifting generator fails while the randomness of 300 tries does not.
   */
  private static final java.util.Map<String, Double> MIN_PERCENT = java.util.Map.ofEntries(
      java.util.Map.entry("recursion", 20.0),
      java.util.Map.entry("callback from an untraced call", 20.0),
      java.util.Map.entry("virtual call with several targets", 1.0),
      java.util.Map.entry("class initialiser interrupts a block", 4.0),
      java.util.Map.entry("class initialiser started by untraced code", 8.0),
      java.util.Map.entry("athrow", 8.0),
      java.util.Map.entry("exception in untraced code", 10.0),
      java.util.Map.entry("exception caught where thrown", 5.0),
      java.util.Map.entry("exception caught frames below", 4.0),
      java.util.Map.entry("exception caught in untraced code", 10.0),
      java.util.Map.entry("uncaught exception", 10.0),
      java.util.Map.entry("callback after an uncaught exception", 10.0),
      // The rarest: 15, 2 and 7 of 300 tries in one CI run's three properties; a bound of 1% failed at 2 (0.67%), so
      // it asks for one try in 300 (a generator that never gets there still fails).
      java.util.Map.entry("exception ends a class initialiser started by a block", 0.3),
      java.util.Map.entry("exception ends a class initialiser started by untraced code", 2.0));

  private static final List<String> FEATURES = List.of("recursion", "callback from an untraced call",
      "virtual call with several targets", "class initialiser interrupts a block",
      "class initialiser started by untraced code", "athrow", "exception in untraced code",
      "exception caught where thrown", "exception caught frames below", "exception caught in untraced code",
      "uncaught exception", "callback after an uncaught exception",
      "exception ends a class initialiser started by a block",
      "exception ends a class initialiser started by untraced code");

}
