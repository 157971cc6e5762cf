package dev.jdtrace.collect.internal;

import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.ExceptionEvent;
import com.sun.jdi.event.ThreadStartEvent;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.ExceptionRequest;
import com.sun.jdi.request.ThreadStartRequest;
import com.sun.jdi.request.VMDeathRequest;
import dev.jdtrace.collect.ProgramNotStartedException;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.trace.stream.ExceptionRecord;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One JDI connection: installs class-prepare and thread-start requests, then drains events on the
 * calling thread until the target disconnects. Draining on one dedicated thread keeps JDI's unbounded
 * queue short (DESIGN §3); hits go straight to the stream writer.
 */
public final class JdiSession {
  /** Property of the one-shot breakpoint that sees a thread recorded from its start stack leave it. */
  static final String WOKE = "jdtrace.woke";
  /** Property of an attach's fences: requests made at its cut, whose events can only come after it. */
  static final String FENCE = "jdtrace.fence";
  /**
   * Property of the detach fences, requests made at the last look before a detach: the first of their events to come
   * follows every event raised before the look (the agent has one queue and one sender).
   */
  static final String DETACH_FENCE = "jdtrace.detachFence";
  /** The most classes whose prepares a session holds by name (one request each); beyond, it holds them all. */
  static final int MOST_HELD_BY_NAME = 1_000;

  private final VirtualMachine vm;
  private final Recorder recorder;
  private final BreakpointInstaller installer;
  private final Set<ReferenceType> prepared = java.util.concurrent.ConcurrentHashMap.newKeySet();
  /** While an attach sets its breakpoints with the VM running: classes prepared meanwhile, to install. */
  private java.util.Queue<ReferenceType> deferred;
  private int installThreads = 1;
  private final ExceptionLocator exceptions;
  private final EndLocator ends;
  /** The windows of a --within session, or {@code null} when the whole run is recorded. */
  private Windows windows;
  private boolean installing = true;
  /** How long each class prepared held its thread here, from taking its event to resuming it. */
  private final ClassStops classStops = new ClassStops();
  private boolean witnessedDeath;
  /** Whether this session launched its VM, so that it lets go of it once its death is recorded. */
  private boolean launched;
  /** The traced classes, when the untraced ones loaded are read at the VM's death; else {@code null}. */
  private ClassFilter untracedAtDeath;
  private java.util.Set<String> untracedLoaded = java.util.Set.of();
  /** The traced methods reflection enters, when watched; else {@code null}. */
  private ReflectionWatch reflection;

  private JdiSession(final VirtualMachine vm, final Recorder recorder, final BreakpointInstaller installer) {
    this.vm = vm;
    this.recorder = recorder;
    this.installer = installer;
    this.exceptions = new ExceptionLocator(installer);
    this.ends = new EndLocator(installer);
  }

  /**
   * Lets go of a launched VM whose death has been handled (no event comes after it), once its agent counts it
   * dead. Left connected, the agent's reader thread waits in native code for the debugger, and HotSpot's exit
   * waits up to 300 ms for threads in native code to block ({@code VM_Exit::wait_for_threads_in_native_to_block}):
   * measured here, 318-321 ms from the death to the exit of a launched program while connected, 5-19 ms after
   * this. Not sooner: a debugger that leaves before the agent marks the VM dead makes a {@code server=y} agent
   * listen again, which prints its "Listening for transport" line into the program's output (seen once in a
   * calibration under load). The agent refuses commands outside the VirtualMachine set once the VM is dead
   * (VM_DEAD, which JDI raises as {@link VMDisconnectedException}), so a thread's status is asked until refused;
   * not refused within 200 ms, the VM is left to exit connected, as before.
   */
  public static void release(final VirtualMachine vm) {
    try {
      final List<ThreadReference> threads = vm.allThreads();
      final long deadline = System.nanoTime() + 200_000_000L;
      while (!threads.isEmpty() && System.nanoTime() < deadline) {
        threads.get(0).status();
        Thread.sleep(1);
      }
      return; // not refused: the agent may not count the VM dead yet
    } catch (final VMDisconnectedException dead) {
      // Refused (VM_DEAD), or the VM has gone: the agent will not listen again.
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    } catch (final RuntimeException e) {
      return; // an answer that proves nothing: left to exit connected
    }
    try {
      vm.dispose();
    } catch (final VMDisconnectedException gone) {
      // Gone already.
    }
  }

