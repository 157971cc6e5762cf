package dev.jdtrace.collect.calibrate;

import com.sun.jdi.ClassType;
import com.sun.jdi.Location;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.collect.internal.JdiSession;
import dev.jdtrace.collect.internal.LaunchedJvm;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.plan.cost.CostModel;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Measures the cost model on this machine by tracing {@link CalibrationTarget}: its loop with no
 * breakpoint, with one on the hot method, and with extra ones on the cold method (which the JDWP agent
 * still walks on every hit), then two sessions of one breakpoint at once. The runs with breakpoints also hold one
 * at the entry of the target's work loop, which keeps it interpreted, and a suspending one at the entry of its stop
 * method, and time the setting of their breakpoints. About eight seconds.
 */
public final class Calibration {
  /** Hits per measurement: enough to dwarf timer noise, few enough to stay short with many breakpoints. */
  static final int HITS = 10_000;
  /**
   * Hits per run for the parallel gain: the one-breakpoint loop of {@link #HITS} takes about 80 ms, too short to tell
   * two at once apart from the noise of their launches.
   */
  static final int GAIN_HITS = 4 * HITS;
  /** Extra breakpoints for the c1 measurement: ≈0.05 µs each, so ≈25 µs per hit, clearly above noise. */
  static final int EXTRA = 500;
  /** Block entries of the target's work loop per run: each call's iterations, two entries each. */
  static final double WORK_ENTRIES = 2.0 * CalibrationTarget.WORK_CALLS * CalibrationTarget.WORK_ITERATIONS;

  private Calibration() {
  }

  /**
   * A measured model, and why it may be skewed.
   *
   * @param busy why the machine was busy while it was measured, or {@code null} when it was idle: a busy
   *     measurement is for this run only, to be taken again when the machine is idle
   */
  public record Measurement(CostModel model, String busy) {
  }

  /**
   * One traced run of the target, in nanoseconds.
   *
   * @param loopNanos the hot loop, as the target timed it
   * @param workNanos the work loop, as the target timed it
   * @param stopNanos the stop method's calls, as the target timed them
   * @param setNanos the setting of the breakpoints, as the debugger timed it
   */
  record Run(double loopNanos, double workNanos, double stopNanos, double setNanos) {
    /** The faster of two runs, figure by figure: noise only ever adds time. */
    Run min(final Run other) {
      return new Run(Math.min(loopNanos, other.loopNanos), Math.min(workNanos, other.workNanos),
          Math.min(stopNanos, other.stopNanos), Math.min(setNanos, other.setNanos));
    }
  }

  /** Measures the model; {@code progress} hears one line per step. */
  public static CostModel measure(final Consumer<String> progress) {
    return measure(progress, true).model();
  }

  /**
   * Measures the model and says whether the machine was busy meanwhile.
   *
   * @param cached whether the model will be cached (the first line says it is measured once)
   */
  public static Measurement measure(final Consumer<String> progress, final boolean cached) {
    progress.accept("calibrating the cost model for this machine (" + (cached ? "once; " : "") + "a few seconds)");
    final String busyBefore = MachineLoad.busyNow();
    measureLoop(0); // Warms the disk cache and this JVM's JDI classes.
    final long start = System.nanoTime();
    final Run bare = measureLoop(0).min(measureLoop(0));
    final double launchMillis = (System.nanoTime() - start) / 2e6;
    final Run oneA = measureLoop(1);
    final Run oneB = measureLoop(1);
    final Run one = oneA.min(oneB);
    final Run many = measureLoop(1 + EXTRA).min(measureLoop(1 + EXTRA));
    final int cores = Runtime.getRuntime().availableProcessors();
    // On sessions of one breakpoint, whose hits are the agent's event and the debugger reading it: measured on 501
    // breakpoints, mostly the agent's walk, it came out at 1.7 on a day when two commons-compress sessions of ~100
    // breakpoints and ~150k hits each took 1.6-1.9x their time alone.
    // (The loop's time alone scales with its hits: the one-breakpoint runs give it.)
    final double gain = cores == 1 ? 1.0 : gain(one.loopNanos() * GAIN_HITS / HITS, cores,
        Math.min(slowestOf(cores), slowestOf(cores)));
    final CostModel model = fit(bare, one, many, launchMillis, gain);
    progress.accept(String.format("cost model: %.1f µs per hit + %.3f µs per breakpoint set, %.0f µs to set a "
        + "breakpoint, %.3f µs per block entry kept interpreted, %.0f µs per stop of a thread, %.0f ms per launch, "
        + "%.2f× throughput with %d sessions at once", model.c0Micros(), model.c1Micros(), model.setMicros(),
        model.interpretedMicros(), model.stopMicros(), launchMillis, gain, cores));
    final String busy = busyBefore != null ? busyBefore
        : MachineLoad.disagreement("the cost of a hit", oneA.loopNanos() - bare.loopNanos(),
            oneB.loopNanos() - bare.loopNanos());
    return new Measurement(model, busy);
  }

