package dev.jdtrace.distribute.realizable;

import dev.jdtrace.plan.optimal.AmbiguityException;
import dev.jdtrace.plan.optimal.DivergenceException;
import dev.jdtrace.plan.optimal.FirstWitnesses;
import dev.jdtrace.plan.optimal.FlowGraph;
import dev.jdtrace.plan.optimal.PathDecoder;
import dev.jdtrace.plan.optimal.WalkChoices;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * Rebuilds one method's block path from the streams of several sessions together: the reconstruction walk of
 * {@link PathDecoder} (seed Fig. 9) generalised to a distribution (DESIGN §2, "decoding as a walk").
 *
 * <p>Entering a block pops it from the head of every stream whose profile holds it (it must be the head there).
 * A choice is consistent iff it is consistent with every stream: its FIRST set in that session's profile holds
 * the stream's head, or {@link FirstWitnesses#END} once that stream is exhausted; stopping at the exit needs every
 * stream exhausted. Exactly one consistent choice: take it; none: {@link DivergenceException}; several:
 * {@link AmbiguityException} (the distribution was not realizable, see {@link DistributionRealizability}). At the
 * end the path is projected on each profile and must reproduce each stream exactly.
 *
 * <p>FIRST sets are computed once per session, on the first {@link #decode(List)}; a step costs
 * {@code O(d S log k)}. Not thread-safe.
 */
public final class DistributedPathDecoder {

  private final FlowGraph graph;
  private final boolean repeatable;
  private final List<BitSet> profiles;
  private List<FirstWitnesses> first;

  /**
   * Creates the decoder.
   *
   * @param graph the graph
   * @param repeatable whether runs are joined by the exit&rarr;entry edge
   * @param profiles one witness set per session (copied), in the order of the streams
   */
  public DistributedPathDecoder(final FlowGraph graph, final boolean repeatable, final List<BitSet> profiles) {
    this.graph = Objects.requireNonNull(graph, "Graph cannot be null");
    this.repeatable = repeatable;
    this.profiles = Objects.requireNonNull(profiles, "Profiles cannot be null").stream()
        .map(p -> (BitSet) Objects.requireNonNull(p, "Profile cannot be null").clone()).toList();
  }

  /**
   * Decodes the sessions' streams of one thread's execution.
   *
   * @param streams one stream per profile, same order
   * @return the path, entry first and exit last; with several runs, each exit is followed by the entry
   * @throws DivergenceException if the streams are not the projections of one path
   * @throws AmbiguityException if the distribution does not determine the path
   */
  public int[] decode(final List<int[]> streams) {
    if (Objects.requireNonNull(streams, "Streams cannot be null").size() != profiles.size()) {
      throw new IllegalArgumentException("need " + profiles.size() + " streams, got " + streams.size());
    }
    if (first == null) {
      first = profiles.stream().map(p -> new FirstWitnesses(graph, repeatable, p)).toList();
    }
    final int[] pos = new int[streams.size()];
    final List<Integer> path = new ArrayList<>();
    int unseen = 0;
    int v = graph.entry();
    if (!consistent(v, streams, pos)) {
      throw new DivergenceException("the streams cannot start at the entry " + v, -1, 0);
    }
    while (true) {
      path.add(v);
      boolean seen = false;
      for (int i = 0; i < streams.size(); i++) {
        if (profiles.get(i).get(v)) {
          final int[] s = streams.get(i);
          if (pos[i] >= s.length || s[pos[i]] != v) {
            throw new DivergenceException("reached witness " + v + " but stream " + i + " holds "
                + PathDecoder.head(s, pos[i]) + " at " + pos[i], v, pos[0]);
          }
          pos[i]++;
          seen = true;
        }
      }
      unseen = seen ? 0 : unseen + 1;
      if (unseen > graph.size() + 1) {
        throw new AmbiguityException("loop through " + v + " without a witness of any session", v, pos[0],
            List.of(v));
      }
      final int next = choose(v, streams, pos);
      if (next == FirstWitnesses.END) {
        break;
      }
      v = next;
    }
    final int[] result = path.stream().mapToInt(Integer::intValue).toArray();
    for (int i = 0; i < streams.size(); i++) {
      if (!Arrays.equals(PathDecoder.project(result, profiles.get(i)), streams.get(i))) {
        throw new IllegalStateException("decoded path does not reproduce stream " + i);
      }
    }
    return result;
  }

  private int choose(final int v, final List<int[]> streams, final int[] pos) {
    final List<Integer> ok = new ArrayList<>(2);
    for (final int c : WalkChoices.of(graph, repeatable, v)) {
      if (c == FirstWitnesses.END ? exhausted(streams, pos) : consistent(c, streams, pos)) {
        ok.add(c);
      }
    }
    if (ok.size() > 1) {
      throw new AmbiguityException("successors " + ok + " of " + v + " are consistent with every stream: the "
          + "distribution is not realizable", v, pos[0], ok);
    }
    if (ok.isEmpty()) {
      throw new DivergenceException("no successor of " + v + " is consistent with every stream", v, pos[0]);
    }
    return ok.get(0);
  }

  private boolean consistent(final int node, final List<int[]> streams, final int[] pos) {
    for (int i = 0; i < streams.size(); i++) {
      final int[] s = streams.get(i);
      if (!first.get(i).contains(node, pos[i] < s.length ? s[pos[i]] : FirstWitnesses.END)) {
        return false;
      }
    }
    return true;
  }

  private static boolean exhausted(final List<int[]> streams, final int[] pos) {
    for (int i = 0; i < streams.size(); i++) {
      if (pos[i] < streams.get(i).length) {
        return false;
      }
    }
    return true;
  }
}
