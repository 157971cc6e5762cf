package dev.jdtrace.plan.optimal;

import java.util.BitSet;
import java.util.Objects;

/**
 * The trivial profile: every node is a witness, so the stream is the path itself. It is the ground truth of
 * DESIGN §5 and the most expensive profile. Running time {@code O(V)}.
 */
public final class AllBlocksProfile implements NodeProfileAlgorithm {

  private final EdgeWeights weights;
  private NodeProfile profile;

  /**
   * Creates the algorithm.
   *
   * @param weights weights of the graph, for the cost
   */
  public AllBlocksProfile(final EdgeWeights weights) {
    this.weights = Objects.requireNonNull(weights, "Weights cannot be null");
  }

  @Override
  public NodeProfile getProfile() {
    if (profile == null) {
      final BitSet all = new BitSet();
      all.set(0, weights.graph().size());
      profile = NodeProfile.of(all, weights);
    }
    return profile;
  }
}
