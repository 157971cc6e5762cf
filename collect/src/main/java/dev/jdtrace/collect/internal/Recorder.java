package dev.jdtrace.collect.internal;

import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import dev.jdtrace.collect.ThreadActivity;
import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;
import dev.jdtrace.trace.stream.HitVisitor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns JDI thread mirrors into stream thread indices and forwards hits. Runs on the event thread only,
 * so it needs no locking. An attach marks the threads that were inside traced code when it began: their
 * paths cannot be started exactly, so their events are dropped. For each recorded thread it keeps the
 * positions of its first and last event in the session, so an attach can tell whether threads ran
 * traced code one after another. A thread at rest inside traced code when an attach began is recorded
 * from where it stands: its start stack is written with its first event, and only once it has one.
 *
 * <p>An attach sets its breakpoints while the target runs, then cuts: with the VM suspended it reads every
 * thread's stack and gives each thread a fence, a request whose event can only come after the cut (see
 * {@link Attachment#begin}). Until then nothing is recorded; after it, a thread that existed at the cut is
 * recorded only from its fence on, and a thread the cut did not see only if it started after the cut.
 */
final class Recorder {
  private final HitVisitor out;
  private final Map<Long, Long> startOrder = new HashMap<>();
  private final Map<Long, Integer> index = new HashMap<>();
  private final Set<Long> ignored = new HashSet<>();
  /** Attach: whether the cut has happened; until then nothing is recorded. */
  private boolean cutDone = true;
  /** Attach, after the cut: threads it saw, and those started since, to be recorded once past their fences. */
  private Set<Long> known;
  /** Attach, after the cut: threads whose events before their fences were raised before the cut. */
  private final Set<Long> fenced = new HashSet<>();
  /** Attach: whether some thread's fence came, so that every event raised before the cut has come. */
  private boolean fencePassed;
  /**
   * Attach, after the last look before the detach: until a detach fence comes, every event that comes was raised
   * before the look (see {@link Attachment#cut}); once one came, every later one after it, and nothing is recorded.
   */
  private boolean closing;
  private boolean closed;
  /** Threads at rest inside traced code at the attach, to their start stacks. */
  private final Map<Long, int[]> starts = new HashMap<>();
  private final List<String> names = new ArrayList<>();
  /** Per stream thread index: positions of its first and last event among the session's events. */
  private long[] first = new long[16];
  private long[] last = new long[16];
  /** The thread of the last event and its index: hits come in runs per thread, so most skip the map. */
  private ThreadReference lastThread;
  private int lastIndex;
  private long started;
  private long hits;
  private long events;

  Recorder(final HitVisitor out) {
    this.out = out;
  }

  /** A thread started while traced. */
  void started(final ThreadReference thread) {
    if (closed) {
      return; // started after the last look: not recorded
    }
    startOrder.put(thread.uniqueID(), started++);
    if (known != null) {
      known.add(thread.uniqueID()); // (only thread starts after the cut are requested)
    }
  }

  /** Attach: records nothing until {@link #cut}. */
  void awaitCut() {
    cutDone = false;
  }

  /**
   * Attach: the cut. Only these threads, and those started after it, are recorded from now on, each from its
   * fence on (threads without a fence are ignored).
   *
   * @param seen every thread the cut saw
   * @param fences those given a fence
   */
  void cut(final Set<Long> seen, final Set<Long> fences) {
    known = new HashSet<>(seen);
    fenced.addAll(fences);
    for (final long id : seen) {
      if (!fences.contains(id)) {
        ignored.add(id);
      }
    }
    cutDone = true;
  }

  /** Attach, after the cut: whether some thread's fence has not come yet. */
  boolean awaitsFences() {
    return !fenced.isEmpty();
  }

  /** The thread's fence came: its later events were raised after the cut. */
  void passed(final ThreadReference thread) {
    fenced.remove(thread.uniqueID());
  }

  /**
   * The thread's fence came, a request made at the cut whose event is raised after it: the agent sends its events in
   * the order they were queued (one queue, one sender), so every event raised before the cut has come too.
   */
  void fenceCame(final ThreadReference thread) {
    fencePassed = true;
    passed(thread);
  }

  /** Attach: whether a fence came since the cut: then no event raised before the cut is still on its way. */
  boolean fencePassed() {
    return fencePassed;
  }

  /** Attach, at the last look before the detach: the events still to come are recorded until a detach fence comes. */
  void closing() {
    closing = true;
  }

  /** Whether the last look gave detach fences and none has come yet. */
  boolean awaitsDetachFence() {
    return closing && !closed;
  }

  /** A detach fence came: every event raised before the last look has come, and no later one is recorded. */
  void detachFenceCame() {
    closed = true;
  }

  /** Whether a detach fence came. */
  boolean closed() {
    return closed;
  }

  /** Drops every later event of this thread. */
  void ignore(final ThreadReference thread) {
    ignored.add(thread.uniqueID());
  }

  /** Records a thread that is at rest inside traced code from where it stands. */
  void startAt(final ThreadReference thread, final int[] frames) {
    starts.put(thread.uniqueID(), frames);
  }

  /** The start stack of a thread that was inside traced code at the attach, or {@code null}. */
  int[] startOf(final ThreadReference thread) {
    return starts.isEmpty() ? null : starts.get(thread.uniqueID());
  }

  /** A thread recorded from its start stack has left it: it belongs in the stream even without a hit yet. */
  void woke(final ThreadReference thread) {
    if (records(thread)) {
      seen(thread);
    }
  }

  /** The thread is back at its start stack as the session ends. */
  void backAtStart(final ThreadReference thread) {
    final int i = indexIfSeen(thread);
    if (i >= 0) {
      out.backAtStart(i);
    }
  }

  /** Whether the thread's events are recorded. */
  boolean records(final ThreadReference thread) {
    if (!cutDone || closed) {
      return false;
    }
    if (known == null) {
      // Launched sessions ignore no thread: spare them a boxed lookup on every hit.
      return ignored.isEmpty() || !ignored.contains(thread.uniqueID());
    }
    final long id = thread.uniqueID();
    return known.contains(id) && !fenced.contains(id) && !ignored.contains(id);
  }

  /**
   * Whether events of the thread may still be recorded: {@link #records}, or, after an attach's cut, a thread not
   * known yet (its start event may be on its way) that is neither ignored nor before its fence.
   */
  boolean mayRecord(final ThreadReference thread) {
    if (closed) {
      return false;
    }
    if (known == null || !cutDone) {
      return records(thread);
    }
    final long id = thread.uniqueID();
    return !fenced.contains(id) && !ignored.contains(id);
  }

  void hit(final ThreadReference thread, final int block) {
    if (records(thread)) {
      out.hit(seen(thread), block);
      hits++;
    }
  }

  /** A --within window of the thread begins at this entry block. */
  void window(final ThreadReference thread, final int entry) {
    if (records(thread)) {
      out.window(seen(thread), entry);
    }
  }

  void exception(final ThreadReference thread, final ExceptionRecord exception) {
    if (records(thread)) {
      out.exception(seen(thread), exception);
    }
  }

  /** The thread's stack at VM death: its last record. */
  void ended(final ThreadReference thread, final EndRecord end) {
    out.end(seen(thread), end);
  }

  /** The stream index of a recorded thread, or -1 when it has no event yet. */
  int indexIfSeen(final ThreadReference thread) {
    return index.getOrDefault(thread.uniqueID(), -1);
  }

  /** Per recorded thread, in stream index order: when its first and last events came. */
  List<ThreadActivity> activity() {
    final List<ThreadActivity> out = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      out.add(new ThreadActivity(names.get(i), first[i], last[i]));
    }
    return out;
  }

  private int seen(final ThreadReference thread) {
    final int i = indexOf(thread);
    last[i] = events++;
    return i;
  }

  private int indexOf(final ThreadReference thread) {
    // JDI keeps one mirror per live thread, so identity is enough for the common case.
    if (thread == lastThread) {
      return lastIndex;
    }
    lastIndex = indexSlow(thread);
    lastThread = thread;
    return lastIndex;
  }

  private int indexSlow(final ThreadReference thread) {
    Integer i = index.get(thread.uniqueID());
    if (i == null) {
      i = index.size();
      index.put(thread.uniqueID(), i);
      final String name = nameOf(thread);
      if (i == first.length) {
        first = Arrays.copyOf(first, i * 2);
        last = Arrays.copyOf(last, i * 2);
      }
      first[i] = events;
      names.add(name);
      out.thread(i, name, startOrder.getOrDefault(thread.uniqueID(), -1L));
      final int[] start = startOf(thread);
      if (start != null) {
        out.start(i, start);
      }
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
