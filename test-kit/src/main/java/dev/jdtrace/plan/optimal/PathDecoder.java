package dev.jdtrace.plan.optimal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * Rebuilds the block path of one method from its stream of witness hits: the seed paper's reconstruction walk
 * (Fig. 9), intraprocedural. The stream may hold several runs, joined by the exit&rarr;entry edge when the
 * method is {@code repeatable}.
 *
 * <p>The walk starts at the entry. Entering a witness pops it from the stream (it must be the head). At each
 * node it keeps the choices (see {@link WalkChoices}) consistent with the stream: those whose FIRST set holds
 * the head, or {@link FirstWitnesses#END} once the stream is exhausted; stopping at the exit is consistent only
 * with an exhausted stream. Exactly one: take it. None: {@link DivergenceException}. Several:
 * {@link AmbiguityException}. The walk never guesses. At the end the path, projected on the witnesses, must
 * equal the stream: a self-check that costs one pass.
 *
 * <p>FIRST sets are computed once, on the first {@link #decode(int[])}; a walk step then costs
 * {@code O(d log k)} for {@code d} choices and FIRST sets of size {@code k}. Not thread-safe.
 */
public final class PathDecoder {

  private final FlowGraph graph;
  private final boolean repeatable;
  private final BitSet witnesses;
  private FirstWitnesses first;

  /**
   * Creates the decoder.
   *
   * @param graph the graph
   * @param repeatable whether runs are joined by the exit&rarr;entry edge
   * @param witnesses the profile that produced the streams (copied)
   */
  public PathDecoder(final FlowGraph graph, final boolean repeatable, final BitSet witnesses) {
    this.graph = Objects.requireNonNull(graph, "Graph cannot be null");
    this.repeatable = repeatable;
    this.witnesses = (BitSet) Objects.requireNonNull(witnesses, "Witnesses cannot be null").clone();
  }

  /**
   * Decodes one stream.
   *
   * @param stream the witness hits, in order
   * @return the path, entry first and exit last; with several runs, each exit is followed by the entry
   * @throws DivergenceException if no path projects to the stream
   * @throws AmbiguityException if the profile does not determine the path
   */
  public int[] decode(final int[] stream) {
    Objects.requireNonNull(stream, "Stream cannot be null");
    if (first == null) {
      first = new FirstWitnesses(graph, repeatable, witnesses);
    }
    final IntList path = new IntList();
    int pos = 0;
    int unseen = 0;
    int v = graph.entry();
    if (!consistent(v, stream, pos)) {
      throw new DivergenceException("the stream cannot start at the entry " + v + ": head "
          + head(stream, pos), -1, pos);
    }
    while (true) {
      path.add(v);
      if (witnesses.get(v)) {
        if (pos >= stream.length || stream[pos] != v) {
          throw new DivergenceException("reached witness " + v + " but the stream holds "
              + head(stream, pos) + " at " + pos, v, pos);
        }
        pos++;
        unseen = 0;
      } else if (++unseen > graph.size() + 1) {
        throw new AmbiguityException("witness-free loop through " + v, v, pos, List.of(v));
      }
      final int next = choose(v, stream, pos);
      if (next == FirstWitnesses.END) {
        break;
      }
      v = next;
    }
    if (!Arrays.equals(project(path.toArray(), witnesses), stream)) {
      throw new IllegalStateException("decoded path does not reproduce its stream");
    }
    return path.toArray();
  }

  private int choose(final int v, final int[] stream, final int pos) {
    int chosen = Integer.MIN_VALUE;
    List<Integer> several = null;
    for (final int c : WalkChoices.of(graph, repeatable, v)) {
      final boolean ok = c == FirstWitnesses.END ? pos == stream.length : consistent(c, stream, pos);
      if (!ok) {
        continue;
      }
      if (chosen == Integer.MIN_VALUE) {
        chosen = c;
      } else {
        several = several == null ? new ArrayList<>(List.of(chosen)) : several;
        several.add(c);
      }
    }
    if (several != null) {
      throw new AmbiguityException("successors " + several + " of " + v + " are all consistent with "
          + head(stream, pos) + ": the profile is not realizable", v, pos, several);
    }
    if (chosen == Integer.MIN_VALUE) {
      throw new DivergenceException("no successor of " + v + " is consistent with " + head(stream, pos)
          + " at " + pos, v, pos);
    }
    return chosen;
  }

  private boolean consistent(final int node, final int[] stream, final int pos) {
    return first.contains(node, pos < stream.length ? stream[pos] : FirstWitnesses.END);
  }

  /** What a stream holds at a position, for a failure message. */
  public static String head(final int[] stream, final int pos) {
    return pos < stream.length ? "witness " + stream[pos] : "the end of the stream";
  }

  /** The stream a path yields under a profile: its witnesses, in order. */
  public static int[] project(final int[] path, final BitSet witnesses) {
    return Arrays.stream(path).filter(witnesses::get).toArray();
  }
}
