package dev.jdtrace.reconstruct;

import dev.jdtrace.collect.AttachResult;
import dev.jdtrace.collect.ThreadActivity;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.trace.stream.HitVisitor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Matches the threads of attached sessions. A server's traced work runs on pool or per-request threads
 * whose names change from session to session, so names cannot match them. Instead a thread's identity is
 * where it started and its rank: threads are grouped by their start stack (the threads that entered
 * traced code after the attach form one group; each stack that threads already inside traced code stood
 * at forms another), and rank r of a group is the r-th of its threads to begin running in the session.
 * Rank r of a group in every session is one thread of the trace, named as in session 0.
 *
 * <p>Ranks are only well defined when the threads of a group ran one after another. So with more than
 * one session, any two threads of a group whose traced activity interleaves are refused as a divergence,
 * and so are sessions whose groups differ (a thread started from another stack) or hold different numbers
 * of threads. Threads of different groups may run at once: a request loop hands work to pool threads. A
 * match that passes these checks but is still wrong (say, two requests handled in the opposite order)
 * gives streams the decoding walk cannot explain together, also a divergence. One session needs no
 * match: its threads keep their names.
 */
public final class AttachedThreads {
  /** The group of the threads that entered traced code from untraced code after the attach. */
  private static final String ENTERED = "entered traced code after the attach";

  private AttachedThreads() {
  }

  /**
   * The renamed streams.
   *
   * @param streams per session, the threads kept, renamed by group and rank
   * @param threads threads kept
   * @param leftOut threads left out because a guardrail cut them or cut their session short
   */
  public record Matched(List<SessionStreams> streams, int threads, int leftOut) {
  }

  static Matched match(final List<AttachResult> results, final List<SessionStreams> sessions,
      final boolean allowTruncated) {
    return match(results, sessions, allowTruncated, Arrays::toString);
  }

  /** Matches the threads of attached sessions; a message names a start stack by the program's methods. */
  public static Matched match(final List<AttachResult> results, final List<SessionStreams> sessions,
      final boolean allowTruncated, final Program program) {
    return match(results, sessions, allowTruncated, stack -> describe(program, stack));
  }

  /**
   * Matches the threads.
   *
   * @param stacks how to name a start stack in a message
   */
  static Matched match(final List<AttachResult> results, final List<SessionStreams> sessions,
      final boolean allowTruncated, final Function<int[], String> stacks) {
    final boolean truncated = allowTruncated && results.stream().anyMatch(r -> r.truncated() != null);
    // Per session: group -> stream indices in order of first event.
    final List<Map<String, List<Integer>>> groups = new ArrayList<>();
    for (final SessionStreams s : sessions) {
      final Map<String, List<Integer>> g = new LinkedHashMap<>();
      for (int i = 0; i < s.threads().size(); i++) {
        g.computeIfAbsent(group(s.threads().get(i), stacks), k -> new ArrayList<>()).add(i);
      }
      groups.add(g);
    }
    final Map<String, Integer> ranks = new LinkedHashMap<>();
    int most = 0;
    for (int s = 0; s < sessions.size(); s++) {
      most = Math.max(most, sessions.get(s).threads().size());
      if (sessions.size() > 1) {
        for (final List<Integer> members : groups.get(s).values()) {
          checkOneAfterAnother(results.get(s), members);
        }
      }
    }
    for (final String key : groups.get(0).keySet()) {
      ranks.put(key, groups.stream().mapToInt(g -> g.getOrDefault(key, List.of()).size()).min().orElse(0));
    }
    for (int s = 0; s < sessions.size(); s++) {
      for (final Map.Entry<String, List<Integer>> e : groups.get(s).entrySet()) {
        final int n = e.getValue().size();
        if (!ranks.containsKey(e.getKey()) || ranks.get(e.getKey()) != n) {
          if (!truncated) {
            throw differ(groups, e.getKey(), s);
          }
          ranks.putIfAbsent(e.getKey(), 0);
        }
      }
    }
    final List<List<ThreadStream>> kept = new ArrayList<>();
    sessions.forEach(x -> kept.add(new ArrayList<>()));
    int order = 0;
    for (final Map.Entry<String, Integer> e : ranks.entrySet()) {
      for (int rank = 0; rank < e.getValue(); rank++) {
        if (cutAnywhere(results, groups, e.getKey(), rank)) {
          continue;
        }
        final String name = sessions.get(0).threads().get(groups.get(0).get(e.getKey()).get(rank)).name();
        for (int s = 0; s < sessions.size(); s++) {
          kept.get(s).add(sessions.get(s).threads().get(groups.get(s).get(e.getKey()).get(rank)).renamed(name, order));
        }
        order++;
      }
    }
    final List<SessionStreams> out = new ArrayList<>();
    for (int s = 0; s < sessions.size(); s++) {
      out.add(new SessionStreams(sessions.get(s).planId(), sessions.get(s).session(), kept.get(s),
          sessions.get(s).run()));
    }
    return new Matched(out, order, most - order);
  }

  private static String group(final ThreadStream t, final Function<int[], String> stacks) {
    return t.start() == null ? ENTERED : "started inside traced code at " + stacks.apply(t.start());
  }

  /** A start stack for people: each traced frame's method and call offset, bottom to top. */
  private static String describe(final Program program, final int[] stack) {
    final StringBuilder sb = new StringBuilder();
    for (final int frame : stack) {
      sb.append(sb.length() == 0 ? "" : " > ");
      if (frame == HitVisitor.UNTRACED) {
        sb.append("untraced code");
      } else {
        sb.append(program.methodOfBlock(frame).id()).append(" bci ").append(program.block(frame).endBci());
      }
    }
    return sb.toString();
  }

  /** Whether a guardrail cut the thread of this group and rank in some session. */
  private static boolean cutAnywhere(final List<AttachResult> results, final List<Map<String, List<Integer>>> groups,
      final String key, final int rank) {
    for (int s = 0; s < groups.size(); s++) {
      final AttachResult r = results.get(s);
      final List<Integer> members = groups.get(s).get(key);
      if (r.truncated() != null && members != null && r.cutThreads().contains(members.get(rank))) {
        return true;
      }
    }
    return false;
  }

  private static ReconstructionException differ(final List<Map<String, List<Integer>>> groups, final String key,
      final int session) {
    final Set<String> keys = new HashSet<>();
    groups.forEach(g -> keys.addAll(g.keySet()));
    if (key.equals(ENTERED) || keys.size() == 1) {
      final int least = groups.stream().mapToInt(g -> g.getOrDefault(key, List.of()).size()).min().orElse(0);
      final int most = groups.stream().mapToInt(g -> g.getOrDefault(key, List.of()).size()).max().orElse(0);
      return new ReconstructionException("the sessions recorded different numbers of threads (from " + least + " to "
          + most + ") that " + key + ": attach matches threads by the order in which they began traced code, so "
          + "every session's trigger must make the same threads run traced code");
    }
    return new ReconstructionException("diverged: session " + session + " recorded a thread that " + key + " but "
        + "not as many other sessions did: every session must start a looping thread from the same stack (the "
        + "same methods and offsets); send each session the same request while the server waits in the same place");
  }

  private static void checkOneAfterAnother(final AttachResult r, final List<Integer> members) {
    final List<ThreadActivity> a = r.activity();
    for (int i = 0; i + 1 < members.size(); i++) {
      final ThreadActivity x = a.get(members.get(i));
      final ThreadActivity y = a.get(members.get(i + 1));
      if (x.overlaps(y)) {
        throw new ThreadsOverlapException(x.name(), y.name(), r.run().session(), r.target());
      }
    }
  }
}
