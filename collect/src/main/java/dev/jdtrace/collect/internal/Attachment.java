package dev.jdtrace.collect.internal;

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
import com.sun.jdi.request.StepRequest;
import com.sun.jdi.request.ThreadStartRequest;
import dev.jdtrace.collect.AttachSpec;
import dev.jdtrace.collect.GuardrailBreach;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.plan.model.Block;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One session on a running JVM, from its first request to its detach. Only {@code SUSPEND_NONE}
 * breakpoints are set; the VM is suspended only for moments: while the loaded classes are checked and
 * given breakpoints, while a class prepared later gets its own, and while the stacks are read to see
 * whether any traced thread is inside traced code.
 *
 * <p>Where a path starts and ends is decided from stacks, never guessed. At the attach, a thread at rest
 * inside traced code (blocked in an untraced call such as {@code accept} under traced frames) is recorded
 * from that start stack ({@link ThreadStanding}); a thread running a traced block is not recorded at all.
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
  /**
   * How long a look may read the stacks before it gives up, resumes the VM and looks again later (but the last look).
   * On this 2-core machine a look reads 40 stacks in 2-33 ms; under load a round trip now and then waits hundreds of
   * milliseconds for the scheduler (docs/benchmarks.md), and the rest of the look would wait behind it.
   */
  static final long READ_BUDGET_MILLIS = 40;
  /** How long a detach waits at least for the first detach fence before removing its requests unproven. */
  static final long MARKER_MILLIS = 1000;
  /** Threads that set breakpoints at once. */
  static final int INSTALL_THREADS = RequestPool.THREADS;
  private final VirtualMachine vm;
  private final AttachSpec spec;
  private final Recorder recorder;
  private final BreakpointInstaller installer;
  private final JdiSession session;
  /** The windows of a --within session, or {@code null}. */
  private final Windows windows;
  private final GuardrailWatch guardrails;
  private final Set<Integer> cut = new HashSet<>();
  private int resident;
  private int running;
  private long startSuspendNanos;
  private long longestPauseNanos;
  private int reserveNeeded;
  /** Looks before the detach that passed the read budget and gave up. */
  private int lateLooks;
  /** Breakpoints set for threads at rest, beyond the profile's witnesses. */
  private int own;
  private boolean detached;
  /** Threads back at their start stacks at the last look, written once the events on their way have come. */
  private List<ThreadReference> home = List.of();
  /** Whether a detach fence came before the requests went (not for an idle target, --within or a guardrail's cut). */
  private boolean detachProven;
  /**
   * The threads that read stacks and set fences while the VM is stopped: started before it is, since starting
   * threads inside the pause is time the target stands still for.
   */
  private final java.util.concurrent.ThreadPoolExecutor pool = new java.util.concurrent.ThreadPoolExecutor(
      INSTALL_THREADS, INSTALL_THREADS, 0, java.util.concurrent.TimeUnit.MILLISECONDS,
      new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
        final Thread t = new Thread(r, "jdtrace-stacks");
        t.setDaemon(true);
        return t;
      });

  Attachment(final VirtualMachine vm, final AttachSpec spec, final Recorder recorder) {
    this.vm = vm;
    this.spec = spec;
    this.guardrails = new GuardrailWatch(spec.guardrails(), System.nanoTime());
    this.recorder = recorder;
    this.installer = new BreakpointInstaller(spec.program(), spec.witnesses(), vm.eventRequestManager(),
        spec.unplanned());
    this.windows = spec.within() == null ? null
        : new Windows(spec.within(), spec.program(), spec.witnesses(), vm.eventRequestManager());
    this.session = JdiSession.listen(vm, spec.filter(), recorder, installer, windows);
    session.holdAtDeath();
    pool.prestartAllCoreThreads();
  }

  /**
   * Sets the session's breakpoints with the VM running, then cuts: suspends the VM only to read every thread's
   * stack and give each thread a fence, and resumes it.
   *
   * <p>First every loaded traced class is checked and, only when none is refused, all their breakpoints are
   * set from {@value #INSTALL_THREADS} threads while the event thread drains events (nothing is recorded yet;
   * a class prepared meanwhile is queued, its set resumed at once, and installed before the cut). Then the cut:
   * a thread running a traced block (its top frame traced, perhaps inside a breakpoint's callback) is left out,
   * after a few looks; a thread at rest in traced code is recorded from its start stack; any other thread from
   * where it next enters traced code. Hits raised before the cut are dropped exactly by a fence per thread: a
   * one-shot single-step request made during the suspension, whose event comes with the thread's first
   * instruction after the cut. The JDWP agent sends each thread's events in the order it raised them (one
   * queue, one sender), and a thread whose top frame is untraced has raised, before the cut, every breakpoint
   * event of its own (they are raised inside the breakpoint's callback, at the traced location). So a thread's
   * events before its fence came before the cut, and those from it on after. An exception event that comes after
   * the cut is a fence too: its thread was inside that event's callback at the cut (an exception holds its
   * thread until its set is resumed), and the unwinding it reports is still to come. A thread-start request
   * made during the suspension tells the threads started after the cut, recorded whole; any other thread the
   * cut did not see ended before it.
   *
   * @return false when a class was refused or a loaded traced class is not in the plan (no breakpoint is set), or
   *     when the profile's witnesses and the threads at rest's own breakpoints would pass the budget
   */
  boolean begin() throws InterruptedException {
    try {
      return cutWithBreakpointsSet();
    } catch (final VMDisconnectedException e) {
      if (died()) {
        return false; // It exited while the breakpoints were set: nothing was recorded, its death is told.
      }
      throw new TargetException("the target " + spec.target() + " disconnected during session " + spec.session()
          + " without exiting (killed outright?): where its threads stood is unknown");
    }
  }

  private boolean cutWithBreakpointsSet() throws InterruptedException {
    recorder.awaitCut();
    final Queue<ReferenceType> prepared = new ConcurrentLinkedQueue<>();
    session.deferInstalls(prepared);
    final boolean safe = whileDraining(() -> {
      final List<BreakpointInstaller.Verified> verified = new ArrayList<>();
      for (final ReferenceType type : vm.allClasses()) {
        if (type.isPrepared() && spec.filter().matches(type.name()) && session.claim(type)) {
          final BreakpointInstaller.Verified v = installer.verify(type);
          if (v != null) {
            verified.add(v);
          }
        }
      }
      if (!installer.refused().isEmpty() || !installer.unplannedPrepared().isEmpty()) {
        return false; // Refused, or the plan misses a loaded class: the attach plans again without a window.
      }
      installer.install(verified, INSTALL_THREADS);
      return true;
    });
    if (!safe) {
      return false;
    }
    for (int look = 1; ; look++) {
      if (look > 1) {
        final long until = System.nanoTime() + LOOK_MILLIS * 1_000_000;
        while (System.nanoTime() < until && !died()) {
          drainOnce(until);
        }
      }
      if (!whileDraining(() -> installQueued(prepared))) {
        return false;
      }
      if (died()) {
        return false;
      }
      final long suspended = System.nanoTime();
      final PauseClock clock = new PauseClock("cut " + spec.session() + " look " + look);
      vm.suspend();
      clock.mark("suspend");
      try {
        if (!prepared.isEmpty() && look < LOOKS) {
          // Prepared since the last install: set their breakpoints with the VM running, then look again (one class
          // can hold hundreds, one round trip each).
          clock.count("prepared", prepared.size());
          continue;
        }
        if (!installQueued(prepared)) { // prepared again and again: the last look installs them while stopped
          return false;
        }
        clock.mark("queued");
        final List<ThreadReference> threads = vm.allThreads();
        clock.mark("threads");
        clock.count("threads", threads.size());
        // Each stack is a few round trips: read them from several threads, so that they overlap.
        final java.util.concurrent.atomic.AtomicLong frames = new java.util.concurrent.atomic.AtomicLong();
        final Set<com.sun.jdi.ReferenceType> types = java.util.concurrent.ConcurrentHashMap.newKeySet();
        final long readBy = suspended + READ_BUDGET_MILLIS * 1_000_000;
        final boolean mayGiveUp = look < LOOKS;
        final List<ThreadStanding> stacks = inParallel(threads, t -> {
          if (mayGiveUp && System.nanoTime() > readBy) {
            return null; // not read: the look gives up
          }
          try {
            final List<StackFrame> fs = t.frames();
            frames.addAndGet(fs.size());
            fs.forEach(f -> types.add(f.location().declaringType()));
            return ThreadStanding.of(fs, spec.program());
          } catch (final IncompatibleThreadStateException | ObjectCollectedException e) {
            return ThreadStanding.of(t, spec.program());
          }
        });
        clock.mark("stacks");
        clock.count("frames", frames.get());
        clock.count("types", types.size());
        if (mayGiveUp && (stacks.contains(null) || System.nanoTime() > readBy)) {
          clock.count("over budget", 1);
          continue; // nothing was changed yet: resume, and look again
        }
        final Map<ThreadReference, ThreadStanding> at = new LinkedHashMap<>();
        for (int i = 0; i < threads.size(); i++) {
          at.put(threads.get(i), stacks.get(i));
        }
        if (CutRules.looksAgain(at.values(), look, windows != null)) {
          clock.count("busy", 1);
          continue;
        }
        // jdtrace's own breakpoints count too: one per thread at rest, and --within's entry and return breakpoints.
        final long ownBreakpoints = CutRules.ownBreakpoints(at.values(), windows == null ? 0 : windows.breakpoints());
        if (CutRules.overBudget(spec.witnesses().cardinality(), ownBreakpoints, spec.guardrails().maxBreakpoints())) {
          reserveNeeded = (int) ownBreakpoints; // The budget: plan fewer witnesses, and run the sessions again.
          return false;
        }
        final EventRequestManager erm = vm.eventRequestManager();
        final ThreadStartRequest later = erm.createThreadStartRequest();
        later.setSuspendPolicy(EventRequest.SUSPEND_NONE);
        later.enable();
        clock.mark("threadStart");
        final Set<Long> seen = new HashSet<>();
        final Set<Long> fences = new HashSet<>();
        final List<Boolean> fenced = inParallel(threads, t -> CutRules.getsFence(at.get(t)) && fence(t));
        for (int i = 0; i < threads.size(); i++) {
          seen.add(threads.get(i).uniqueID());
          if (fenced.get(i)) {
            fences.add(threads.get(i).uniqueID());
          }
        }
        clock.mark("fences");
        recorder.cut(seen, fences);
        if (windows == null) {
          at.forEach((thread, stack) -> {
            if (CutRules.placedByStack(stack, fences.contains(thread.uniqueID()))) {
              startAt(thread, stack);
            }
          });
        } else {
          // --within: a thread inside traced code at the cut opens no window until the call it is in ends.
          at.forEach((thread, stack) -> {
            if (stack.kind() != ThreadStanding.Kind.OUTSIDE) {
              windows.attachedAt(thread);
            }
          });
        }
        clock.mark("atRest");
        session.installPrepared(INSTALL_THREADS);
        return true;
      } finally {
        vm.resume();
        final long pause = System.nanoTime() - suspended;
        startSuspendNanos += pause;
        longestPauseNanos = Math.max(longestPauseNanos, pause);
        clock.mark("resume");
        clock.print();
      }
    }
  }

  /**
   * Gives a suspended thread its fence: a one-shot single step, raised at the first instruction it runs after
   * the cut, before any breakpoint there (the agent reports both in one set).
   *
   * @return false when the thread cannot step (it ended meanwhile): then it is not recorded
   */
  private boolean fence(final ThreadReference thread) {
    return fence(thread, JdiSession.FENCE);
  }

  /** A fence with this property: {@link JdiSession#FENCE} at the cut, {@link JdiSession#DETACH_FENCE} at the detach. */
  private boolean fence(final ThreadReference thread, final String kind) {
    try {
      final StepRequest step = vm.eventRequestManager().createStepRequest(thread, StepRequest.STEP_MIN,
          StepRequest.STEP_INTO);
      step.addCountFilter(1);
      step.setSuspendPolicy(EventRequest.SUSPEND_NONE);
      step.putProperty(kind, Boolean.TRUE);
      step.enable();
      return true;
    } catch (final IllegalThreadStateException | ObjectCollectedException | com.sun.jdi.InternalException e) {
      return false;
    }
  }

  /** Applies a JDI call to each item from {@value #INSTALL_THREADS} threads at once; results in item order. */
  private <T, R> List<R> inParallel(final List<T> items, final java.util.function.Function<T, R> call)
      throws InterruptedException {
    if (items.size() < 2 * INSTALL_THREADS) {
      return items.stream().map(call).toList();
    }
    try {
      final List<Future<R>> done = new ArrayList<>();
      for (final T item : items) {
        done.add(pool.submit(() -> call.apply(item)));
      }
      final List<R> out = new ArrayList<>();
      for (final Future<R> f : done) {
        out.add(f.get());
      }
      return out;
    } catch (final ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    }
  }

  /** Verifies and installs the classes prepared since the last call; false when one is refused. */
  private boolean installQueued(final Queue<ReferenceType> prepared) throws InterruptedException {
    final List<BreakpointInstaller.Verified> verified = new ArrayList<>();
    ReferenceType type;
    while ((type = prepared.poll()) != null) {
      final BreakpointInstaller.Verified v = installer.verify(type);
      if (v != null) {
        verified.add(v);
      }
    }
    if (!installer.refused().isEmpty()) {
      return false;
    }
    installer.install(verified, INSTALL_THREADS);
    return true;
  }

  /** Runs a task on another thread while this one, the event thread, handles the events that come meanwhile. */
  private boolean whileDraining(final Callable<Boolean> task) throws InterruptedException {
    final ExecutorService one = Executors.newSingleThreadExecutor(r -> {
      final Thread t = new Thread(r, "jdtrace-setup-" + spec.target());
      t.setDaemon(true);
      return t;
    });
    try {
      final Future<Boolean> done = one.submit(task);
      while (!done.isDone() && !died()) {
        drainOnce(System.nanoTime() + 5_000_000);
      }
      return !died() && done.get();
    } catch (final ExecutionException e) {
      if (died()) {
        return false;
      }
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } finally {
      one.shutdownNow();
    }
  }

  /** Handles at most one event set, waiting for it until the deadline. */
  private void drainOnce(final long until) throws InterruptedException {
    final EventSet set = vm.eventQueue().remove(Math.max(1, (until - System.nanoTime()) / 1_000_000));
    if (set != null && !session.handle(set) && !died()) {
      throw new TargetException("the target " + spec.target() + " disconnected during session " + spec.session()
          + " without exiting (killed outright?): where its threads stood is unknown");
    }
  }

  /**
   * Records a thread at rest from its start stack, with a one-shot breakpoint of its own where its untraced
   * call returns, so that it enters the stream even when this session's witnesses miss its path. A running
   * thread is left out.
   */
  private void startAt(final ThreadReference thread, final ThreadStanding at) {
    if (at.kind() == ThreadStanding.Kind.RUNNING) {
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
      own++;
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
    final GuardrailBreach breach = guardrails.check(recorder.hits(), System.nanoTime());
    return breach == null ? null : new Stop(breach);
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
   * suspended stacks; when that holds, records the hits still on their way until a detach fence proves they have all
   * come (see {@link #awaitDetachFence}), and removes every request.
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
      retireCutFences();
      if (cut(false)) {
        awaitDetachFence();
        return null;
      }
    }
  }

  /**
   * Once a fence came, every event raised before the cut has come, so a thread whose fence has not come yet (it has
   * not run since, or its fence is on its way) can have only later events on their way: it is recorded from now on,
   * and its fence request removed with the VM running, so that the look before the detach can give it a detach fence
   * (one step request per thread) without one more round trip while the VM is stopped.
   */
  private void retireCutFences() {
    final EventRequestManager erm = vm.eventRequestManager();
    if (windows != null || !recorder.fencePassed() || erm.stepRequests().isEmpty()) {
      return;
    }
    final List<StepRequest> fences = new ArrayList<>(erm.stepRequests());
    fences.forEach(r -> recorder.passed(r.thread())); // first: JDI drops the event of a removed request
    erm.deleteEventRequests(fences);
  }

  /**
   * After a last look that gave detach fences: records the events still on their way until the first detach fence
   * comes, which proves that every event raised before the look has come (see {@link #cut}); then removes the
   * requests. A target where no thread runs after the look raises no fence: after {@link #MARKER_MILLIS} (at least
   * the settle time) without one, the requests are removed as they were before the marker existed, and the session
   * says so ({@link #detachProven}).
   */
  private void awaitDetachFence() throws InterruptedException {
    if (!recorder.awaitsDetachFence()) {
      return;
    }
    final long until = System.nanoTime() + Math.max(MARKER_MILLIS, spec.guardrails().settleMillis()) * 1_000_000;
    while (recorder.awaitsDetachFence() && System.nanoTime() < until && !died()) {
      final EventSet set = vm.eventQueue().remove(Math.max(1, (until - System.nanoTime()) / 1_000_000));
      if (set != null && !session.handle(set)) {
        break; // disconnected: nothing more comes
      }
    }
    detachProven = recorder.closed();
    if (PauseClock.PRINT) {
      System.err.printf("jdtrace: detach %d: %s after %.1f ms%n", spec.session(), detachProven ? "fence came"
          : "no fence came", (System.nanoTime() - (until - Math.max(MARKER_MILLIS, spec.guardrails().settleMillis())
          * 1_000_000)) / 1e6);
    }
    recorder.detachFenceCame(); // from here on nothing is recorded
    home.forEach(recorder::backAtStart); // after the thread's last events, which the marker let come
    try {
      removeRequests(false);
      vm.eventRequestManager().deleteAllBreakpoints();
    } catch (final VMDisconnectedException e) {
      // It exited meanwhile: nothing is left to remove.
    }
  }

  /** Whether a detach fence proved that no hit raised before the last look was still on its way when the requests went. */
  boolean detachProven() {
    return detachProven;
  }

  /**
   * The last look: unless forced, only when no recorded thread is inside traced code; when forced, those threads are
   * marked cut. Then either gives every thread a detach fence and keeps the requests until one comes (once every
   * event raised before the cut has come, not for --within or when forced; DESIGN §3), or removes the requests.
   *
   * @return whether the session may end: no recorded thread was inside traced code, or it was forced
   */
  boolean cut(final boolean force) throws InterruptedException {
    boolean removed = false;
    final long suspended = System.nanoTime();
    final PauseClock clock = new PauseClock("look " + spec.session() + (force ? " forced" : ""));
    vm.suspend();
    clock.mark("suspend");
    try {
      final List<ThreadReference> busy = new ArrayList<>();
      final List<ThreadReference> home = new ArrayList<>();
      // Not records(): a thread whose start event is still on its way is not known yet, but may be recorded.
      final List<ThreadReference> threads = vm.allThreads().stream().filter(recorder::mayRecord).toList();
      clock.mark("threads");
      clock.count("threads", threads.size());
      if (windows != null) {
        threads.stream().filter(windows::inside).forEach(busy::add); // the session ends between windows
      } else {
        final Map<ThreadReference, int[]> starts = new HashMap<>();
        threads.forEach(t -> starts.put(t, recorder.startOf(t)));
        // Home (0), inside traced code (1), or out of it (2): read from several threads, the round trips overlap.
        // Over the read budget the look gives up (as busy) and the session settles again, but not for ever.
        final long readBy = suspended + READ_BUDGET_MILLIS * 1_000_000;
        final boolean mayGiveUp = !force && lateLooks < LOOKS;
        final List<Integer> where = inParallel(threads, t -> mayGiveUp && System.nanoTime() > readBy ? 1
            : starts.get(t) != null && ThreadStanding.of(t, spec.program()).at(starts.get(t)) ? 0
            : insideTracedCode(t) ? 1 : 2);
        if (mayGiveUp && System.nanoTime() > readBy) {
          lateLooks++;
          clock.mark("stacks");
          clock.count("over budget", 1);
          return false;
        }
        for (int i = 0; i < threads.size(); i++) {
          if (where.get(i) == 0) {
            home.add(threads.get(i));
          } else if (where.get(i) == 1) {
            busy.add(threads.get(i));
          }
        }
      }
      clock.mark("stacks");
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
      final EventRequestManager erm = vm.eventRequestManager();
      // The marker needs every event raised before the cut to have come (a fence came): then a thread whose cut fence
      // has not come can have only later events on their way, and is recorded.
      final boolean marked = CutRules.marksDetach(force, windows != null, recorder.fencePassed(),
          !erm.stepRequests().isEmpty());
      if (marked) {
        // Detach fences, one per thread, replace the cut fences still pending (one step request per thread): the first
        // to come follows every event raised before this look, and the requests stay until it has come.
        final List<StepRequest> pending = new ArrayList<>(erm.stepRequests());
        pending.forEach(r -> recorder.passed(r.thread()));
        erm.deleteEventRequests(pending);
        final List<Boolean> fenced = inParallel(vm.allThreads(), t -> fence(t, JdiSession.DETACH_FENCE));
        clock.count("detach fences", fenced.stream().filter(Boolean::booleanValue).count());
        recorder.closing();
        // A death from now on must not write stacks: they stand after the look.
        erm.deleteEventRequests(erm.vmDeathRequests());
        this.home = home;
      } else {
        removeRequests(false);
        if (windows != null) {
          windows.stopOpening(); // an entry still on its way opens no window whose end would go unseen
        }
        home.forEach(recorder::backAtStart);
        removed = true;
      }
      clock.mark("requests");
      return true;
    } finally {
      vm.resume();
      longestPauseNanos = Math.max(longestPauseNanos, System.nanoTime() - suspended);
      clock.mark("resume");
      clock.print();
      if (removed) {
        // The agent clears breakpoints one by one (128-253 ms for 3,832): not while the VM is suspended. No hit
        // raised meanwhile is recorded: JDI forgets the requests at once and drops the events of a forgotten
        // request when they are taken from its queue, which this thread (the only one taking them) does after.
        try {
          vm.eventRequestManager().deleteAllBreakpoints();
        } catch (final VMDisconnectedException e) {
          // It exited meanwhile: nothing is left to remove.
        }
      }
    }
  }

  /**
   * Handles the events still coming after the requests went (none is recorded once a detach fence came: they were
   * raised after the last look; without one, JDI drops those of removed requests); then counts the traced classes
   * the target has loaded.
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
    pool.shutdownNow();
    try {
      removeRequests();
      // The fences of threads that never ran since the cut: one round trip each, so not while suspended.
      final EventRequestManager erm = vm.eventRequestManager();
      erm.deleteEventRequests(erm.stepRequests());
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
    removeRequests(true);
  }

  /** Removes every request of the session; the breakpoints only when asked (see {@link #cut}). */
  private void removeRequests(final boolean breakpoints) {
    final EventRequestManager erm = vm.eventRequestManager();
    // First: a death after the cut must not write the stacks of threads whose hits are no longer recorded.
    erm.deleteEventRequests(erm.vmDeathRequests());
    if (breakpoints) {
      erm.deleteAllBreakpoints(); // One command for them all (JDWP ClearAllBreakpoints), not one round trip each.
    }
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

  /** The longest time the VM was suspended at once by the session: at its cut, or at a look before its detach. */
  long longestPauseMicros() {
    return longestPauseNanos / 1000;
  }

  /** Breakpoints the session set beyond its witnesses: one per thread at rest in traced code at the cut. */
  int ownBreakpoints() {
    return own;
  }

  /** Breakpoints of their own the threads at rest needed beyond the budget, or 0. */
  int reserveNeeded() {
    return reserveNeeded;
  }

  /** How long the VM was suspended while the session began. */
  long startSuspendMicros() {
    return startSuspendNanos / 1000;
  }

  /** The holds of the threads that prepared a traced class during the session. */
  ClassStops classStops() {
    return session.classStops();
  }

  BreakpointInstaller installer() {
    return installer;
  }
}