  /**
   * Attaches to a JDWP agent on loopback, through a connection that reads the agent's packets through a buffer
   * ({@link BufferedConnection}): the JDK's connector reads each packet in five calls to the system.
   */
  public static VirtualMachine attach(final String host, final int port) {
    try {
      return BufferedConnection.attach(host, port, 0);
    } catch (final IOException e) {
      throw new ProgramNotStartedException("cannot attach to " + host + ":" + port + ": " + e.getMessage(), e);
    }
  }

  /**
   * Prepares a session on a freshly launched, suspended VM.
   *
   * @param watchReflection whether the traced methods reflection enters are recorded ({@link
   *     #reflected})
   */
  static JdiSession open(final VirtualMachine vm, final ClassFilter filter, final Recorder recorder,
      final BreakpointInstaller installer, final boolean untracedAtDeath, final Windows windows,
      final boolean watchReflection) {
    final JdiSession session = listen(vm, filter, recorder, installer, windows);
    session.launched = true;
    session.untracedAtDeath = untracedAtDeath ? filter : null;
    session.reflection = watchReflection ? ReflectionWatch.set(vm, filter) : null;
    final ThreadStartRequest threads = vm.eventRequestManager().createThreadStartRequest();
    threads.setSuspendPolicy(EventRequest.SUSPEND_NONE);
    threads.enable();
    // Held at its death, the VM shows where every thread stands, and every SUSPEND_NONE hit sent before
    // it has arrived: the socket is ordered, and the agent finishes the event callbacks in progress first.
    final VMDeathRequest death = vm.eventRequestManager().createVMDeathRequest();
    death.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    death.enable();
    for (final ReferenceType type : vm.allClasses()) {
      if (type.isPrepared() && filter.matches(type.name())) {
        session.prepare(type);
      }
    }
    return session;
  }

  /**
   * Requests what every session needs: class-prepare events for the traced classes and exception
   * events. Classes already loaded are the caller's to install; so are thread starts.
   */
  static JdiSession listen(final VirtualMachine vm, final ClassFilter filter, final Recorder recorder,
      final BreakpointInstaller installer) {
    return listen(vm, filter, recorder, installer, null);
  }

  /** As {@link #listen(VirtualMachine, ClassFilter, Recorder, BreakpointInstaller)}, recording only inside windows. */
  static JdiSession listen(final VirtualMachine vm, final ClassFilter filter, final Recorder recorder,
      final BreakpointInstaller installer, final Windows windows) {
    final JdiSession session = new JdiSession(vm, recorder, installer);
    session.windows = windows;
    installer.within(windows);
    final EventRequestManager erm = vm.eventRequestManager();
    // Only a class holding this session's breakpoints holds its preparing thread while they are set; a window's
    // breakpoints may go into any traced class, so windows hold them all. The other traced classes are verified as
    // their events come, with their threads running on: nothing of theirs can be late, and the events come in
    // order, so a class is verified before any event its code raises is handled. (javaparser's sessions held
    // 777 threads each, 390 of them for lambda proxies, which never hold a breakpoint.)
    final java.util.Set<String> held = windows == null ? installer.classesWithBreakpoints() : null;
    // The agent compares the name of every class the VM prepares, the JDK's included, with every class-prepare
    // request: past this many names, holding by the include patterns costs less than the compares.
    final boolean holdAll = held == null || held.size() > MOST_HELD_BY_NAME;
    // One request per include pattern: JDI combines the filters of one request with AND.
    for (final String include : filter.includes()) {
      final ClassPrepareRequest r = erm.createClassPrepareRequest();
      r.addClassFilter(include);
      filter.excludes().forEach(r::addClassExclusionFilter);
      r.setSuspendPolicy(holdAll ? EventRequest.SUSPEND_EVENT_THREAD : EventRequest.SUSPEND_NONE);
      r.enable();
    }
    if (!holdAll) {
      for (final String name : held) {
        final ClassPrepareRequest r = erm.createClassPrepareRequest();
        r.addClassFilter(name); // the class's own name: no pattern, so only it
        // The preparing thread only (DESIGN §3): HotSpot raises the event inside link_class_impl while that thread
        // holds the class's init lock, and every other thread must take that lock to initialise the class before
        // any of its code can run; the agent holds the thread inside the callback until the set is resumed.
        // (SUSPEND_ALL gave no more: the agent suspends the other threads only when its helper thread sends the
        // event, so they ran meanwhile anyway; and it stopped a whole server for each class loaded.) Both requests
        // match such a class: the agent sends their events in one set, which holds the thread.
        r.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        r.enable();
      }
    }
    // Exceptions are witnesses of exceptional control flow; the thread stays suspended while the
    // locator counts the traced frames the exception unwinds.
    final ExceptionRequest exceptions = erm.createExceptionRequest(null, true, true);
    exceptions.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
    if (windows == null) {
      exceptions.enable();
    } else {
      windows.add(exceptions);
    }
    return session;
  }

