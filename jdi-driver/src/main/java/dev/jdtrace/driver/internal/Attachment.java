package dev.jdtrace.driver.internal;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import dev.jdtrace.driver.AttachSpec;
import dev.jdtrace.driver.GuardrailBreach;
import dev.jdtrace.driver.Guardrails;
import dev.jdtrace.driver.TargetException;
import dev.jdtrace.profiler.model.Block;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One session on a running JVM, from its first request to its detach. Only {@code SUSPEND_NONE}
 * breakpoints are set; the VM is suspended only for moments: while the loaded classes are checked and
 * given breakpoints, while a class prepared later gets its own, and while the stacks are read to see
 * whether any traced thread is inside traced code.
 *
 * <p>Where a path starts and ends is decided from stacks, never guessed. At the attach, a thread at rest
 * inside traced code (blocked in an untraced call such as {@code accept} under traced frames) is recorded
 * from that start stack ({@link StartStack}); a thread running a traced block is not recorded at all.
 * Every other thread enters traced code from untraced code later, where the decoding walk starts too.
 * Before the detach, once no hit came for the settle time, the VM is suspended and every recorded thread
 * must be out of traced code or back at its start stack (a request loop waiting for the next request);
 * otherwise the session goes on settling. A guardrail cuts the session at once, and the recorded threads
 * inside traced code at that moment are reported as cut.
 *
 * <p>Requests are removed and the VM is disposed of, never exited. The shutdown hook does the same on
 * Ctrl-C or SIGTERM; if jdtrace is killed outright, the JDWP agent drops the requests itself when the
 * connection closes.
 */
final class Attachment {
  /** How many times the VM is looked at for a thread running a traced block before it is left out. */
  static final int LOOKS = 10;
  /** How long such a thread gets to reach a call between two looks. */
  static final long LOOK_MILLIS = 50;
  private final VirtualMachine vm;
  private final AttachSpec spec;
  private final Recorder recorder;
  private final BreakpointInstaller installer;
  private final JdiSession session;
  /** The windows of a --within session, or {@code null}. */
  private final Windows windows;
  private final long start = System.nanoTime();
  private final Set<Integer> cut = new HashSet<>();
  private long windowStart = start;
  private long windowHits;
  private int resident;
  private int running;
  private long startSuspendNanos;
  private boolean detached;

  Attachment(final VirtualMachine vm, final AttachSpec spec, final Recorder recorder) {
    this.vm = vm;
    this.spec = spec;
    this.recorder = recorder;
    this.installer = new BreakpointInstaller(spec.program(), spec.witnesses(), vm.eventRequestManager(),
        spec.unplanned());
    this.windows = spec.within() == null ? null
        : new Windows(spec.within(), spec.program(), spec.witnesses(), vm.eventRequestManager());
    this.session = JdiSession.listen(vm, spec.filter(), recorder, installer, windows);
    session.holdAtDeath();
  }

  /**
   * With the VM suspended: checks every loaded traced class and, only when none is refused, sets all
   * their breakpoints; then reads where each thread inside traced code stands. A thread at rest there
   * (every traced frame inside a call, an untraced frame on top) is recorded from that start stack. A
   * thread running a traced block cannot be started exactly: the VM is resumed and looked at again, a few
   * times, and a thread still running then is left out of the session.
   *
   * @return false when a class was refused or a loaded traced class is not in the plan (no breakpoint is set)
   */
  boolean begin() throws InterruptedException {
    for (int look = 1; ; look++) {
      if (look > 1) {
        Thread.sleep(LOOK_MILLIS);
      }
      final long suspended = System.nanoTime();
      vm.suspend();
      try {
        final Map<ThreadReference, StartStack> inside = new LinkedHashMap<>();
        boolean busy = false;
        for (final ThreadReference t : vm.allThreads()) {
          final StartStack at = StartStack.of(t, spec.program());
          if (at.kind() != StartStack.Kind.OUTSIDE) {
            inside.put(t, at);
            busy |= !at.atRest();
          }
        }
        // (--within: windows start at a matching method's entry, whatever runs now.)
        if (busy && look < LOOKS && windows == null) {
          continue;
        }
        final List<BreakpointInstaller.Verified> safe = new ArrayList<>();
        for (final ReferenceType type : vm.allClasses()) {
          if (type.isPrepared() && spec.filter().matches(type.name()) && session.claim(type)) {
            final BreakpointInstaller.Verified v = installer.verify(type);
            if (v != null) {
              safe.add(v);
            }
          }
        }
        if (!installer.refused().isEmpty() || !installer.unplannedPrepared().isEmpty()) {
          return false; // Refused, or the plan misses a loaded class: the attach plans again without a window.
        }
        safe.forEach(installer::install);
        if (windows == null) {
          inside.forEach(this::startAt);
        } else {
          inside.keySet().forEach(windows::attachedAt);
        }
        return true;
      } finally {
        vm.resume();
        startSuspendNanos += System.nanoTime() - suspended;
      }
    }
  }

