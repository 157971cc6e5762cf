package dev.jdtrace.reconstruct;

import dev.jdtrace.driver.stream.ExceptionRecord;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's witness hits in one session.
 *
 * @param name the thread's name at its first hit
 * @param startOrder position among threads started while traced, -1 when it was alive before
 * @param firstSeen position of the thread's first hit among the session's threads
 * @param hits the events in order: a global block id for a witness hit, or {@code -(k+1)} for the k-th
 *     entry of {@code exceptions}
 * @param exceptions the exception records the negative events refer to
 * @param start where a thread that was inside traced code when an attached session began starts its path
 *     ({@link dev.jdtrace.driver.stream.HitVisitor#start}), or {@code null} when it entered from untraced code
 * @param backAtStart whether such a thread ended the session back at its start stack
 */
public record ThreadStream(String name, long startOrder, int firstSeen, int[] hits,
    List<ExceptionRecord> exceptions, int[] start, boolean backAtStart) {

  public ThreadStream {
    exceptions = List.copyOf(exceptions);
  }

  /** A thread that entered traced code from untraced code. */
  public ThreadStream(final String name, final long startOrder, final int firstSeen, final int[] hits,
      final List<ExceptionRecord> exceptions) {
    this(name, startOrder, firstSeen, hits, exceptions, null, false);
  }

  /** The same thread under another name and start order (attach matches threads by rank). */
  public ThreadStream renamed(final String newName, final long newStartOrder) {
    return new ThreadStream(newName, newStartOrder, firstSeen, hits, exceptions, start, backAtStart);
  }

  /** Number of witness hits, exceptions not counted. */
  public int hitCount() {
    return hits.length - exceptions.size();
  }

  @Override
  public boolean equals(final Object o) {
    return o instanceof ThreadStream t && t.name.equals(name) && t.startOrder == startOrder
        && t.firstSeen == firstSeen && Arrays.equals(t.hits, hits) && t.exceptions.equals(exceptions)
        && Arrays.equals(t.start, start) && t.backAtStart == backAtStart;
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
