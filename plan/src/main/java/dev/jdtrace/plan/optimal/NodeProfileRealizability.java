package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Decides whether a node profile is realizable: whether every execution can be rebuilt from its stream of
 * witness hits (seed paper, Theorem 4: the profile breaks every diamond and every directed cycle).
 *
 * <p>Enumerating diamonds is exponential, so this checks the equivalent path condition on FIRST sets (see
 * {@link FirstWitnesses}):
 * <ul>
 *   <li>at every fork {@code p}, the first-witness sets of any two distinct successors are disjoint (a shared
 *       witness {@code w} means two paths {@code p -> t1 ~> w} and {@code p -> t2 ~> w} with no witness in
 *       between: an unbroken diamond; a shared {@link FirstWitnesses#END} means two witness-free ways to the
 *       exit). The special diamond of seed Fig. 10, a fork with a direct edge to its join {@code j}, needs no
 *       special case: if {@code j} is a witness its set is {@code {j}}, which the other path also reaches
 *       first, unless it holds a witness of its own;</li>
 *   <li>with {@code repeatable}, the exit is a fork too: a run may stop there ({@code END}) or start again at
 *       the entry;</li>
 *   <li>no directed cycle, the exit&rarr;entry edge included when {@code repeatable}, consists of non-witnesses
 *       only (such a loop could run any number of times unseen).</li>
 * </ul>
 * Every node is checked, reachable or not, so the answer is conservative for graphs with dead code or with
 * nodes that cannot reach the exit; for the rest it is exact.
 *
 * <p>Running time {@code O(V + E + total FIRST set size)}.
 */
public final class NodeProfileRealizability {

  private final FlowGraph graph;
  private final boolean repeatable;
  private final BitSet witnesses;
  private Result result;

  /**
   * A fork whose two successors share a first witness.
   *
   * @param fork the fork
   * @param target1 one successor
   * @param target2 another successor, or {@link FirstWitnesses#END} for "the run stops here" at the exit
   * @param witness a shared first witness, or {@link FirstWitnesses#END} (both reach the exit unseen)
   */
  public record Conflict(int fork, int target1, int target2, int witness) {

    @Override
    public String toString() {
      return "fork " + fork + ": successors " + name(target1) + " and " + name(target2)
          + " both reach " + (witness == FirstWitnesses.END ? "the exit" : "witness " + witness)
          + " without a witness in between";
    }

    private static String name(final int t) {
      return t == FirstWitnesses.END ? "<stop>" : Integer.toString(t);
    }
  }

  /**
   * The verdict.
   *
   * @param conflicts forks whose successors are not told apart (at most one per fork and successor pair)
   * @param cycles witness-free directed cycles, one per strongly connected witness-free region
   */
  public record Result(List<Conflict> conflicts, List<List<Integer>> cycles) {

    /** Copies the lists. */
    public Result {
      conflicts = List.copyOf(conflicts);
      cycles = List.copyOf(cycles);
    }

    /** Whether the profile is realizable. */
    public boolean isRealizable() {
      return conflicts.isEmpty() && cycles.isEmpty();
    }

    /** A message for errors: the first problems found. */
    public String describe() {
      if (isRealizable()) {
        return "realizable";
      }
      final List<String> parts = new ArrayList<>();
      conflicts.stream().limit(3).forEach(c -> parts.add(c.toString()));
      cycles.stream().limit(3).forEach(c -> parts.add("witness-free cycle " + c));
      return "not realizable: " + String.join("; ", parts)
          + (conflicts.size() + cycles.size() > parts.size() ? "; ..." : "");
    }
  }

  /**
   * Creates the checker.
   *
   * @param graph the graph
   * @param repeatable whether the method can run more than once (adds the exit&rarr;entry edge)
   * @param witnesses the profile (copied)
   */
  public NodeProfileRealizability(final FlowGraph graph, final boolean repeatable, final BitSet witnesses) {
    this.graph = Objects.requireNonNull(graph, "Graph cannot be null");
    this.repeatable = repeatable;
    this.witnesses = (BitSet) Objects.requireNonNull(witnesses, "Witnesses cannot be null").clone();
  }

  /** The verdict, computed on the first call. */
  public Result getResult() {
    if (result == null) {
      final FirstWitnesses first = new FirstWitnesses(graph, repeatable, witnesses);
      result = new Result(conflicts(first), first.witnessFreeCycles());
    }
    return result;
  }

  private List<Conflict> conflicts(final FirstWitnesses first) {
    final List<Conflict> found = new ArrayList<>();
    // owner[w + 1] = the successor of the current fork that first claimed witness w; stamp = fork + 1.
    final int[] owner = new int[graph.size() + 1];
    final int[] stamp = new int[graph.size() + 1];
    final Set<Long> reported = new HashSet<>();
    for (int p = 0; p < graph.size(); p++) {
      final int[] targets = WalkChoices.of(graph, repeatable, p);
      if (targets.length < 2) {
        continue;
      }
      reported.clear();
      for (final int t : targets) {
        final int[] set = t == FirstWitnesses.END ? new int[] {FirstWitnesses.END} : first.raw(t);
        for (final int w : set) {
          if (stamp[w + 1] != p + 1) {
            stamp[w + 1] = p + 1;
            owner[w + 1] = t;
          } else if (owner[w + 1] != t) {
            final long pair = ((long) owner[w + 1] << 32) ^ (t & 0xffffffffL);
            if (reported.add(pair)) {
              found.add(new Conflict(p, owner[w + 1], t, w));
            }
          }
        }
      }
    }
    return found;
  }
}