  /**
   * Records a thread at rest from its start stack, with a one-shot breakpoint of its own where its untraced
   * call returns, so that it enters the stream even when this session's witnesses miss its path. A running
   * thread is left out.
   */
  private void startAt(final ThreadReference thread, final StartStack at) {
    if (!at.atRest()) {
      recorder.ignore(thread);
      running++;
      return;
    }
    recorder.startAt(thread, at.frames());
    resident++;
    final int call = at.frames()[at.frames().length - 2];
    final Block block = spec.program().block(call);
    final int returnBci = spec.program().methodOfBlock(call).blocks().get(block.successors().get(0)).startBci();
    final Location back = at.call().method().locationOfCodeIndex(returnBci);
    if (back != null) {
      final BreakpointRequest woke = vm.eventRequestManager().createBreakpointRequest(back);
      woke.addThreadFilter(thread);
      woke.addCountFilter(1);
      woke.setSuspendPolicy(EventRequest.SUSPEND_NONE);
      woke.putProperty(JdiSession.WOKE, Boolean.TRUE);
      woke.enable();
    }
  }

  /**
   * Handles the events that come within the timeout.
   *
   * @return why a guardrail or the safety check ends the session, or {@code null} to go on
   */
  Stop step(final long timeoutMillis) throws InterruptedException {
    if (died()) {
      return Stop.DIED;
    }
    final EventSet set = vm.eventQueue().remove(timeoutMillis);
    if (set != null && !session.handle(set) && !died()) {
      throw new TargetException("the target " + spec.target() + " disconnected during session " + spec.session()
          + " without exiting (killed outright?): where its threads stood is unknown");
    }
    if (died()) {
      return Stop.DIED; // held at its death: where every recorded thread stood is in the stream, as in `run`
    }
    if (!installer.refused().isEmpty()) {
      return Stop.REFUSED;
    }
    final Guardrails g = spec.guardrails();
    final long now = System.nanoTime();
    final long hits = recorder.hits();
    if (hits > g.maxHits()) {
      return new Stop(new GuardrailBreach(GuardrailBreach.Limit.HITS, g));
    }
    if (hits - windowHits > g.maxRate()) {
      return new Stop(new GuardrailBreach(GuardrailBreach.Limit.RATE, g));
    }
    if (now - windowStart >= 1_000_000_000L) {
      windowStart = now;
      windowHits = hits;
    }
    if (now - start > g.maxSeconds() * 1e9) {
      return new Stop(new GuardrailBreach(GuardrailBreach.Limit.SECONDS, g));
    }
    return null;
  }

  /**
   * Why a session stops before its window ends.
   *
   * @param breach the guardrail it went past, or {@code null} when the safety check refused a class (the
   *     session traced nothing, so nothing is truncated) or the target exited
   * @param died whether the target exited: its threads' ends are recorded and there is nothing to detach from
   */
  record Stop(GuardrailBreach breach, boolean died) {
    static final Stop REFUSED = new Stop(null, false);
    static final Stop DIED = new Stop(null, true);

    Stop(final GuardrailBreach breach) {
      this(breach, false);
    }
  }

  /**
   * Waits until no recorded thread is inside traced code: no hit for the settle time, then a look at the
   * suspended stacks; when that holds, removes every request while the VM is still suspended.
   *
   * @return why a guardrail cut the session while it settled, or {@code null}
   */
  Stop settle() throws InterruptedException {
    while (true) {
      long hits = recorder.hits();
      long quietSince = System.nanoTime();
      while (System.nanoTime() - quietSince < spec.guardrails().settleMillis() * 1_000_000) {
        final Stop breach = step(20);
        if (breach != null) {
          return breach;
        }
        if (recorder.hits() != hits) {
          hits = recorder.hits();
          quietSince = System.nanoTime();
        }
      }
      if (cut(false)) {
        return null;
      }
    }
  }

