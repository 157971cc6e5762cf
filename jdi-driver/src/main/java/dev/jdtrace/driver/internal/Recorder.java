package dev.jdtrace.driver.internal;

import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import dev.jdtrace.driver.stream.ExceptionRecord;
import dev.jdtrace.driver.stream.HitVisitor;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns JDI thread mirrors into stream thread indices and forwards hits. Runs on the event thread only,
 * so it needs no locking.
 */
final class Recorder {
  private final HitVisitor out;
  private final Map<Long, Long> startOrder = new HashMap<>();
  private final Map<Long, Integer> index = new HashMap<>();
  private long started;
  private long hits;

  Recorder(final HitVisitor out) {
    this.out = out;
  }

  /** A thread started while traced. */
  void started(final ThreadReference thread) {
    startOrder.put(thread.uniqueID(), started++);
  }

  void hit(final ThreadReference thread, final int block) {
    out.hit(indexOf(thread), block);
    hits++;
  }

  void exception(final ThreadReference thread, final ExceptionRecord exception) {
    out.exception(indexOf(thread), exception);
  }

  private int indexOf(final ThreadReference thread) {
    Integer i = index.get(thread.uniqueID());
    if (i == null) {
      i = index.size();
      index.put(thread.uniqueID(), i);
      out.thread(i, nameOf(thread), startOrder.getOrDefault(thread.uniqueID(), -1L));
    }
    return i;
  }



  int threads() {
    return index.size();
  }

  long hits() {
    return hits;
  }

  /**
   * The name at the thread's first hit. Under SUSPEND_NONE the thread has run on, so a rename right
   * after its first traced block could be seen instead; DESIGN §4 names threads by that first block.
   */
  private static String nameOf(final ThreadReference thread) {
    try {
      return thread.name();
    } catch (final ObjectCollectedException | VMDisconnectedException e) {
      return "thread-" + thread.uniqueID();
    }
  }
}