  /**
   * Holds the VM at its death, as a launched session does, so that where each recorded thread stood is
   * written when the target exits during an attached session.
   */
  void holdAtDeath() {
    final VMDeathRequest death = vm.eventRequestManager().createVMDeathRequest();
    death.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    death.enable();
  }

  /**
   * Records until the target disconnects. The target starts when the VM-start event's set is resumed:
   * resuming the VM separately as well would race with that set, so that a class-prepare event still
   * queued behind it could be resumed before its breakpoints are set, losing the first hits.
   */
  void run() throws InterruptedException {
    try {
      while (handle(vm.eventQueue().remove())) {
        // every event set is handled as it comes
      }
    } catch (final VMDisconnectedException e) {
      // The target is gone; every event before its death has been drained.
    }
  }

  /**
   * Records one event set and resumes it when it suspended anything.
   *
   * @return false once the target has disconnected
   */
  boolean handle(final EventSet set) {
    // (The clock only for sets that hold a thread: launched sessions' hits do not pay for it.)
    final long taken = set.suspendPolicy() == EventRequest.SUSPEND_NONE ? 0 : System.nanoTime();
    // A set is one callback of one thread: a fence in it makes every event of the set one after the cut. Only an
    // attach between its cut and its last fence looks: launched sessions pay nothing for it per hit.
    if (recorder.awaitsDetachFence()) {
      for (final Event event : set) {
        if (event instanceof com.sun.jdi.event.StepEvent step && step.request().getProperty(DETACH_FENCE) != null) {
          recorder.detachFenceCame(); // before the set's own hits: they were raised after the look
        }
      }
    }
    if (recorder.awaitsFences()) {
      for (final Event event : set) {
        if (event instanceof com.sun.jdi.event.StepEvent || event instanceof ExceptionEvent
            || event instanceof BreakpointEvent && ((BreakpointEvent) event).request().getProperty(WOKE) != null) {
          final ThreadReference thread = ((com.sun.jdi.event.LocatableEvent) event).thread();
          if (event instanceof ExceptionEvent) {
            recorder.passed(thread); // raised in a callback the thread was in at the cut: for its own thread only
          } else {
            recorder.fenceCame(thread); // raised after the cut: every event raised before it has come
          }
        }
      }
    }
    // A window opens before the set's other events count: its thread is suspended at the method's entry.
    final boolean opened = windows != null && set.suspendPolicy() != EventRequest.SUSPEND_NONE
        && windows.open(set, recorder);
    ThreadReference closing = null;
    for (final Event event : set) {
      if (event instanceof BreakpointEvent bp) {
        final Object block = bp.request().getProperty(BreakpointInstaller.BLOCK);
        if (block != null) { // a witness's hit, first: the per-hit path looks up nothing else
          if (windows == null) {
            recorder.hit(bp.thread(), (Integer) block);
          } else if (!opened && windows.inside(bp.thread())) {
            recorder.hit(bp.thread(), (Integer) block); // (a window's entry hit is recorded as it opens)
          } else if (!opened) {
            windows.dropped();
          }
        } else if (reflection != null && ReflectionWatch.isWatch(bp)) {
          reflection.handle(bp); // (inside a --within window or not: an entry no plan foresaw is one either way)
        } else if (windows != null && Windows.isExit(bp.request())) {
          if (windows.returns(bp)) {
            closing = bp.thread(); // after the set's hits: a witness may stand on the return itself
          }
        } else if (windows == null || !Windows.isEntry(bp.request())) {
          recorder.woke(bp.thread());
        }
      } else if (event instanceof ClassPrepareEvent cp) {
        if (reflection != null && ReflectionWatch.isWatch(cp)) {
          reflection.handle(cp);
        } else {
          prepare(cp.referenceType());
        }
      } else if (event instanceof ExceptionEvent ex) {
        if (windows == null) {
          if (recorder.records(ex.thread())) {
            final ExceptionRecord record = exceptions.locate(ex);
            if (record != null) {
              recorder.exception(ex.thread(), record);
            }
          }
        } else if (windows.depthOf(ex.thread()) == 0) {
          windows.dropped();
        } else {
          final ExceptionLocator.Located located = exceptions.locate(ex, windows.depthOf(ex.thread()));
          if (located.record() != null && windows.inside(ex.thread())) {
            recorder.exception(ex.thread(), located.record());
          }
          if (located.leaves()) {
            closing = ex.thread();
          }
        }
      } else if (event instanceof ThreadStartEvent ts) {
        recorder.started(ts.thread());
      } else if (event instanceof VMDeathEvent && set.suspendPolicy() == EventRequest.SUSPEND_ALL
          && !witnessedDeath && installing) {
        // (An attached session that already removed its requests records no end: its streams are closed.)
        // The set holds the requested event and JDI's own one: the stacks are read once.
        witnessedDeath = true;
        recordEnds();
        if (untracedAtDeath != null) {
          untracedLoaded = UntracedLoaded.of(vm, untracedAtDeath);
        }
      } else if (event instanceof VMDisconnectEvent) {
        return false;
      }
    }
    if (closing != null) {
      windows.close(closing);
    }
    if (set.suspendPolicy() != EventRequest.SUSPEND_NONE) {
      set.resume();
      if (set.stream().anyMatch(ClassPrepareEvent.class::isInstance)) {
        classStops.add(System.nanoTime() - taken);
      }
    }
    if (launched && witnessedDeath) {
      release(vm);
      return false; // no event comes after the VM's death (JVMTI)
    }
    if (windows != null) {
      windows.settle(); // the thread that left the last window runs on while its requests are disabled
    }
    return true;
  }

