package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.List;

/**
 * The cycles the decoding walk can go round without a witness, and a witness to break each (seed Theorem 4:
 * a realizable profile breaks every directed cycle). The per-method profiles break every loop, and the
 * conflict check breaks every recursion that chooses whether to recurse; what is left is a descent that
 * chooses nothing, {@code down(d) { down(d + 1); }}, which ends only by an exception (a
 * {@code StackOverflowError}) or the VM's death. Unbroken, its streams hold no count of its frames: the walk
 * would stand at the throw block on its first descent and unwind from there.
 *
 * <p>The graph is the one {@code WitnessFreePaths.reaches (reconstruct.walk)} walks, over blocks that are not witnesses: a block's
 * successors when its call can return without a witness, and the entries of its call's traced targets. An
 * untraced call's callbacks are left out: their entries reach a witness first ({@link Conflicts}).
 */
final class WitnessFreeCycles {
  private WitnessFreeCycles() {
  }

  /** One witness per strongly connected component with a cycle: an entry of a method on it, else its lightest block. */
  static List<Integer> breakers(final IcfgModel model, final double[] blockWeight) {
    final Program p = model.program();
    final int n = p.blockCount();
    final int[] start = new int[n + 1];
    final Edges edges = new Edges();
    for (int b = 0; b < n; b++) {
      if (!model.isWitness(b)) {
        addEdges(model, b, edges);
      }
      start[b + 1] = edges.size;
    }
    final int[] out = java.util.Arrays.copyOf(edges.to, edges.size);
    final List<Integer> breakers = new ArrayList<>();
    for (final int[] members : Components.of(start, out, new int[n])) {
      if (members.length == 1 && !selfLoop(start, out, members[0])) {
        continue;
      }
      int entry = -1;
      int lightest = -1;
      for (final int b : members) {
        if (p.block(b).index() == 0 && (entry < 0 || b < entry)) {
          entry = b;
        }
        if (lightest < 0 || blockWeight[b] < blockWeight[lightest]
            || (blockWeight[b] == blockWeight[lightest] && b < lightest)) {
          lightest = b;
        }
      }
      breakers.add(entry >= 0 ? entry : lightest);
    }
    return breakers;
  }

  /** The witness-free ways on from a block that is not a witness, to blocks that are not witnesses either. */
  private static void addEdges(final IcfgModel model, final int b, final Edges edges) {
    final Program p = model.program();
    final CallTargets t = model.targets(b);
    boolean through = true;
    if (t != null) {
      through = t.external() || t.isPure();
      if (!t.external()) {
        for (final int m : t.traced()) {
          final int entry = p.blockId(m, 0);
          if (!model.isWitness(entry)) {
            edges.add(entry);
          }
          through |= model.first().contains(entry, FirstSets.EXIT);
        }
      }
    }
    if (through) {
      for (int i = 0; i < p.successorCount(b); i++) {
        final int s = p.successor(b, i);
        if (!model.isWitness(s)) {
          edges.add(s);
        }
      }
    }
  }

  /** A growing array of edge targets: a round of the planner builds one over every block of the program. */
  private static final class Edges {
    private int[] to = new int[64];
    private int size;

    void add(final int target) {
      if (size == to.length) {
        to = java.util.Arrays.copyOf(to, size * 2);
      }
      to[size++] = target;
    }
  }

  private static boolean selfLoop(final int[] start, final int[] out, final int b) {
    for (int i = start[b]; i < start[b + 1]; i++) {
      if (out[i] == b) {
        return true;
      }
    }
    return false;
  }
}
