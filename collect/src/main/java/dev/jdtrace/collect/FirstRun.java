package dev.jdtrace.collect;

import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.VMDeathRequest;
import dev.jdtrace.collect.internal.JdiSession;
import dev.jdtrace.collect.internal.LaunchedJvm;
import dev.jdtrace.collect.internal.ReflectionWatch;
import dev.jdtrace.collect.internal.RequestPool;
import dev.jdtrace.collect.internal.UntracedLoaded;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.GeneratedClasses;
import dev.jdtrace.plan.JavaCommand;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The first pass of a run: launches the program once and records which traced classes it prepares, and which of
 * their methods run, and which of them reflection enters ({@code ReflectionWatch}). Only those classes are planned;
 * a class that a later session prepares and the plan left out is the signal to plan again (a run's class loading
 * can depend on timing). The methods that ran weigh the cost model's prediction: a method that never ran is
 * expected to cost no hits.
 *
 * <p>Cost: each traced class's prepare stops its thread while a breakpoint at each method's entry (offset
 * 0, always an instruction start) is set with a count filter of 1: it reports the method's first run and
 * the agent then deletes it. Only then is the next set at that entry, reporting its 10th run; the thread
 * waits while it is set. So a method costs at most two events (one suspending), holds one request at a time
 * (every request set slows every hit, DESIGN §3), and is known to have run once, or ten times or more.
 *
 * <p>No more tiers: a pending count filter is a breakpoint event on every entry of its method, each walking
 * every request set, and the requests of the methods that have not run yet (most of a large library's) stay
 * set. Counting to 100 and 1,000 made the first run of a javaparser parse (ParserDriver 1: 777 classes, 2,653
 * methods ran) take 101.6 s against 15.3 s to 10 and 8.5 s to 1 alone, on the same loaded machine.
 *
 * <p>Generated classes (lambda proxies) get none: no plan holds them. On that parse they held 500 of the 2,653
 * methods that ran, and leaving them out took its first run from 12.4–13.9 s to 9.6–10.8 s (alternate runs).
 */
public final class FirstRun {
  /**
   * What the first pass saw.
   *
   * @param classes binary names of the traced classes prepared, sorted (hidden classes such as lambda
   *     proxies included: they have no class file, so planning skips them)
   * @param ran the methods of those classes that ran, as {@code class.name+descriptor}, each with the
   *     larger of 1 and 10 that its runs reached (generated classes left out: they have no plan)
   * @param untraced the untraced, non-JDK classes loaded when the VM died ({@code UntracedLoaded}), sorted
   * @param reflected the traced methods reflection entered ({@code class.name+descriptor}), sorted, or {@code null}
   *     when it was called too often to watch ({@link SessionResult#MOST_REFLECTIVE_CALLS})
   * @param threads the threads seen entering traced methods: a lower bound of those that ran traced code (a
   *     thread that only ran methods others had run before reaches no breakpoint)
   * @param exitCode the program's exit code
   * @param stdoutSha256 hex digest of its standard output, to compare the sessions' with
   * @param wallMillis launch to exit
   */
  public record Loaded(Set<String> classes, Map<String, Integer> ran, Set<String> untraced, Set<String> reflected,
      int threads, int exitCode, String stdoutSha256, long wallMillis) {
    public Loaded {
      classes = Set.copyOf(classes);
      ran = Map.copyOf(ran);
      untraced = Set.copyOf(untraced);
      reflected = reflected == null ? null : Set.copyOf(reflected);
    }
  }

  /** Runs of a method at which its entry breakpoints report. */
  private static final int[] TIERS = {1, 10};
  /** Property key holding a breakpoint's tier: its index in {@link #TIERS}. */
  private static final String TIER = "jdtrace.tier";

  /** Threads setting a class's breakpoints at once. */
  private static final int INSTALL_THREADS = 4;

  /** Property key holding a method-entry breakpoint's {@code class.name+descriptor}. */
  private static final String METHOD = "jdtrace.method";

  private FirstRun() {
  }

  /**
   * Runs the command once and returns the traced classes it prepared. Its output passes through to
   * {@code out} and {@code err} as it comes: this can be the run the user watches and answers.
   *
   * @throws TargetException when the target cannot be started
   */
  public static Loaded run(final JavaCommand command, final ClassFilter filter, final StandardInput stdin,
      final OutputStream out, final OutputStream err) {
    final long start = System.nanoTime();
    try (LaunchedJvm target = LaunchedJvm.start(command.args(), stdin, out, err);
        RequestPool requests = new RequestPool(INSTALL_THREADS)) {
      final VirtualMachine vm = JdiSession.attach("127.0.0.1", target.awaitPort());
      final Set<String> classes = new TreeSet<>();
      final Map<String, Integer> ran = new TreeMap<>();
      for (final String include : filter.includes()) {
        final ClassPrepareRequest r = vm.eventRequestManager().createClassPrepareRequest();
        r.addClassFilter(include);
        filter.excludes().forEach(r::addClassExclusionFilter);
        // The preparing thread waits until the class's entry breakpoints are in; it runs the initialiser.
        r.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        r.enable();
      }
      // Held at its death, the VM has sent every SUSPEND_NONE method-entry event before it (unheld, the
      // agent drops those still queued, and methods that ran would count as never run), and shows the
      // untraced classes it loaded.
      final VMDeathRequest death = vm.eventRequestManager().createVMDeathRequest();
      death.setSuspendPolicy(EventRequest.SUSPEND_ALL);
      death.enable();
      for (final ReferenceType type : vm.allClasses()) {
        if (type.isPrepared() && filter.matches(type.name())) {
          prepared(vm, type, classes, requests);
        }
      }
      final Set<String> untraced = new TreeSet<>();
      final Set<Long> threads = new HashSet<>();
      final ReflectionWatch reflection = ReflectionWatch.set(vm, filter);
      drain(vm, filter, classes, ran, untraced, threads, reflection, requests);
      final int exitCode = target.waitFor();
      return new Loaded(classes, ran, untraced, reflection.overflowed() ? null : reflection.entered(), threads.size(),
          exitCode, target.stdoutSha256(),
          (System.nanoTime() - start) / 1_000_000);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while running the program's first pass");
    }
  }

  /**
   * Records a prepared class and sets the counting breakpoints at the entry of each of its methods with code, from
   * several threads: each is a round trip or two (the line table, the request) while the class's thread waits.
   */
  private static void prepared(final VirtualMachine vm, final ReferenceType type, final Set<String> classes,
      final RequestPool requests) throws InterruptedException {
    if (!classes.add(type.name()) || GeneratedClasses.isGenerated(type.name())) {
      // A generated class (a lambda proxy) has no class file: no plan holds its methods, so whether they ran
      // tells nothing, and each of its entry breakpoints slows every other hit (javaparser: 390 of 777 classes).
      return;
    }
    requests.forEach(type.methods(), m -> {
      if (!m.isAbstract() && !m.isNative() && m.location() != null) {
        count(vm, m.location(), type.name() + "." + m.name() + m.signature(), 0);
      }
    });
  }

  /**
   * A once-only breakpoint at a method's entry that reports its {@code TIERS[tier]}-th run, set once the
   * method has reached the tier below (or at its class's prepare for the first).
   */
  private static void count(final VirtualMachine vm, final Location entry, final String method, final int tier) {
    final BreakpointRequest bp = vm.eventRequestManager().createBreakpointRequest(entry);
    // The thread waits while the next tier is set, or a hot method would run past it unseen; the last
    // tier has no next.
    bp.setSuspendPolicy(tier + 1 < TIERS.length ? EventRequest.SUSPEND_EVENT_THREAD : EventRequest.SUSPEND_NONE);
    bp.addCountFilter(TIERS[tier] - (tier == 0 ? 0 : TIERS[tier - 1]));
    bp.putProperty(METHOD, method);
    bp.putProperty(TIER, tier);
    bp.enable();
  }

  /**
   * Records class prepares and method entries until the target disconnects, and at its death the untraced
   * classes it loaded; every set that suspended something (the VM start, class prepares, method entries
   * below the last tier, the death) is resumed once handled.
   */
  private static void drain(final VirtualMachine vm, final ClassFilter filter, final Set<String> classes,
      final Map<String, Integer> ran, final Set<String> untraced, final Set<Long> threads,
      final ReflectionWatch reflection, final RequestPool requests) throws InterruptedException {
    boolean died = false;
    try {
      while (true) {
        final EventSet set = vm.eventQueue().remove();
        for (final Event event : set) {
          if (ReflectionWatch.isWatch(event)) {
            reflection.handle(event);
          } else if (event instanceof ClassPrepareEvent cp) {
            prepared(vm, cp.referenceType(), classes, requests);
          } else if (event instanceof BreakpointEvent bp) {
            final String method = (String) bp.request().getProperty(METHOD);
            final int tier = (Integer) bp.request().getProperty(TIER);
            ran.merge(method, TIERS[tier], Math::max);
            threads.add(bp.thread().uniqueID());
            if (tier + 1 < TIERS.length) {
              count(vm, bp.location(), method, tier + 1);
            }
          } else if (event instanceof VMDeathEvent && set.suspendPolicy() == EventRequest.SUSPEND_ALL) {
            untraced.addAll(UntracedLoaded.of(vm, filter));
            died = true;
          } else if (event instanceof VMDisconnectEvent) {
            return;
          }
        }
        if (set.suspendPolicy() != EventRequest.SUSPEND_NONE) {
          set.resume();
        }
        if (died) {
          JdiSession.release(vm);
          return;
        }
      }
    } catch (final VMDisconnectedException e) {
      // The target is gone; every event before its exit has been drained.
    }
  }
}
