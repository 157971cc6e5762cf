package dev.jdtrace.collect.internal;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.collect.Within;
import dev.jdtrace.plan.Bytecode;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The windows of a {@code --within} session: which threads are inside a call of a matching method, and the
 * requests that cost only while one is. A window opens at a breakpoint on the method's entry (bci 0) when the
 * thread is in no window, and closes at a breakpoint on one of its return instructions, or at an exception
 * leaving it, in the frame that opened it: both suspend the thread, which shows its frame count, so recursion
 * and nested matching calls (which belong to the window around them) are told apart exactly.
 *
 * <p>Cost follows the windows: the witnesses, the return breakpoints and the exception request are disabled
 * while no thread is inside one, and disabled requests cost a hit nothing (DESIGN §3). They are enabled while
 * the entering thread is still suspended at the entry, so none of its hits is lost; the entry block's own
 * witness, if any, is recorded there, since a breakpoint set at the location a thread stands on does not
 * report that thread's arrival.
 *
 * <p>Switching costs a debugger round trip per request, so with thousands of witnesses and windows that come
 * often (a helper called in a loop) switching every time cost ten times the whole run (LangDriver 80,
 * {@code StringUtils.join}: 183 s of sessions against 18 s). So the requests are disabled, once the last window
 * closed, only when as many events have come outside windows as there are requests to switch, as a skier rents
 * until the rent has paid for the skis: whatever the program does, this costs at most about twice the better of
 * switching every time and never switching.
 */
final class Windows {
  /** Property of a window's entry breakpoint: the global id of the entry block. */
  static final String ENTRY = "jdtrace.window.entry";
  /** Property of a window method's return breakpoints. */
  static final String EXIT = "jdtrace.window.exit";

  private final Within within;
  private final Program program;
  private final BitSet witnesses;
  private final EventRequestManager requests;
  /** Requests that cost only while a window is open: witnesses, return breakpoints, exceptions. */
  private final List<EventRequest> inside = new ArrayList<>();
  /**
   * Threads inside a window (by unique id), to the frame count of the window's frame; negated for a call that was
   * under way when an attach began, which is not recorded but still holds the calls it makes.
   */
  private final Map<Long, Integer> depth = new HashMap<>();
  private boolean enabled;
  /** Events dropped since the last window closed, while the requests stayed enabled. */
  private long outside;
  /** No window opens any more: the session is ending. */
  private boolean closed;
  private int breakpoints;

  Windows(final Within within, final Program program, final BitSet witnesses, final EventRequestManager requests) {
    this.within = within;
    this.program = program;
    this.witnesses = witnesses;
    this.requests = requests;
  }

  /** A request that should cost only inside windows: enabled now only when a window is open. */
  void add(final EventRequest request) {
    inside.add(request);
    if (enabled) {
      request.enable();
    }
  }

  /** Sets the entry and return breakpoints of a verified class's matching methods (its bytecode was checked). */
  void install(final Map<Method, Integer> methods) {
    for (final Map.Entry<Method, Integer> e : methods.entrySet()) {
      final int m = e.getValue();
      if (!within.opens(m)) {
        continue;
      }
      final Method method = e.getKey();
      final BreakpointRequest entry = requests.createBreakpointRequest(location(method, 0));
      entry.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
      entry.putProperty(ENTRY, program.blockId(m, 0));
      entry.enable();
      breakpoints++;
      final byte[] code = method.bytecodes();
      for (final int at : Bytecode.instructionStarts(code)) {
        final int op = code[at] & 0xff;
        if (op >= 0xac && op <= 0xb1) { // ireturn, lreturn, freturn, dreturn, areturn, return
          final BreakpointRequest exit = requests.createBreakpointRequest(location(method, at));
          exit.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
          exit.putProperty(EXIT, m);
          add(exit);
          breakpoints++;
        }
      }
    }
  }

  private static Location location(final Method method, final int bci) {
    final Location at = method.locationOfCodeIndex(bci);
    if (at == null) {
      throw new TargetException("the JVM has no location at offset " + bci + " of " + method.declaringType().name()
          + "." + method.name() + ": cannot record --within windows there");
    }
    return at;
  }