  /**
   * Removes every request of the session while the VM is suspended. Unless forced, it does so only when
   * no recorded thread is inside traced code; when forced, those threads are marked cut.
   *
   * @return whether the requests were removed
   */
  boolean cut(final boolean force) {
    vm.suspend();
    try {
      final List<ThreadReference> busy = new ArrayList<>();
      final List<ThreadReference> home = new ArrayList<>();
      for (final ThreadReference t : vm.allThreads()) {
        if (!recorder.records(t)) {
          continue;
        }
        final int[] start = recorder.startOf(t);
        if (windows != null) {
          if (windows.inside(t)) {
            busy.add(t); // a window is open: the session ends between windows
          }
        } else if (start != null && StartStack.of(t, spec.program()).at(start)) {
          home.add(t);
        } else if (insideTracedCode(t)) {
          busy.add(t);
        }
      }
      if (!busy.isEmpty() && !force) {
        return false;
      }
      for (final ThreadReference t : busy) {
        final int index = recorder.indexIfSeen(t);
        if (index >= 0) {
          cut.add(index);
        } else {
          recorder.ignore(t); // its first events may still be on their way: drop them, its path is cut
        }
      }
      removeRequests();
      if (windows != null) {
        windows.stopOpening(); // an entry still on its way opens no window whose end would go unseen
      }
      home.forEach(recorder::backAtStart);
      return true;
    } finally {
      vm.resume();
    }
  }

  /**
   * Records the events that were raised before the requests went away but are still on their way, so
   * that every stream is whole; then counts the traced classes the target has loaded.
   *
   * @return traced classes loaded in the target
   */
  int drain() throws InterruptedException {
    session.stopInstalling();
    if (died()) {
      return session.claimed();
    }
    EventSet set;
    while ((set = vm.eventQueue().remove(Math.max(100, spec.guardrails().settleMillis()))) != null) {
      if (!session.handle(set)) {
        break;
      }
    }
    return (int) vm.allClasses().stream().filter(t -> spec.filter().matches(t.name())).count();
  }

  /** Removes every request and disconnects; the target runs on. Safe to call twice and from a hook. */
  synchronized void detach() {
    if (detached) {
      return;
    }
    detached = true;
    try {
      removeRequests();
      Attacher.detach(spec.target(), vm);
    } catch (final VMDisconnectedException e) {
      // The target is gone already: nothing is left to remove.
    }
  }

  /** Whether the target exited during the session (held at its death, so its threads' ends are recorded). */
  boolean died() {
    return session.witnessedDeath();
  }

  private void removeRequests() {
    final EventRequestManager erm = vm.eventRequestManager();
    // First: a death after the cut must not write the stacks of threads whose hits are no longer recorded.
    erm.deleteEventRequests(erm.vmDeathRequests());
    erm.deleteEventRequests(erm.breakpointRequests());
    erm.deleteEventRequests(erm.classPrepareRequests());
    erm.deleteEventRequests(erm.exceptionRequests());
    erm.deleteEventRequests(erm.threadStartRequests());
  }

  /**
   * Whether a suspended thread has a frame in a planned class anywhere on its stack. Not the class filter: a
   * thread parked in a matching class the plan does not hold never settles (a session waited 600 s for one).
   */
  private boolean insideTracedCode(final ThreadReference thread) {
    try {
      for (final StackFrame f : thread.frames()) {
        if (spec.program().classNamed(f.location().declaringType().name()) != null) {
          return true;
        }
      }
      return false;
    } catch (final IncompatibleThreadStateException | ObjectCollectedException e) {
      return false; // Not started or already ended: it holds no frame.
    }
  }

  Set<Integer> cutThreads() {
    return cut;
  }

  /** Threads running a traced block at the attach, left out of the session. */
  int runningThreads() {
    return running;
  }

  /** Threads at rest inside traced code at the attach, recorded from their start stacks. */
  int residentThreads() {
    return resident;
  }

  /** How long the VM was suspended while the session began. */
  long startSuspendMicros() {
    return startSuspendNanos / 1000;
  }

  BreakpointInstaller installer() {
    return installer;
  }
}
