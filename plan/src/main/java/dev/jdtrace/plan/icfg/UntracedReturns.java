package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Which untraced calls' return sites can lead to given witnesses, for sessions that all hold the
 * callbacks' first witnesses. When a candidate of a choice returns from a callback into untraced code,
 * that code may return from whichever untraced call entered the callback; a session deciding the choice
 * needs that call's return site witnesses only when a path from the return site, free of the session's
 * witnesses, can meet what the other candidates reach (the cycle through the choice closes there).
 *
 * <p>Paths are over-approximated without calling context: a method returns to every caller, a callback
 * into untraced code, which may call any callback or return from any untraced call. Every question's
 * session holds the same callbacks' first witnesses plus the question's targets, so a path may start at a
 * held witness but pass none: the graph without the edges into those common witnesses is one for all
 * questions, and a path through a target reaches a target anyway. On that graph's strongly connected
 * components, in topological order, 64 questions are answered at once, one bit each:
 * {@code O((blocks + edges) × (1 + questions / 64))} instead of one search of the program per question.
 */
final class UntracedReturns {
  private final Program program;
  private final BitSet held;
  /** The untraced call blocks that return, in block order, and each one's return site. */
  private final int[] externalCalls;
  private final int[] sites;
  /** Each node's component; components in Tarjan's order (a component after every one it reaches). */
  private final int[] component;
  private final int components;
  /** The edges between components, grouped by their source component: {@code to[start[c]..start[c+1])}. */
  private final int[] start;
  private final int[] to;

  /**
   * @param model the ICFG
   * @param held the witnesses every question's session holds: paths end at them
   */
  UntracedReturns(final IcfgModel model, final BitSet held) {
    program = model.program();
    this.held = (BitSet) held.clone();
    final Edges edges = new Edges(held);
    final int blocks = program.blockCount();
    // Node ids: blocks, then one exit node per method, then the untraced-code node.
    final int untraced = blocks + program.methods().size();
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      edges.add(untraced, program.blockId(m, 0));
      edges.add(exit(m), untraced);
    }
    int calls = 0;
    int[] external = new int[16];
    for (int b = 0; b < blocks; b++) {
      final Block block = program.block(b);
      final int method = program.methodOf(b);
      for (final int clinit : model.clinits(b)) {
        edges.add(b, program.blockId(clinit, 0));
        for (final int s : block.successors()) {
          edges.add(exit(clinit), program.blockId(method, s));
        }
      }
      if (block.end() == BlockEnd.RETURN) {
        edges.add(b, exit(method));
      }
      final CallTargets t = model.targets(b);
      if (t != null && !t.isPure()) {
        if (t.external()) {
          edges.add(b, untraced);
          if (!block.successors().isEmpty()) {
            if (calls == external.length) {
              external = Arrays.copyOf(external, calls * 2);
            }
            external[calls++] = b;
            edges.add(untraced, program.blockId(method, block.successors().get(0)));
          }
        } else {
          for (final int m : t.traced()) {
            edges.add(b, program.blockId(m, 0));
            if (!block.successors().isEmpty()) {
              edges.add(exit(m), program.blockId(method, block.successors().get(0)));
            }
          }
        }
        continue;
      }
      for (final int s : block.successors()) {
        edges.add(b, program.blockId(method, s));
      }
    }
    externalCalls = Arrays.copyOf(external, calls);
    sites = new int[calls];
    for (int i = 0; i < calls; i++) {
      final int x = externalCalls[i];
      sites[i] = program.blockId(program.methodOf(x), program.block(x).successors().get(0));
    }
    final int nodes = untraced + 1;
    final int[] outStart = edges.starts(nodes);
    final int[] out = edges.targets(outStart);
    component = new int[nodes];
    components = Components.of(outStart, out, component).size();
    // Condensed edges, grouped by source component (a counting sort over the node edges).
    start = new int[components + 1];
    for (int v = 0; v < nodes; v++) {
      for (int e = outStart[v]; e < outStart[v + 1]; e++) {
        if (component[out[e]] != component[v]) {
          start[component[v] + 1]++;
        }
      }
    }
    for (int c = 0; c < components; c++) {
      start[c + 1] += start[c];
    }
    to = new int[start[components]];
    final int[] fill = Arrays.copyOf(start, components);
    for (int v = 0; v < nodes; v++) {
      for (int e = outStart[v]; e < outStart[v + 1]; e++) {
        if (component[out[e]] != component[v]) {
          to[fill[component[v]]++] = component[out[e]];
        }
      }
    }
  }

  /**
   * For each question, the untraced call blocks (in block order) whose return site can reach one of its
   * targets first, on paths that enter no held witness (the constructor's) and no target; a return site
   * that is a held witness itself is never one. Targets must not be held witnesses.
   */
  int[][] reaching(final List<int[]> targets) {
    final int[][] answers = new int[targets.size()][];
    final long[] reaches = new long[components];
    final int[] found = new int[externalCalls.length];
    for (int first = 0; first < targets.size(); first += Long.SIZE) {
      final int batch = Math.min(Long.SIZE, targets.size() - first);
      Arrays.fill(reaches, 0L);
      for (int q = 0; q < batch; q++) {
        for (final int w : targets.get(first + q)) {
          reaches[component[w]] |= 1L << q;
        }
      }
      // A component comes after every component it reaches: one sweep in that order closes the bits.
      for (int c = 0; c < components; c++) {
        long bits = reaches[c];
        for (int e = start[c]; e < start[c + 1]; e++) {
          bits |= reaches[to[e]];
        }
        reaches[c] = bits;
      }
      for (int q = 0; q < batch; q++) {
        int n = 0;
        for (int i = 0; i < externalCalls.length; i++) {
          if ((reaches[component[sites[i]]] & (1L << q)) != 0 && !held.get(sites[i])) {
            found[n++] = externalCalls[i];
          }
        }
        answers[first + q] = Arrays.copyOf(found, n);
      }
    }
    return answers;
  }

  private int exit(final int method) {
    return program.blockCount() + method;
  }

  /** The graph's edges as they are found, then as successor arrays; edges into a held witness are left out. */
  private static final class Edges {
    private final BitSet held;
    private int[] from = new int[1024];
    private int[] into = new int[1024];
    private int count;

    Edges(final BitSet held) {
      this.held = held;
    }

    void add(final int source, final int target) {
      if (held.get(target)) {
        return; // A path ends at a held witness: nothing continues through it.
      }
      if (count == from.length) {
        from = Arrays.copyOf(from, count * 2);
        into = Arrays.copyOf(into, count * 2);
      }
      from[count] = source;
      into[count++] = target;
    }

    /** Where each node's successors start in {@link #targets}, and the end at index {@code nodes}. */
    int[] starts(final int nodes) {
      final int[] start = new int[nodes + 1];
      for (int e = 0; e < count; e++) {
        start[from[e] + 1]++;
      }
      for (int v = 0; v < nodes; v++) {
        start[v + 1] += start[v];
      }
      return start;
    }

    /** The successors, grouped by source as {@code starts} places them. */
    int[] targets(final int[] start) {
      final int[] out = new int[count];
      final int[] fill = Arrays.copyOf(start, start.length - 1);
      for (int e = 0; e < count; e++) {
        out[fill[from[e]]++] = into[e];
      }
      return out;
    }
  }
}
