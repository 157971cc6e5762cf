package dev.jdtrace.plan.optimal;

import java.util.BitSet;
import java.util.Objects;

/**
 * The baseline profile that the seed paper compares its optimal profile with: every target of every
 * conditional branch or switch (every successor of a node with at least two distinct successors) is a witness.
 *
 * <p>It breaks every diamond (a diamond's two paths leave the fork through two distinct targets) and every
 * cycle that contains a branch. The one cycle it can miss is a run with no branch at all, which the virtual
 * exit&rarr;entry edge closes: for a {@code repeatable} method with a branch-free entry-to-exit path, the entry
 * is added too. Running time {@code O(V + E)}.
 */
public final class ConditionTargetProfile implements NodeProfileAlgorithm {

  private final EdgeWeights weights;
  private final boolean repeatable;
  private NodeProfile profile;

  /**
   * Creates the algorithm.
   *
   * @param weights weights of the graph, for the cost
   * @param repeatable whether the method can run more than once (adds the exit&rarr;entry edge)
   */
  public ConditionTargetProfile(final EdgeWeights weights, final boolean repeatable) {
    this.weights = Objects.requireNonNull(weights, "Weights cannot be null");
    this.repeatable = repeatable;
  }

  @Override
  public NodeProfile getProfile() {
    if (profile == null) {
      final FlowGraph graph = weights.graph();
      final BitSet witnesses = new BitSet();
      for (int v = 0; v < graph.size(); v++) {
        if (graph.isFork(v)) {
          for (final int t : graph.succArray(v)) {
            witnesses.set(t);
          }
        }
      }
      if (repeatable && new FirstWitnesses(graph, false, witnesses).contains(graph.entry(), FirstWitnesses.END)) {
        witnesses.set(graph.entry());
      }
      profile = NodeProfile.of(witnesses, weights);
    }
    return profile;
  }
}