  /**
   * The terms the model measures, in the machine's name: a model cached before a term was added lacks it, so
   * it is measured again rather than read with that term at zero. Model 4: launches let go of the VM at its
   * death, which took 0.3 s off each ({@link JdiSession#release}). Model 5: the parallel gain measured on sessions
   * of one breakpoint, as the schedule takes it.
   */
  static final String MODEL = "model 5 (hits, breakpoints set, interpreted entries, stops, launch, gain of one)";

  /** The machine a model was measured on: a cached model from elsewhere must not be reused. */
  public static String machine() {
    return System.getProperty("java.vm.version") + " " + System.getProperty("os.arch") + " "
        + Runtime.getRuntime().availableProcessors() + " cores, " + MODEL;
  }

  /**
   * The model from the target's runs: with no breakpoint, with one on the hot method (and one keeping the work
   * loop interpreted), and with {@code 1 + }{@link #EXTRA} on it. Noise can make a dearer run measure faster: a
   * hit then costs at least 0.1 µs, and a breakpoint set, or interpretation, never makes anything cheaper.
   */
  static CostModel fit(final Run bare, final Run one, final Run many, final double launchMillis, final double gain) {
    final double c0 = Math.max(0.1, (one.loopNanos() - bare.loopNanos()) / HITS / 1000.0);
    final double c1 = Math.max(0.0, (many.loopNanos() - one.loopNanos()) / HITS / EXTRA / 1000.0);
    // The many run sets 3 + EXTRA breakpoints (the hot, the work, the stop and the cold ones).
    final double set = Math.max(0.0, many.setNanos() / (3 + EXTRA) / 1000.0);
    // Each stop is a hit too.
    final double stop = Math.max(0.0, (one.stopNanos() - bare.stopNanos()) / CalibrationTarget.STOPS / 1000.0 - c0);
    // The work loop's entry is a hit per call: those hits are not interpretation.
    final double interpreted = Math.max(0.0, ((one.workNanos() - bare.workNanos()) / 1000.0
        - CalibrationTarget.WORK_CALLS * c0) / WORK_ENTRIES);
    return new CostModel(c0, c1, set, interpreted, stop, launchMillis, gain, machine());
  }

  /**
   * The throughput of {@code cores} sessions at once relative to one session, from one session's loop time
   * and the slowest of the sessions run at once; at least 1, since sessions could always run one by one.
   */
  static double gain(final double singleNanos, final int cores, final double slowestNanos) {
    return Math.max(1.0, cores * singleNanos / slowestNanos);
  }

  /** Runs {@code cores} sessions of one breakpoint at once; returns the slowest one's loop time. */
  private static double slowestOf(final int cores) {
    final List<CompletableFuture<Double>> runs = new ArrayList<>();
    for (int i = 0; i < cores; i++) {
      runs.add(CompletableFuture.supplyAsync(() -> measureLoop(1, GAIN_HITS).loopNanos()));
    }
    double slowest = 0;
    for (final CompletableFuture<Double> r : runs) {
      slowest = Math.max(slowest, r.join());
    }
    return slowest;
  }

