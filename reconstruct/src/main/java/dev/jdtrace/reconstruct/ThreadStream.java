package dev.jdtrace.reconstruct;

import java.util.Arrays;

/**
 * One thread's witness hits in one session.
 *
 * @param name the thread's name at its first hit
 * @param startOrder position among threads started while traced, -1 when it was alive before
 * @param firstSeen position of the thread's first hit among the session's threads
 * @param hits global block ids, in order
 */
public record ThreadStream(String name, long startOrder, int firstSeen, int[] hits) {

  @Override
  public boolean equals(final Object o) {
    return o instanceof ThreadStream t && t.name.equals(name) && t.startOrder == startOrder
        && t.firstSeen == firstSeen && Arrays.equals(t.hits, hits);
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + Arrays.hashCode(hits);
  }

  @Override
  public String toString() {
    return "ThreadStream[" + name + ", " + hits.length + " hits]";
  }
}
