package dev.jdtrace.plan.optimal;

/**
 * An algorithm that chooses a node profile for one {@link FlowGraph} (JGraphT style: the graph and weights are
 * constructor arguments, the first call of {@link #getProfile()} computes and caches).
 */
public interface NodeProfileAlgorithm {

  /** The chosen profile. */
  NodeProfile getProfile();
}
