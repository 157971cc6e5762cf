package dev.jdtrace.reconstruct;

import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;
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
 *     ({@link dev.jdtrace.trace.stream.HitVisitor#start}), or {@code null} when it entered from untraced code
 * @param backAtStart whether such a thread ended the session back at its start stack
 * @param end where the thread stood in traced code when the VM died, after its last event; {@code null}
 *     when it was not in traced code then (its path ended by returning, or by an uncaught exception)
 * @param windows for a {@code --within} session, per window of the thread in order, the position in {@code hits}
 *     where it begins and the entry block of its method, alternating; {@code null} when the whole run was recorded
 */
public record ThreadStream(String name, long startOrder, int firstSeen, int[] hits,
    List<ExceptionRecord> exceptions, int[] start, boolean backAtStart, EndRecord end, int[] windows) {

  public ThreadStream {
    exceptions = List.copyOf(exceptions);
  }

  /** A thread of a session that recorded the whole run. */
  public ThreadStream(final String name, final long startOrder, final int firstSeen, final int[] hits,
      final List<ExceptionRecord> exceptions, final int[] start, final boolean backAtStart, final EndRecord end) {
    this(name, startOrder, firstSeen, hits, exceptions, start, backAtStart, end, null);
  }

  /** Number of {@code --within} windows. */
  public int windowCount() {
    return windows == null ? 0 : windows.length / 2;
  }

  /**
   * The thread's {@code k}-th window as a stream of its own: its hits and exceptions, and the thread's end when it
   * is the last window (the VM died inside it).
   */
  public ThreadStream window(final int k) {
    final int from = windows[2 * k];
    final int to = k + 1 < windowCount() ? windows[2 * k + 2] : hits.length;
    final int[] part = Arrays.copyOfRange(hits, from, to);
    final List<ExceptionRecord> thrown = new java.util.ArrayList<>();
    for (int i = 0; i < part.length; i++) {
      if (part[i] < 0) {
        thrown.add(exceptions.get(-part[i] - 1));
        part[i] = -thrown.size();
      }
    }
    return new ThreadStream(name, startOrder, firstSeen, part, thrown, null, false,
        k + 1 == windowCount() ? end : null);
  }

  /** The entry block of the method whose call is the thread's {@code k}-th window. */
  public int windowEntry(final int k) {
    return windows[2 * k + 1];
  }

  /** A thread that entered traced code from untraced code and was not in it when the VM died. */
  public ThreadStream(final String name, final long startOrder, final int firstSeen, final int[] hits,
      final List<ExceptionRecord> exceptions) {
    this(name, startOrder, firstSeen, hits, exceptions, null, false, null);
  }

  /** A thread that entered traced code from untraced code, standing where {@code end} says when the VM died. */
  public ThreadStream(final String name, final long startOrder, final int firstSeen, final int[] hits,
      final List<ExceptionRecord> exceptions, final EndRecord end) {
    this(name, startOrder, firstSeen, hits, exceptions, null, false, end);
  }

  /** A thread of an attached session, which holds no end record. */
  public ThreadStream(final String name, final long startOrder, final int firstSeen, final int[] hits,
      final List<ExceptionRecord> exceptions, final int[] start, final boolean backAtStart) {
    this(name, startOrder, firstSeen, hits, exceptions, start, backAtStart, null);
  }

  /** The same thread under another name and start order (attach matches threads by rank). */
  public ThreadStream renamed(final String newName, final long newStartOrder) {
    return new ThreadStream(newName, newStartOrder, firstSeen, hits, exceptions, start, backAtStart, end, windows);
  }

  /** Number of witness hits, exceptions not counted. */
  public int hitCount() {
    return hits.length - exceptions.size();
  }

  @Override
  public boolean equals(final Object o) {
    return o instanceof ThreadStream t && t.name.equals(name) && t.startOrder == startOrder
        && t.firstSeen == firstSeen && Arrays.equals(t.hits, hits) && t.exceptions.equals(exceptions)
        && Arrays.equals(t.start, start) && t.backAtStart == backAtStart && java.util.Objects.equals(t.end, end)
        && Arrays.equals(t.windows, windows);
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
