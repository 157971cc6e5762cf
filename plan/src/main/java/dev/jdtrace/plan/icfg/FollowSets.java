package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
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
    this(model, Returns.of(model.structure()));
  }

  /** The FOLLOW sets of a model whose structure's returns are already indexed. */
  FollowSets(final IcfgModel model, final Returns returns) {
    final FirstSets first = model.first();
    final Program p = model.program();
    callbackNode = p.methods().size();
    final BitSet callbacks = model.callbacks();
    final Inputs in = new Inputs(callbackNode + 1, returns.node.length + callbacks.cardinality() + 1);
    in.local(callbackNode, new int[] {FirstSets.EXTERNAL, FirstSets.EXIT});
    for (int i = 0; i < returns.node.length; i++) {
      final int b = returns.block[i];
      // A class initialiser continues with what the block that started it does next; that is the block's
      // FIRST set unless the block is a witness itself.
      final int[] set = returns.afterBlock[i] && model.isWitness(b) ? first.after(b) : first.of(b);
      in.add(returns.node[i] == Returns.CALLBACKS ? callbackNode : returns.node[i], set, returns.caller[i]);
    }
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      in.local(m, new int[] {FirstSets.AFTER_CALLBACK});
    }
    follow = solve(in.grouped(), p.blockCount());
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

  /**
   * Where each method returns to, from the structure alone, so that the repair rounds of one plan share it:
   * entry {@code i} says that FOLLOW of {@code node[i]} holds the FIRST set of {@code block[i]} (of the
   * caller's method {@code caller[i]}), continued at its EXIT with the caller's FOLLOW. Calls return to their
   * return site; a class initialiser returns into the block that started it ({@code afterBlock}), a call
   * into untraced code to the untraced code that runs callbacks ({@link #CALLBACKS}).
   */
  record Returns(int[] node, int[] block, int[] caller, boolean[] afterBlock) {
    /** The node standing for "after any callback returns". */
    static final int CALLBACKS = -1;

    static Returns of(final IcfgModel.Structure structure) {
      final Program p = structure.program();
      int n = 0;
      for (int b = 0; b < p.blockCount(); b++) {
        n += structure.clinits()[b].length;
        final CallTargets t = structure.targets()[b];
        if (t != null) {
          n += t.external() ? 1 : t.traced().size();
        }
      }
      final int[] node = new int[n];
      final int[] block = new int[n];
      final int[] caller = new int[n];
      final boolean[] afterBlock = new boolean[n];
      int i = 0;
      for (int b = 0; b < p.blockCount(); b++) {
        final int m = p.methodOf(b);
        for (final int clinit : structure.clinits()[b]) {
          node[i] = clinit;
          block[i] = b;
          caller[i] = m;
          afterBlock[i++] = true;
        }
        if (p.end(b) != BlockEnd.INVOKE || p.successorCount(b) == 0) {
          continue;
        }
        final int site = p.successor(b, 0);
        final CallTargets t = structure.targets()[b];
        if (t.external()) {
          node[i] = CALLBACKS;
          block[i] = site;
          caller[i++] = m;
        } else {
          for (final int target : t.traced()) {
            node[i] = target;
            block[i] = site;
            caller[i++] = m;
          }
        }
      }
      return new Returns(Arrays.copyOf(node, i), Arrays.copyOf(block, i), Arrays.copyOf(caller, i),
          Arrays.copyOf(afterBlock, i));
    }
  }

  /** The constraints as they are found: sets nodes hold, and the nodes whose FOLLOW they hold. */
  private static final class Inputs {
    private final int nodes;
    /** Set constraints: {@code setNode[i]} holds {@code sets[i]}, without EXIT when {@code exitless[i]}. */
    private final int[] setNode;
    private final int[][] sets;
    private final boolean[] exitless;
    private int setCount;
    /** Edges: FOLLOW of {@code edgeNode[i]} includes FOLLOW of {@code edgeFrom[i]}. */
    private final int[] edgeNode;
    private final int[] edgeFrom;
    private int edgeCount;

    Inputs(final int nodes, final int capacity) {
      this.nodes = nodes;
      setNode = new int[capacity];
      sets = new int[capacity][];
      exitless = new boolean[capacity];
      edgeNode = new int[capacity];
      edgeFrom = new int[capacity];
    }

    /** A set the node holds as it is. */
    void local(final int node, final int[] set) {
      setNode[setCount] = node;
      sets[setCount] = set;
      exitless[setCount++] = false;
    }

    /** A FIRST set of a block of {@code caller} that continues, at its EXIT, with the caller's FOLLOW. */
    void add(final int node, final int[] set, final int caller) {
      final boolean exits = Arrays.binarySearch(set, FirstSets.EXIT) >= 0;
      if (!exits || set.length > 1) {
        setNode[setCount] = node;
        sets[setCount] = set;
        exitless[setCount++] = true;
      }
      if (exits) {
        edgeNode[edgeCount] = node;
        edgeFrom[edgeCount++] = caller;
      }
    }

    /** The constraints grouped by node, in the order they were found. */
    Grouped grouped() {
      final int[] setStart = starts(setNode, setCount);
      final int[] setOrder = order(setNode, setCount, setStart);
      final int[][] groupedSets = new int[setCount][];
      final boolean[] groupedExitless = new boolean[setCount];
      for (int i = 0; i < setCount; i++) {
        groupedSets[i] = sets[setOrder[i]];
        groupedExitless[i] = exitless[setOrder[i]];
      }
      final int[] fromStart = starts(edgeNode, edgeCount);
      final int[] fromOrder = order(edgeNode, edgeCount, fromStart);
      final int[] from = new int[edgeCount];
      for (int i = 0; i < edgeCount; i++) {
        from[i] = edgeFrom[fromOrder[i]];
      }
      return new Grouped(setStart, groupedSets, groupedExitless, fromStart, from);
    }

    private int[] starts(final int[] node, final int count) {
      final int[] start = new int[nodes + 1];
      for (int i = 0; i < count; i++) {
        start[node[i] + 1]++;
      }
      for (int v = 0; v < nodes; v++) {
        start[v + 1] += start[v];
      }
      return start;
    }

    /** The indices of the constraints, grouped by node (a stable counting sort). */
    private static int[] order(final int[] node, final int count, final int[] start) {
      final int[] fill = Arrays.copyOf(start, start.length - 1);
      final int[] order = new int[count];
      for (int i = 0; i < count; i++) {
        order[fill[node[i]]++] = i;
      }
      return order;
    }
  }

  /**
   * The constraints of each node: the sets {@code sets[setStart[v]..setStart[v+1])} (EXIT dropped where
   * {@code exitless}), and the nodes {@code from[fromStart[v]..fromStart[v+1])} whose FOLLOW it includes.
   */
  private record Grouped(int[] setStart, int[][] sets, boolean[] exitless, int[] fromStart, int[] from) {
  }

  /** Least solution: components in topological order, each set one merge of its inputs. */
  private static int[][] solve(final Grouped in, final int blocks) {
    final int nodes = in.setStart().length - 1;
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
        for (int s = in.setStart()[v]; s < in.setStart()[v + 1]; s++) {
          final boolean exitless = in.exitless()[s];
          for (final int e : in.sets()[s]) {
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
        for (int i = in.fromStart()[v]; i < in.fromStart()[v + 1]; i++) {
          final int u = component[in.from()[i]];
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
  private static List<int[]> components(final Grouped in, final int[] component) {
    final int nodes = component.length;
    // Successors: v -> w when v is in from[w].
    final int[] outCount = new int[nodes];
    for (int w = 0; w < nodes; w++) {
      for (int i = in.fromStart()[w]; i < in.fromStart()[w + 1]; i++) {
        outCount[in.from()[i]]++;
      }
    }
    final int[] outStart = new int[nodes + 1];
    for (int v = 0; v < nodes; v++) {
      outStart[v + 1] = outStart[v] + outCount[v];
    }
    final int[] out = new int[outStart[nodes]];
    final int[] fill = Arrays.copyOf(outStart, nodes);
    for (int w = 0; w < nodes; w++) {
      for (int i = in.fromStart()[w]; i < in.fromStart()[w + 1]; i++) {
        out[fill[in.from()[i]]++] = w;
      }
    }
    return Components.of(outStart, out, component);
  }
}
