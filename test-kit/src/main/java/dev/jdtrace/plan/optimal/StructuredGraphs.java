package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds reducible control-flow graphs from structured constructs, driven by a list of small integers (a
 * "recipe"). jqwik shrinks the list (shorter, smaller numbers), and a shorter recipe builds a smaller program,
 * so a failing property shrinks to a small graph. Running out of recipe yields plain blocks.
 *
 * <p>Constructs: block, sequence, if/else (diamond), if without else (special diamond, Fig. 10), while loop,
 * do-while loop, switch (2-4 cases, optionally two cases on the same block, i.e. parallel edges, and a default
 * straight to the join), early return (edge to the exit), break and continue. The exit is node 0.
 */
public final class StructuredGraphs {

  private static final int CONSTRUCTS = 9;

  private final List<Integer> recipe;
  private final int maxNodes;
  private final int maxDepth;
  private final List<FlowEdge> edges = new ArrayList<>();
  private int cursor;
  private int nodes;

  private record Loop(int continueTarget, int breakTarget) {
  }

  private StructuredGraphs(final List<Integer> recipe, final int maxNodes, final int maxDepth) {
    this.recipe = recipe;
    this.maxNodes = maxNodes;
    this.maxDepth = maxDepth;
  }

  public static FlowGraph build(final List<Integer> recipe) {
    return build(recipe, 40, 4);
  }

  public static FlowGraph build(final List<Integer> recipe, final int maxNodes, final int maxDepth) {
    final StructuredGraphs b = new StructuredGraphs(recipe, maxNodes, maxDepth);
    final int exit = b.node();
    final int entry = b.stmt(exit, null, 0);
    return FlowGraph.of(b.nodes, entry, exit, b.edges);
  }

  private int next() {
    return cursor < recipe.size() ? Math.abs(recipe.get(cursor++)) : 0;
  }

  private int node() {
    return nodes++;
  }

  private void edge(final int from, final int to) {
    edges.add(new FlowEdge(from, to));
  }

  /** Compiles one statement that continues at {@code succ}; returns its first node. */
  private int stmt(final int succ, final Loop loop, final int depth) {
    final int kind = depth >= maxDepth || nodes >= maxNodes ? 0 : next() % CONSTRUCTS;
    switch (kind) {
      case 1 -> {
        return stmt(stmt(succ, loop, depth + 1), loop, depth + 1);
      }
      case 2 -> {
        final int c = node();
        edge(c, stmt(succ, loop, depth + 1));
        edge(c, stmt(succ, loop, depth + 1));
        return c;
      }
      case 3 -> {
        final int c = node();
        edge(c, stmt(succ, loop, depth + 1));
        edge(c, succ);
        return c;
      }
      case 4 -> {
        final int h = node();
        edge(h, stmt(h, new Loop(h, succ), depth + 1));
        edge(h, succ);
        return h;
      }
      case 5 -> {
        final int latch = node();
        final int body = stmt(latch, new Loop(latch, succ), depth + 1);
        edge(latch, body);
        edge(latch, succ);
        return body;
      }
      case 6 -> {
        final int s = node();
        final int cases = 2 + next() % 3;
        int firstCase = -1;
        for (int i = 0; i < cases; i++) {
          final int target = stmt(succ, loop, depth + 1);
          firstCase = i == 0 ? target : firstCase;
          edge(s, target);
        }
        if (next() % 2 == 1) {
          edge(s, firstCase);
        }
        if (next() % 2 == 1) {
          edge(s, succ);
        }
        return s;
      }
      case 7 -> {
        final int c = node();
        edge(c, 0);
        edge(c, succ);
        return c;
      }
      case 8 -> {
        final int c = node();
        if (loop != null) {
          edge(c, next() % 2 == 0 ? loop.breakTarget() : loop.continueTarget());
        }
        edge(c, succ);
        return c;
      }
      default -> {
        final int b = node();
        edge(b, succ);
        return b;
      }
    }
  }
}
