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
import dev.jdtrace.collect.internal.CodeLocation;
import dev.jdtrace.collect.internal.JdiSession;
import dev.jdtrace.collect.internal.JitProfile;
import dev.jdtrace.collect.internal.LaunchedJvm;
import dev.jdtrace.collect.internal.ReflectionWatch;
import dev.jdtrace.collect.internal.RequestPool;
import dev.jdtrace.collect.internal.UntracedLoaded;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.GeneratedClasses;
import dev.jdtrace.plan.JavaCommand;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The first pass of a run: launches the program once and records which traced classes it prepares, and which of
 * their methods run, and which of them reflection enters ({@code ReflectionWatch}). Only those classes are planned;
 * a class that a later session prepares and the plan left out is the signal to plan again (a run's class loading
 * can depend on timing). The methods that ran weigh the cost model's prediction: a method that never ran is
 * expected to cost no hits.
 *
 * <p>Cost: each traced class's prepare stops its thread while a breakpoint at each method's entry (offset
 * 0, always an instruction start) is set with a count filter of 1: it reports the method's first run and
 * the agent then deletes it. Only then is the next set at that entry, reporting its second run. So a method
 * costs at most two events and holds one request at a time (every request set slows every hit, DESIGN §3).
 *
 * <p>How much more often a method ran, the JVM counts itself ({@code JitProfile}): its profile of every method
 * run often enough to be compiled, printed to a log of the run's own at exit. Counting with breakpoints costs a
 * hit per run, each walking every request set, and the requests of the methods that have not run yet (most of a
 * large library's) stay set: a javaparser parse's first run (ParserDriver 1, 387 classes, 2,153 methods ran) took
 * 8.6 s counting to 10 and 4.1 s counting to 1 alone (3 runs each, alternating; counting to 100 and 1,000 took
 * 101.6 s). Counting to 2 tells a method run once (set-up code) from one run again; on that parse the methods run
 * again that the JVM did not profile ran 40 times on average, 12 the median.
 *
 * <p>Neither event stops the thread: a method run again before its second request is in (a round trip after the
 * first event) counts from there, so a short burst of runs may count as one. The JVM counts the hot ones anyway,
 * and waiting cost a stop per method that ran: that parse's first run took 5.5-5.7 s, against 6.7-7.0 s waiting,
 * with 740 methods counted once against 551.
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
   * @param ran the methods of those classes that ran, as {@code class.name+descriptor} (generated classes left
   *     out: they have no plan), each with what is known of its runs: 1 (once), {@link #AGAIN} (more than once), or
   *     more: the runs the JVM's profile counted, a lower bound ({@code JitProfile})
   * @param jumps of the methods that ran, the jumps the JVM's profile counted, as triples (from bci, to bci, times):
   *     lower bounds ({@code JitProfile.Counts#jumps})
   * @param untraced the untraced, non-JDK classes loaded when the VM died ({@code UntracedLoaded}), sorted
   * @param reflected the traced methods reflection entered ({@code class.name+descriptor}), sorted, or {@code null}
   *     when it was called too often to watch ({@link SessionResult#MOST_REFLECTIVE_CALLS})
   * @param threads the threads seen entering traced methods: a lower bound of those that ran traced code (a
   *     thread that only ran methods others had run before reaches no breakpoint)
   * @param exitCode the program's exit code
   * @param stdoutSha256 hex digest of its standard output, to compare the sessions' with
   * @param wallMillis launch to the VM's death, where the debugger let go (its exit after that prints the JVM's profile)
   * @param probes what its own breakpoints cost it
   */
  public record Loaded(Set<String> classes, Map<String, Integer> ran, Map<String, long[]> jumps, Set<String> untraced,
      Set<String> reflected, int threads, int exitCode, String stdoutSha256, long wallMillis, Probes probes) {
    public Loaded {
      classes = Set.copyOf(classes);
      ran = Map.copyOf(ran);
      jumps = Map.copyOf(jumps);
      untraced = Set.copyOf(untraced);
      reflected = reflected == null ? null : Set.copyOf(reflected);
    }
  }

  /**
   * What the first run's counting breakpoints cost it, in the cost model's terms, so that what is left of its wall
   * time is the program's own run under the agent, which every session pays too.
   *
   * @param breakpoints the breakpoints it set
   * @param stops the events that held a thread while the debugger worked: the traced classes' prepares
   * @param hits the hits of its breakpoints: each reports the run it counts to (the first, or the next after it)
   * @param walks the requests each of those hits walked, summed: the agent walks every request set on every hit.
   *     On that javaparser parse, counting to ten (the runs before the tenth walk the requests set when it
   *     reported): 37.6 million, 3.3 s at this machine's cost per request; counting to two, 11.8 million
   */
  public record Probes(int breakpoints, int stops, long hits, long walks) {
  }

  /** The runs of a method that ran more than once and that the JVM's profile did not count. */
  public static final int AGAIN = 2;

  /** Runs of a method at which its entry breakpoints report. */
  private static final int[] TIERS = {1, AGAIN};
  /** Property key holding a breakpoint's tier: its index in {@link #TIERS}. */
  private static final String TIER = "jdtrace.tier";

  /** Property key holding a method-entry breakpoint's {@code class.name+descriptor}. */
  private static final String METHOD = "jdtrace.method";

  private FirstRun() {
  }

  /**
   * Counts the first run's {@link Probes} as they happen. A request counts as set from its {@code enable} until it
   * reports: its count filter then deletes it in the agent.
   */
  private static final class Tally {
    private final AtomicInteger breakpoints = new AtomicInteger();
    private final AtomicLong pending = new AtomicLong();
    private int stops;
    private long hits;
    private long walks;

    void set() {
      breakpoints.incrementAndGet();
      pending.incrementAndGet();
    }

    void stop() {
      stops++;
    }

    /** A breakpoint reported after counting {@code runs} hits, each of which walked the requests set. */
    void reported(final int runs) {
      hits += runs;
      walks += runs * pending.getAndDecrement();
    }

    Probes probes() {
      return new Probes(breakpoints.get(), stops, hits, walks);
    }
  }

  /**
   * What the first run saw when the VM died: all but the JVM's own counts, its exit code and its output's digest,
   * which come once it has exited.
   *
   * @param classes as {@link Loaded#classes}
   * @param ran the keys of {@link Loaded#ran}
   * @param untraced as {@link Loaded#untraced}
   * @param reflected as {@link Loaded#reflected}
   */
  public record AtDeath(Set<String> classes, Set<String> ran, Set<String> untraced, Set<String> reflected) {
  }

  /**
   * Runs the command once and returns the traced classes it prepared. Its output passes through to
   * {@code out} and {@code err} as it comes: this can be the run the user watches and answers.
   *
   * @param atDeath told what the run saw as soon as its VM died: the JVM then prints its profile before it exits
   *     (GuavaDriver 0.15 s, javaparser 0.6 s), which the caller can spend loading the classes
   * @throws TargetException when the target cannot be started
   */
  public static Loaded run(final JavaCommand command, final ClassFilter filter, final StandardInput stdin,
      final OutputStream out, final OutputStream err, final Consumer<AtDeath> atDeath) {
    final long start = System.nanoTime();
    final Path profile = profileLog();
    try (LaunchedJvm target = LaunchedJvm.start(command.args(),
        JitProfile.options(command.jvmOptions(System.getenv()), profile),
        stdin, out, err);
        RequestPool requests = new RequestPool(RequestPool.THREADS)) {
      final VirtualMachine vm = JdiSession.attach("127.0.0.1", target.awaitPort());
      final Set<String> classes = new TreeSet<>();
      final Map<String, Integer> ran = new TreeMap<>();
      final Tally tally = new Tally();
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
          prepared(vm, type, classes, requests, tally);
        }
      }
      final Set<String> untraced = new TreeSet<>();
      final Set<Long> threads = new HashSet<>();
      final ReflectionWatch reflection = ReflectionWatch.set(vm, filter);
      drain(vm, filter, classes, ran, untraced, threads, reflection, requests, tally);
      // Its time ends where the debugger let go, at the VM's death, as a session's does: what the JVM does after it is
      // printing its profile (GuavaDriver 0.15 s, javaparser 0.6 s), which no session pays.
      final long drained = System.nanoTime();
      atDeath.accept(new AtDeath(Set.copyOf(classes), Set.copyOf(ran.keySet()), Set.copyOf(untraced),
          reflection.overflowed() ? null : Set.copyOf(reflection.entered())));
      final int exitCode = target.waitFor();
      final JitProfile.Counts counts = JitProfile.read(profile, ran::containsKey);
      counts.runs().forEach((method, runs) -> ran.computeIfPresent(method,
          (m, known) -> (int) Math.max(known, Math.min(runs, Integer.MAX_VALUE))));
      return new Loaded(classes, ran, counts.jumps(), untraced, reflection.overflowed() ? null : reflection.entered(),
          threads.size(), exitCode, target.stdoutSha256(), (drained - start) / 1_000_000, tally.probes());
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while running the program's first pass");
    } finally {
      deleteQuietly(profile);
    }
  }

  /**
   * Where the JVM writes its log: a file it creates (or, another JVM, does not) in a fresh temporary directory
   * only this user can enter, so that no one can put a link at that name first.
   */
  private static Path profileLog() {
    try {
      return Files.createTempDirectory("jdtrace-first-run-").resolve("jvm.log");
    } catch (final IOException e) {
      throw new java.io.UncheckedIOException("cannot create a temporary directory for the first run's profile", e);
    }
  }

  private static void deleteQuietly(final Path log) {
    try {
      Files.deleteIfExists(log);
      Files.deleteIfExists(log.getParent());
    } catch (final IOException e) {
      // A temporary file left behind; the run goes on.
    }
  }

  /**
   * Records a prepared class and sets the counting breakpoints at the entry of each of its methods with code, from
   * several threads: each is a round trip or two (the line table, the request) while the class's thread waits.
   */
  private static void prepared(final VirtualMachine vm, final ReferenceType type, final Set<String> classes,
      final RequestPool requests, final Tally tally) throws InterruptedException {
    if (!classes.add(type.name()) || GeneratedClasses.isGenerated(type.name())) {
      // A generated class (a lambda proxy) has no class file: no plan holds its methods, so whether they ran
      // tells nothing, and each of its entry breakpoints slows every other hit (javaparser: 390 of 777 classes).
      return;
    }
    requests.forEach(type.methods(), m -> {
      if (!m.isAbstract() && !m.isNative()) {
        count(vm, new CodeLocation(m, 0), type.name() + "." + m.name() + m.signature(), 0, tally);
      }
    });
  }

  /**
   * A once-only breakpoint at a method's entry that reports its {@code TIERS[tier]}-th run, set once the
   * method has reached the tier below (or at its class's prepare for the first).
   */
  private static void count(final VirtualMachine vm, final Location entry, final String method, final int tier,
      final Tally tally) {
    final BreakpointRequest bp = vm.eventRequestManager().createBreakpointRequest(entry);
    bp.setSuspendPolicy(EventRequest.SUSPEND_NONE);
    bp.addCountFilter(runsTo(tier));
    bp.putProperty(METHOD, method);
    bp.putProperty(TIER, tier);
    bp.enable();
    tally.set();
  }

  /** The runs a tier's breakpoint counts, from the tier below's report (the first: from the class's prepare). */
  private static int runsTo(final int tier) {
    return TIERS[tier] - (tier == 0 ? 0 : TIERS[tier - 1]);
  }

  /**
   * Records class prepares and method entries until the target disconnects, and at its death the untraced
   * classes it loaded; every set that suspended something (the VM start, class prepares, method entries
   * below the last tier, the death) is resumed once handled.
   */
  private static void drain(final VirtualMachine vm, final ClassFilter filter, final Set<String> classes,
      final Map<String, Integer> ran, final Set<String> untraced, final Set<Long> threads,
      final ReflectionWatch reflection, final RequestPool requests, final Tally tally) throws InterruptedException {
    boolean died = false;
    try {
      while (true) {
        final EventSet set = vm.eventQueue().remove();
        for (final Event event : set) {
          if (ReflectionWatch.isWatch(event)) {
            reflection.handle(event);
          } else if (event instanceof ClassPrepareEvent cp) {
            tally.stop();
            prepared(vm, cp.referenceType(), classes, requests, tally);
          } else if (event instanceof BreakpointEvent bp) {
            final String method = (String) bp.request().getProperty(METHOD);
            final int tier = (Integer) bp.request().getProperty(TIER);
            ran.merge(method, TIERS[tier], Math::max);
            threads.add(bp.thread().uniqueID());
            tally.reported(runsTo(tier));
            if (tier + 1 < TIERS.length) {
              count(vm, bp.location(), method, tier + 1, tally);
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