  /**
   * Whether the VM was held at its death (launched sessions): then every thread's end is in the stream.
   * A target that disconnected without it was killed outright (SIGKILL), and where its threads stood is
   * unknown.
   */
  boolean witnessedDeath() {
    return witnessedDeath;
  }

  /** The untraced, non-JDK classes loaded at the VM's death, when asked for; else empty. */
  java.util.Set<String> untracedLoaded() {
    return untracedLoaded;
  }

  /** The traced methods reflection entered, sorted, when watched; else empty. */
  java.util.Set<String> reflected() {
    return reflection == null ? java.util.Set.of() : reflection.entered();
  }

  /** Whether reflection was called too often to watch ({@code SessionResult.MOST_REFLECTIVE_CALLS}). */
  boolean reflectionOverflowed() {
    return reflection != null && reflection.overflowed();
  }

  /** Writes the stack of every recorded thread that stands in traced code; every hit is in by now. */
  private void recordEnds() {
    for (final ThreadReference thread : vm.allThreads()) {
      if (recorder.records(thread) && (windows == null || windows.inside(thread))) {
        // Inside a window, only the window's frames: what lies below it was not recorded.
        final var end = windows == null ? ends.locate(thread) : ends.locate(thread, windows.depthOf(thread));
        if (end != null) {
          recorder.ended(thread, end);
        }
      }
    }
  }

  /** The stops of the threads that prepared a traced class, while their breakpoints were set. */
  ClassStops classStops() {
    return classStops;
  }

  /** How many traced classes were given to the installer: all those prepared while the session listened. */
  int claimed() {
    return prepared.size();
  }

  /** Marks a class as handled, so that its class-prepare event does not install it again. */
  boolean claim(final ReferenceType type) {
    return prepared.add(type);
  }

  /** From now on, classes prepared are no longer given breakpoints (the session is detaching). */
  void stopInstalling() {
    installing = false;
  }

  /**
   * Until {@link #installPrepared}, a class prepared is only queued and its set resumed at once: an attach
   * records nothing before its cut, and installs every queued class before it.
   */
  void deferInstalls(final java.util.Queue<ReferenceType> queue) {
    deferred = queue;
  }

  /**
   * Classes prepared are given their breakpoints as they come again, with the VM held by the event: from this
   * many threads at once, so that the pause is as short as the round trips allow.
   */
  void installPrepared(final int threads) {
    deferred = null;
    installThreads = threads;
  }

  private void prepare(final ReferenceType type) {
    if (installing && claim(type)) {
      final java.util.Queue<ReferenceType> queue = deferred;
      if (queue != null) {
        queue.add(type);
      } else if (installThreads > 1) {
        final BreakpointInstaller.Verified verified = installer.verify(type);
        if (verified != null) {
          try {
            installer.install(java.util.List.of(verified), installThreads);
          } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException("interrupted while setting the breakpoints of " + type.name());
          }
        }
      } else {
        installer.install(type);
      }
    }
  }
}
