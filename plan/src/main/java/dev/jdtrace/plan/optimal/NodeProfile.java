package dev.jdtrace.plan.optimal;

import java.util.BitSet;
import java.util.Collections;
import java.util.List;

/**
 * A node profile: the witness blocks of one method, where breakpoints go, and its cost.
 *
 * @param witnesses the witness nodes, ascending and distinct
 * @param cost expected breakpoint hits per run: the sum of the witnesses' node weights
 */
public record NodeProfile(List<Integer> witnesses, double cost) {

  /** Copies and checks the witness list. */
  public NodeProfile {
    witnesses = List.copyOf(witnesses);
    for (int i = 1; i < witnesses.size(); i++) {
      if (witnesses.get(i - 1) >= witnesses.get(i)) {
        throw new IllegalArgumentException("witnesses must be ascending and distinct: " + witnesses);
      }
    }
  }

  /** Builds a profile from a witness set, costing it with node weights. */
  public static NodeProfile of(final BitSet witnesses, final EdgeWeights weights) {
    return new NodeProfile(witnesses.stream().boxed().toList(),
        witnesses.stream().mapToDouble(weights::node).sum());
  }

  /** Number of witnesses. */
  public int size() {
    return witnesses.size();
  }

  /** Whether {@code node} is a witness. */
  public boolean contains(final int node) {
    return Collections.binarySearch(witnesses, node) >= 0;
  }

  /** The witnesses as a new bit set. */
  public BitSet toBitSet() {
    final BitSet bits = new BitSet();
    witnesses.forEach(bits::set);
    return bits;
  }
}
