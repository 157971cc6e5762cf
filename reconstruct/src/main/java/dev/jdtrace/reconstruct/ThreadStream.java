package dev.jdtrace.reconstruct;

import dev.jdtrace.driver.stream.EndRecord;
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
 * @param end where the thread stood in traced code when the VM died, after its last event; {@code null}
 *     when it was not in traced code then (its path ended by returning, or by an uncaught exception)
 */
public record ThreadStream(String name, long startOrder, int firstSeen, int[] hits,
    List<ExceptionRecord> exceptions, EndRecord end) {

  public ThreadStream {
    exceptions = List.copyOf(exceptions);
  }

  /** A stream whose thread was not in traced code when the VM died. */
  public ThreadStream(final String name, final long startOrder, final int firstSeen, final int[] hits,
      final List<ExceptionRecord> exceptions) {
    this(name, startOrder, firstSeen, hits, exceptions, null);
  }

  /** Number of witness hits, exceptions not counted. */
  public int hitCount() {
    return hits.length - exceptions.size();
  }

  @Override
  public boolean equals(final Object o) {
    return o instanceof ThreadStream t && t.name.equals(name) && t.startOrder == startOrder
        && t.firstSeen == firstSeen && Arrays.equals(t.hits, hits) && t.exceptions.equals(exceptions)
        && java.util.Objects.equals(t.end, end);
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
