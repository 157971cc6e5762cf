package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.BlockEnd;
import dev.jdtrace.profiler.model.Program;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * FOLLOW sets: what can come first after a method returns, over every way it can be called. A direct
 * call continues at its return site; a callback returns into untraced code, which may call back again
 * ({@link FirstSets#EXTERNAL}), return to any untraced call's return site, or end the thread
 * ({@link FirstSets#EXIT} here means the end of the thread). The static conflict check substitutes these
 * for EXIT, so it never accepts what the walk would find ambiguous with the real stack.
 *
 * <p>The sets are the least solution of subset constraints: FOLLOW(callee) holds each return site's FIRST
 * set, and FOLLOW(caller) too when the return site can reach the caller's exit witness-free. Solved on
 * the strongly connected components of the "FOLLOW(caller) ⊆ FOLLOW(callee)" graph in topological order
 * (Tarjan), so each set is built once, by one merge of its inputs: {@code O(nodes + edges + Σ set sizes)}
 * instead of re-uniting every call site's set each time a worklist revisits a method. Methods of one
 * component share one set.
 */
final class FollowSets {
  private static final int[] NONE = {};
  /** Elements are block ids and the negative tokens down to this one; stamps index them shifted by it. */
  private static final int LOWEST_TOKEN = -8;

  private final int[][] follow;
  /** Index of the pseudo-method standing for "after any callback returns". */
  private final int callbackNode;

  FollowSets(final IcfgModel model) {
    final FirstSets first = model.first();
    final Program p = model.program();
    callbackNode = p.methods().size();
    final int nodes = callbackNode + 1;
    final Inputs in = new Inputs(nodes);
    in.local(callbackNode, new int[] {FirstSets.EXTERNAL, FirstSets.EXIT});
    for (int b = 0; b < p.blockCount(); b++) {
      final Block block = p.block(b);
      final int method = p.methodOf(b);
      for (final int clinit : model.clinits(b)) {
        in.add(clinit, first.after(b), method);
      }
      if (block.end() != BlockEnd.INVOKE || block.successors().isEmpty()) {
        continue;
      }
      final int[] ret = first.of(p.blockId(method, block.successors().get(0)));
      final CallTargets t = model.targets(b);
      if (t.external()) {
        in.add(callbackNode, ret, method);
      } else {
        for (final int target : t.traced()) {
          in.add(target, ret, method);
        }
      }
    }
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      in.local(m, new int[] {FirstSets.AFTER_CALLBACK});
    }
    follow = solve(in, p.blockCount());
  }

  /** Whether an element (witness or token) may come first after a callback returns. */
  boolean afterCallbacks(final int element) {
    return element == FirstSets.AFTER_CALLBACK || Arrays.binarySearch(follow[callbackNode], element) >= 0;
  }

  /** FOLLOW of a method: what may come first once it returns; EXIT means the thread may end. */
  int[] of(final int method) {
    return follow[method];
  }

  /**
   * A FIRST set of a block of {@code method} with EXIT replaced by what may follow the method's return;
   * EXIT in the result means the thread may end.
   */
  int[] substitute(final int[] set, final int method) {
    if (Arrays.binarySearch(set, FirstSets.EXIT) < 0) {
      return set;
    }
    final int[] rest = Arrays.stream(set).filter(x -> x != FirstSets.EXIT).toArray();
    return FirstSets.union(rest, follow[method]);
  }

  /** The constraints of each node: sets it holds, and the nodes whose FOLLOW it holds. */
  private static final class Inputs {
    /** Sets held as they are, except EXIT when {@link #exitless} says so. */
    final List<List<int[]>> sets = new ArrayList<>();
    /** Per node, whether EXIT of each set in {@link #sets} stands for the caller's FOLLOW instead. */
    final List<List<Boolean>> exitless = new ArrayList<>();
    /** Per node, the nodes whose FOLLOW it includes (the "from" side of each edge). */
    final int[][] from;
    final int[] fromCount;

    Inputs(final int nodes) {
      for (int i = 0; i < nodes; i++) {
        sets.add(new ArrayList<>(2));
        exitless.add(new ArrayList<>(2));
      }
      from = new int[nodes][];
      fromCount = new int[nodes];
      Arrays.fill(from, NONE);
    }

    /** A set the node holds as it is. */
    void local(final int node, final int[] set) {
      sets.get(node).add(set);
      exitless.get(node).add(false);
    }

    /** A FIRST set of a block of {@code caller} that continues, at its EXIT, with the caller's FOLLOW. */
    void add(final int node, final int[] set, final int caller) {
      final boolean exits = Arrays.binarySearch(set, FirstSets.EXIT) >= 0;
      if (!exits || set.length > 1) {
        sets.get(node).add(set);
        exitless.get(node).add(true);
      }
      if (exits) {
        if (fromCount[node] == from[node].length) {
          from[node] = Arrays.copyOf(from[node], Math.max(4, fromCount[node] * 2));
        }
        from[node][fromCount[node]++] = caller;
      }
    }
  }

  /** Least solution: components in topological order, each set one merge of its inputs. */
  private static int[][] solve(final Inputs in, final int blocks) {
    final int nodes = in.sets.size();
    final int[] component = new int[nodes];
    final List<int[]> members = components(in, component);
    final int[][] follow = new int[nodes][];
    final int[][] byComponent = new int[members.size()][];
    final int[] stamp = new int[blocks - LOWEST_TOKEN];
    final int[] componentStamp = new int[members.size()];
    int[] buffer = new int[64];
    // Tarjan emits a component after every component it reaches; edges run from the included FOLLOW to
    // the including one, so the last emitted comes first.
    for (int c = members.size() - 1; c >= 0; c--) {
      final int mark = members.size() - c;
      int n = 0;
      for (final int v : members.get(c)) {
        final List<int[]> sets = in.sets.get(v);
        for (int s = 0; s < sets.size(); s++) {
          final boolean exitless = in.exitless.get(v).get(s);
          for (final int e : sets.get(s)) {
            if ((e == FirstSets.EXIT && exitless) || stamp[e - LOWEST_TOKEN] == mark) {
              continue;
            }
            stamp[e - LOWEST_TOKEN] = mark;
            if (n == buffer.length) {
              buffer = Arrays.copyOf(buffer, n * 2);
            }
            buffer[n++] = e;
          }
        }
        for (int i = 0; i < in.fromCount[v]; i++) {
          final int u = component[in.from[v][i]];
          if (u == c || componentStamp[u] == mark) {
            continue;
          }
          componentStamp[u] = mark;
          for (final int e : byComponent[u]) {
            if (stamp[e - LOWEST_TOKEN] != mark) {
              stamp[e - LOWEST_TOKEN] = mark;
              if (n == buffer.length) {
                buffer = Arrays.copyOf(buffer, n * 2);
              }
              buffer[n++] = e;
            }
          }
        }
      }
      final int[] set = n == 0 ? NONE : Arrays.copyOf(buffer, n);
      Arrays.sort(set);
      byComponent[c] = set;
      for (final int v : members.get(c)) {
        follow[v] = set;
      }
    }
    return follow;
  }

  /** The strongly connected components ({@link Components#of}) over the edges {@code from[v] -> v}. */
  private static List<int[]> components(final Inputs in, final int[] component) {
    final int nodes = component.length;
    // Successors: v -> w when v is in from[w].
    final int[] outCount = new int[nodes];
    for (int w = 0; w < nodes; w++) {
      for (int i = 0; i < in.fromCount[w]; i++) {
        outCount[in.from[w][i]]++;
      }
    }
    final int[] outStart = new int[nodes + 1];
    for (int v = 0; v < nodes; v++) {
      outStart[v + 1] = outStart[v] + outCount[v];
    }
    final int[] out = new int[outStart[nodes]];
    final int[] fill = Arrays.copyOf(outStart, nodes);
    for (int w = 0; w < nodes; w++) {
      for (int i = 0; i < in.fromCount[w]; i++) {
        out[fill[in.from[w][i]]++] = w;
      }
    }
    return Components.of(outStart, out, component);
  }
}