  /**
   * Opens a window when the set holds the entry of a matching method by a thread in no window: writes the window
   * and the entry block's hit when it is a witness, and enables what costs only inside windows, all before the
   * thread resumes.
   *
   * @return whether a window opened: the set's witness hit at the entry, if any, is then already recorded
   */
  boolean open(final EventSet set, final Recorder recorder) {
    for (final Event event : set) {
      if (event instanceof BreakpointEvent bp && bp.request().getProperty(ENTRY) instanceof Integer entry) {
        final ThreadReference thread = bp.thread();
        if (closed || depth.containsKey(thread.uniqueID())) {
          return false; // a nested call: it belongs to the window around it
        }
        depth.put(thread.uniqueID(), frames(thread));
        outside = 0;
        recorder.window(thread, entry);
        if (witnesses.get(entry)) {
          recorder.hit(thread, entry);
        }
        enable();
        return true;
      }
    }
    return false;
  }

  private void enable() {
    if (!enabled) {
      enabled = true;
      inside.forEach(EventRequest::enable);
    }
  }

  /**
   * At an attach, with the VM suspended: a thread already inside a call of a matching method is not recorded
   * until that call (its outermost one) has ended, since its start was not seen; the calls it makes belong to it.
   */
  void attachedAt(final ThreadReference thread) {
    final List<com.sun.jdi.StackFrame> frames;
    try {
      frames = thread.frames();
    } catch (final IncompatibleThreadStateException | com.sun.jdi.ObjectCollectedException e) {
      return; // not started or ended: no frame
    }
    for (int i = frames.size() - 1; i >= 0; i--) {
      final Method m = frames.get(i).location().method();
      final int index = program.methodIndex(new dev.jdtrace.plan.model.MethodId(m.declaringType().name(),
          m.name(), m.signature()));
      if (index >= 0 && within.opens(index)) {
        depth.put(thread.uniqueID(), -(frames.size() - i));
        enable();
        return;
      }
    }
  }

  /** From now on no window opens: the session is ending and its requests go away. */
  void stopOpening() {
    closed = true;
  }

  /** Whether the thread is inside a window that is recorded. */
  boolean inside(final ThreadReference thread) {
    if (depth.isEmpty()) {
      return false;
    }
    final Integer d = depth.get(thread.uniqueID());
    return d != null && d > 0;
  }

  /** Whether the breakpoint is a return of a window method. */
  static boolean isExit(final EventRequest request) {
    return request.getProperty(EXIT) != null;
  }

  /** Whether the breakpoint is a window method's entry. */
  static boolean isEntry(final EventRequest request) {
    return request.getProperty(ENTRY) != null;
  }

  /** Whether a return breakpoint's thread, suspended there, is returning from its window's frame. */
  boolean returns(final BreakpointEvent exit) {
    final Integer d = depth.get(exit.thread().uniqueID());
    return d != null && frames(exit.thread()) == Math.abs(d);
  }

  /** The frame count of the thread's window frame, recorded or not, or 0 when it is in no window. */
  int depthOf(final ThreadReference thread) {
    return depth.isEmpty() ? 0 : Math.abs(depth.getOrDefault(thread.uniqueID(), 0));
  }

  /** The thread's window ended. */
  void close(final ThreadReference thread) {
    depth.remove(thread.uniqueID());
  }

  /** An event came outside every window while the requests were enabled: it was dropped. */
  void dropped() {
    outside++;
  }

  /**
   * Once no window is open and the events dropped since have cost about what switching costs, what costs only
   * inside windows is disabled; called after a set resumed.
   */
  void settle() {
    if (enabled && depth.isEmpty() && outside >= inside.size()) {
      enabled = false;
      inside.forEach(EventRequest::disable);
    }
  }

  /** Entry and return breakpoints set. */
  int breakpoints() {
    return breakpoints;
  }

  private static int frames(final ThreadReference thread) {
    try {
      return thread.frameCount();
    } catch (final IncompatibleThreadStateException | com.sun.jdi.InternalException e) {
      throw new TargetException("cannot read the stack of thread '" + thread.name() + "' at a --within call, so "
          + "where its window ends is unknown: no trace (" + e + ")", e);
    }
  }
}
