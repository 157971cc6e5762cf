package dev.jdtrace.distribute.realizable;

import dev.jdtrace.plan.optimal.FirstWitnesses;
import dev.jdtrace.plan.optimal.FlowGraph;
import dev.jdtrace.plan.optimal.WalkChoices;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Decides whether a distribution (one node profile per debugger session, run on the same input) is realizable:
 * whether the sessions' streams together determine the path (seed paper, Theorem 2), by the path condition on
 * per-session FIRST sets rather than by enumerating diamonds.
 *
 * <p>For every fork {@code p} and every pair of its choices {@code t1, t2} (see {@link WalkChoices}) some
 * session {@code i} must <em>decide</em> the pair: {@code FIRST_i(t1)} and {@code FIRST_i(t2)} are disjoint.
 * Then at {@code p} the head of stream {@code i} (or its end) is consistent with at most one of the two, so the
 * multi-stream walk of {@link DistributedPathDecoder} never has two consistent choices; and no directed cycle
 * may be free of witnesses of every session, or the walk could loop unseen. The deciding session of each pair is
 * returned so that reconstruction can consult just that stream.
 *
 * <p>Relation to the paper's wording (as DESIGN.md paraphrases it): a pair whose targets both loop back to
 * {@code p} needs "a single profile holding both targets' witness sets, disjoint there", which a deciding session
 * provides; for other pairs the paraphrase accepts disjointness in the union profile. Taken literally that is
 * too weak ({@code p -> t1 -> w}, {@code p -> t2 -> u}, {@code w <-> u}, both to the exit, sessions {w} and
 * {u}: the runs {@code t1 w u} and {@code t2 u w} give the same two streams), so every pair is held to the
 * deciding-session condition. The condition is sufficient and, per fork pair, checkable; it can reject a few
 * realizable distributions whose pairs are only told apart by combining sessions at run time.
 *
 * <p>Running time {@code O(S (V + E + FIRST sizes) + sum over forks of d^2 S k)} for {@code S} sessions, fork
 * out-degree {@code d} and FIRST set size {@code k}.
 */
public final class DistributionRealizability {

  private final FlowGraph graph;
  private final boolean repeatable;
  private final List<BitSet> profiles;
  private Result result;

  /**
   * Two choices of one fork; {@code target1 < target2}, and {@link FirstWitnesses#END} stands for stopping at
   * the exit.
   *
   * @param fork the fork
   * @param target1 the smaller choice
   * @param target2 the larger choice
   */
  public record ForkPair(int fork, int target1, int target2) {
  }

  /**
   * The verdict.
   *
   * @param decidingSession for each fork pair, the first session whose FIRST sets tell it apart
   * @param undecided fork pairs no single session tells apart
   * @param cycles directed cycles without a witness of any session
   */
  public record Result(Map<ForkPair, Integer> decidingSession, List<ForkPair> undecided,
      List<List<Integer>> cycles) {

    /** Copies the collections, keeping the map's order. */
    public Result {
      decidingSession = Collections.unmodifiableMap(new LinkedHashMap<>(decidingSession));
      undecided = List.copyOf(undecided);
      cycles = List.copyOf(cycles);
    }

    /** Whether the distribution is realizable. */
    public boolean isRealizable() {
      return undecided.isEmpty() && cycles.isEmpty();
    }

    /** A message for errors: the first problems found. */
    public String describe() {
      if (isRealizable()) {
        return "realizable";
      }
      final List<String> parts = new ArrayList<>();
      undecided.stream().limit(3).forEach(p -> parts.add("no session tells apart successors " + name(p.target1())
          + " and " + name(p.target2()) + " of fork " + p.fork()));
      cycles.stream().limit(3).forEach(c -> parts.add("cycle " + c + " holds no witness of any session"));
      return "not realizable: " + String.join("; ", parts);
    }

    private static String name(final int t) {
      return t == FirstWitnesses.END ? "<stop>" : Integer.toString(t);
    }
  }

  /**
   * Creates the checker.
   *
   * @param graph the graph
   * @param repeatable whether the method can run more than once (adds the exit&rarr;entry edge)
   * @param profiles one witness set per session (copied); a witness may belong to several sessions
   */
  public DistributionRealizability(final FlowGraph graph, final boolean repeatable, final List<BitSet> profiles) {
    this.graph = Objects.requireNonNull(graph, "Graph cannot be null");
    this.repeatable = repeatable;
    this.profiles = Objects.requireNonNull(profiles, "Profiles cannot be null").stream()
        .map(p -> (BitSet) Objects.requireNonNull(p, "Profile cannot be null").clone()).toList();
  }

  /** The verdict, computed on the first call. */
  public Result getResult() {
    if (result == null) {
      final List<FirstWitnesses> first = profiles.stream()
          .map(p -> new FirstWitnesses(graph, repeatable, p)).toList();
      final BitSet union = new BitSet();
      profiles.forEach(union::or);
      final Map<ForkPair, Integer> deciding = new LinkedHashMap<>();
      final List<ForkPair> undecided = new ArrayList<>();
      for (int p = 0; p < graph.size(); p++) {
        final int[] choices = WalkChoices.of(graph, repeatable, p);
        for (int a = 0; a < choices.length; a++) {
          for (int b = a + 1; b < choices.length; b++) {
            final ForkPair pair = new ForkPair(p, choices[a], choices[b]);
            final int session = decidingSession(first, pair);
            if (session < 0) {
              undecided.add(pair);
            } else {
              deciding.put(pair, session);
            }
          }
        }
      }
      result = new Result(deciding, undecided, new FirstWitnesses(graph, repeatable, union).witnessFreeCycles());
    }
    return result;
  }

  private static int decidingSession(final List<FirstWitnesses> first, final ForkPair pair) {
    for (int i = 0; i < first.size(); i++) {
      if (disjoint(set(first.get(i), pair.target1()), set(first.get(i), pair.target2()))) {
        return i;
      }
    }
    return -1;
  }

  private static int[] set(final FirstWitnesses first, final int choice) {
    return choice == FirstWitnesses.END ? new int[] {FirstWitnesses.END} : first.of(choice);
  }

  private static boolean disjoint(final int[] a, final int[] b) {
    int i = 0;
    int j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] == b[j]) {
        return false;
      }
      if (a[i] < b[j]) {
        i++;
      } else {
        j++;
      }
    }
    return true;
  }
}
