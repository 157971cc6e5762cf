package dev.jdtrace.reconstruct;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Final thread names (DESIGN §4): a thread keeps the name it had at its first traced block; threads
 * sharing a name get {@code #2}, {@code #3}, … in their start order. Threads alive before tracing began
 * come first, then by start order, then by first hit.
 */
public final class ThreadNames {
  private ThreadNames() {
  }

  /** The final name of each stream, in the order of {@code threads}. */
  public static List<String> assign(final List<ThreadStream> threads) {
    final Map<String, List<ThreadStream>> byName = new HashMap<>();
    for (final ThreadStream t : threads) {
      byName.computeIfAbsent(t.name(), k -> new ArrayList<>()).add(t);
    }
    final Map<ThreadStream, String> names = new IdentityHashMap<>();
    for (final List<ThreadStream> group : byName.values()) {
      group.sort(startOrder());
      for (int i = 0; i < group.size(); i++) {
        names.put(group.get(i), i == 0 ? group.get(i).name() : group.get(i).name() + "#" + (i + 1));
      }
    }
    return threads.stream().map(names::get).toList();
  }

  /** Threads alive before tracing first, then in start order, then by first hit. */
  public static Comparator<ThreadStream> startOrder() {
    return Comparator.comparingLong(ThreadStream::startOrder).thenComparingInt(ThreadStream::firstSeen);
  }
}