  /**
   * Traces the target once with {@code breakpoints} breakpoints: the first on the hot method, the rest on
   * the cold one, and with any of them one more at the work method's entry.
   */
  private static Run measureLoop(final int breakpoints) {
    return measureLoop(breakpoints, HITS);
  }

  /** As {@link #measureLoop(int)}, with {@code hits} runs of the hot loop. */
  private static Run measureLoop(final int breakpoints, final int hits) {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final List<String> command = List.of(JavaCommand.currentJava(),
        "-cp", classpath(), CalibrationTarget.class.getName(), Integer.toString(hits));
    final long setNanos;
    try (LaunchedJvm target = LaunchedJvm.start(command, StandardInput.none(), out,
        java.io.OutputStream.nullOutputStream())) {
      final VirtualMachine vm = JdiSession.attach("127.0.0.1", target.awaitPort());
      final ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
      prepare.addClassFilter(CalibrationTarget.class.getName());
      prepare.setSuspendPolicy(EventRequest.SUSPEND_ALL);
      prepare.enable();
      setNanos = drain(vm, breakpoints);
      if (target.waitFor() != 0) {
        throw new TargetException("the calibration program failed");
      }
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while calibrating");
    }
    final String[] printed = out.toString(StandardCharsets.UTF_8).trim().split(" ");
    if (printed.length != 6 || !printed[0].equals("loop-nanos") || !printed[2].equals("work-nanos")
        || !printed[4].equals("stop-nanos")) {
      throw new TargetException("the calibration program printed '" + String.join(" ", printed) + "'");
    }
    return new Run(Double.parseDouble(printed[1]), Double.parseDouble(printed[3]), Double.parseDouble(printed[5]),
        setNanos);
  }

  /**
   * Handles events until the target exits: breakpoints go in when the class is prepared, the VM held meanwhile
   * as a session holds the preparing thread. Returns how long setting them took, in nanoseconds.
   */
  private static long drain(final VirtualMachine vm, final int breakpoints) throws InterruptedException {
    long setNanos = 0;
    while (true) {
      final EventSet set;
      try {
        set = vm.eventQueue().remove();
      } catch (final com.sun.jdi.VMDisconnectedException e) {
        return setNanos;
      }
      for (final Event e : set) {
        if (e instanceof ClassPrepareEvent prepared) {
          final ClassType type = (ClassType) prepared.referenceType();
          final Location hot = type.methodsByName("hot").get(0).location();
          final Location cold = type.methodsByName("cold").get(0).location();
          final Location work = type.methodsByName("work").get(0).location();
          final Location stop = type.methodsByName("stop").get(0).location();
          final long start = System.nanoTime();
          for (int i = 0; i < breakpoints; i++) {
            // Requests at the same cold location still cost: the agent walks every handler per event.
            breakpoint(vm, i == 0 ? hot : cold);
          }
          if (breakpoints > 0) {
            breakpoint(vm, work); // hit once per call; keeps the work loop interpreted
            // Stops the thread at each call until its event set is resumed below, as a first run's probe does.
            breakpoint(vm, stop, EventRequest.SUSPEND_EVENT_THREAD);
          }
          setNanos = System.nanoTime() - start;
        } else if (e instanceof VMDeathEvent) {
          JdiSession.release(vm); // as sessions do: the launch costs what theirs do
          return setNanos;
        } else if (e instanceof VMDisconnectEvent) {
          return setNanos;
        }
      }
      set.resume();
    }
  }

  private static void breakpoint(final VirtualMachine vm, final Location at) {
    breakpoint(vm, at, EventRequest.SUSPEND_NONE);
  }

  private static void breakpoint(final VirtualMachine vm, final Location at, final int suspendPolicy) {
    final BreakpointRequest bp = vm.eventRequestManager().createBreakpointRequest(at);
    bp.setSuspendPolicy(suspendPolicy);
    bp.enable();
  }

  private static String classpath() {
    try {
      return new File(CalibrationTarget.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
    } catch (final URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
