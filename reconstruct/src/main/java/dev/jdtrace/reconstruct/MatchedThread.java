package dev.jdtrace.reconstruct;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One thread across all sessions. Threads are matched by their final name (DESIGN §2: the name at the
 * first traced block, with {@code #2}, {@code #3} in start order). A thread that hit no witness of a
 * session has an empty stream there. A wrong match cannot produce a wrong trace: the walk then finds
 * streams it cannot explain and reports a divergence.
 *
 * @param name the final thread name
 * @param streams the thread's stream in each session, in session order
 * @param startOrder the earliest start order seen, for ordering threads in the trace
 */
record MatchedThread(String name, List<ThreadStream> streams, long startOrder) {

  static List<MatchedThread> match(final List<SessionStreams> sessions) {
    final Map<String, ThreadStream[]> byName = new LinkedHashMap<>();
    final Map<String, Long> order = new LinkedHashMap<>();
    for (int s = 0; s < sessions.size(); s++) {
      final List<ThreadStream> threads = sessions.get(s).threads();
      final List<String> names = ThreadNames.assign(threads);
      for (int i = 0; i < threads.size(); i++) {
        byName.computeIfAbsent(names.get(i), k -> new ThreadStream[sessions.size()])[s] = threads.get(i);
        order.merge(names.get(i), threads.get(i).startOrder(), Math::min);
      }
    }
    final List<MatchedThread> out = new ArrayList<>();
    byName.forEach((name, streams) -> {
      final List<ThreadStream> list = new ArrayList<>();
      for (final ThreadStream t : streams) {
        list.add(t != null ? t : new ThreadStream(name, -1, -1, new int[0], List.of()));
      }
      out.add(new MatchedThread(name, list, order.get(name)));
    });
    // Threads alive before tracing (main) first, then by name: start order counts JVM-internal threads
    // too, so it differs between runs, and the trace must not depend on which run it came from.
    out.sort(Comparator.comparing((MatchedThread t) -> t.startOrder() >= 0).thenComparing(MatchedThread::name));
    return out;
  }
}
