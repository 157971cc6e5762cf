package dev.jdtrace.driver.internal;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.request.EventRequestManager;
import dev.jdtrace.driver.AttachSpec;
import dev.jdtrace.driver.Guardrails;
import dev.jdtrace.driver.TargetException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One session on a running JVM, from its first request to its detach. Only {@code SUSPEND_NONE}
 * breakpoints are set; the VM is suspended only for moments: while the loaded classes are checked and
 * given breakpoints, while a class prepared later gets its own, and while the stacks are read to see
 * whether any traced thread is inside traced code.
 *
 * <p>Where a path starts and ends is decided from stacks, never guessed. At the attach, a thread with a
 * traced frame on its stack is inside a path that began before the session, so it is not recorded at
 * all; every other thread enters traced code from untraced code later, where the decoding walk starts
 * too. Before the detach, once no hit came for the settle time, the VM is suspended and no recorded
 * thread may be inside traced code; otherwise the session goes on settling. A guardrail cuts the
 * session at once, and the recorded threads inside traced code at that moment are reported as cut.
 *
 * <p>Requests are removed and the VM is disposed of, never exited. The shutdown hook does the same on
 * Ctrl-C or SIGTERM; if jdtrace is killed outright, the JDWP agent drops the requests itself when the
 * connection closes.
 */
final class Attachment {
  private final VirtualMachine vm;
  private final AttachSpec spec;
  private final Recorder recorder;
  private final BreakpointInstaller installer;
  private final JdiSession session;
  private final long start = System.nanoTime();
  private final Set<Integer> cut = new HashSet<>();
  private long windowStart = start;
  private long windowHits;
  private int skipped;
  private boolean detached;

  Attachment(final VirtualMachine vm, final AttachSpec spec, final Recorder recorder) {
    this.vm = vm;
    this.spec = spec;
    this.recorder = recorder;
    this.installer = new BreakpointInstaller(spec.program(), spec.witnesses(), vm.eventRequestManager());
    this.session = JdiSession.listen(vm, spec.filter(), recorder, installer);
  }

  /**
   * With the VM suspended: checks every loaded traced class and, only when none is refused, sets all
   * their breakpoints; then leaves out the threads already inside traced code.
   *
   * @return false when a class was refused (no breakpoint is set)
   */
  boolean begin() {
    vm.suspend();
    try {
      final List<BreakpointInstaller.Verified> safe = new ArrayList<>();
      for (final ReferenceType type : vm.allClasses()) {
        if (type.isPrepared() && spec.filter().matches(type.name()) && session.claim(type)) {
          final BreakpointInstaller.Verified v = installer.verify(type);
          if (v != null) {
            safe.add(v);
          }
        }
      }
      if (!installer.refused().isEmpty()) {
        return false;
      }
      safe.forEach(installer::install);
      for (final ThreadReference t : vm.allThreads()) {
        if (insideTracedCode(t)) {
          recorder.ignore(t);
          skipped++;
        }
      }
      return true;
    } finally {
      vm.resume();
    }
  }

  /**
   * Handles the events that come within the timeout.
   *
   * @return why a guardrail or the safety check ends the session, or {@code null} to go on
   */
  String step(final long timeoutMillis) throws InterruptedException {
    final EventSet set = vm.eventQueue().remove(timeoutMillis);
    if (set != null && !session.handle(set)) {
      throw new TargetException("the target " + spec.target() + " disconnected during session " + spec.session());
    }
    if (!installer.refused().isEmpty()) {
      return "refused";
    }
    final Guardrails g = spec.guardrails();
    final long now = System.nanoTime();
    final long hits = recorder.hits();
    if (hits > g.maxHits()) {
      return "more than " + g.maxHits() + " hits (--max-hits)";
    }
    if (hits - windowHits > g.maxRate()) {
      return "more than " + g.maxRate() + " hits within one second (--max-rate)";
    }
    if (now - windowStart >= 1_000_000_000L) {
      windowStart = now;
      windowHits = hits;
    }
    if (now - start > g.maxSeconds() * 1e9) {
      return "attached longer than " + g.maxSeconds() + " s (--max-seconds)";
    }
    return null;
  }

  /**
   * Waits until no recorded thread is inside traced code: no hit for the settle time, then a look at the
   * suspended stacks; when that holds, removes every request while the VM is still suspended.
   *
   * @return why a guardrail cut the session while it settled, or {@code null}
   */
  String settle() throws InterruptedException {
    while (true) {
      long hits = recorder.hits();
      long quietSince = System.nanoTime();
      while (System.nanoTime() - quietSince < spec.guardrails().settleMillis() * 1_000_000) {
        final String breach = step(20);
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
      for (final ThreadReference t : vm.allThreads()) {
        if (recorder.records(t) && insideTracedCode(t)) {
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
        }
      }
      removeRequests();
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

  private void removeRequests() {
    final EventRequestManager erm = vm.eventRequestManager();
    erm.deleteEventRequests(erm.breakpointRequests());
    erm.deleteEventRequests(erm.classPrepareRequests());
    erm.deleteEventRequests(erm.exceptionRequests());
    erm.deleteEventRequests(erm.threadStartRequests());
  }

  /** Whether a suspended thread has a frame in a traced class anywhere on its stack. */
  private boolean insideTracedCode(final ThreadReference thread) {
    try {
      for (final StackFrame f : thread.frames()) {
        if (spec.filter().matches(f.location().declaringType().name())) {
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

  int skippedThreads() {
    return skipped;
  }

  BreakpointInstaller installer() {
    return installer;
  }
}
