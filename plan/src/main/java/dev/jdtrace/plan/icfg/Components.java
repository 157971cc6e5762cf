package dev.jdtrace.plan.icfg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Strongly connected components of a graph given as successor arrays ({@code out[outStart[v]..outStart[v+1])}). */
final class Components {
  private Components() {
  }

  /**
   * Tarjan's strongly connected components, iteratively (call chains are deep): returns each component's
   * nodes in Tarjan's emission order, in which a component comes after every component it reaches, and
   * fills {@code component} with each node's index in that order.
   */
  static List<int[]> of(final int[] outStart, final int[] out, final int[] component) {
    final int nodes = component.length;
    final int[] index = new int[nodes];
    final int[] low = new int[nodes];
    Arrays.fill(index, -1);
    final boolean[] onStack = new boolean[nodes];
    final int[] stack = new int[nodes];
    int sp = 0;
    final int[] callNode = new int[nodes];
    final int[] callEdge = new int[nodes];
    final List<int[]> result = new ArrayList<>();
    int next = 0;
    for (int root = 0; root < nodes; root++) {
      if (index[root] >= 0) {
        continue;
      }
      int depth = 0;
      callNode[0] = root;
      callEdge[0] = outStart[root];
      index[root] = low[root] = next++;
      stack[sp++] = root;
      onStack[root] = true;
      while (depth >= 0) {
        final int v = callNode[depth];
        if (callEdge[depth] < outStart[v + 1]) {
          final int w = out[callEdge[depth]++];
          if (index[w] < 0) {
            index[w] = low[w] = next++;
            stack[sp++] = w;
            onStack[w] = true;
            depth++;
            callNode[depth] = w;
            callEdge[depth] = outStart[w];
          } else if (onStack[w]) {
            low[v] = Math.min(low[v], index[w]);
          }
          continue;
        }
        if (low[v] == index[v]) {
          int size = 0;
          while (stack[sp - 1 - size] != v) {
            size++;
          }
          size++;
          final int[] members = Arrays.copyOfRange(stack, sp - size, sp);
          sp -= size;
          for (final int m : members) {
            onStack[m] = false;
            component[m] = result.size();
          }
          result.add(members);
        }
        depth--;
        if (depth >= 0) {
          final int parent = callNode[depth];
          low[parent] = Math.min(low[parent], low[v]);
        }
      }
    }
    return result;
  }
}
