package dev.jdtrace.driver.calibrate;

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
import dev.jdtrace.distributor.cost.CostModel;
import dev.jdtrace.driver.StandardInput;
import dev.jdtrace.driver.TargetException;
import dev.jdtrace.driver.internal.JdiSession;
import dev.jdtrace.driver.internal.TargetProcess;
import dev.jdtrace.profiler.JavaCommand;
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
 * still walks on every hit), then two sessions at once. About five seconds.
 */
public final class Calibration {
  /** Hits per measurement: enough to dwarf timer noise, few enough to stay short with many breakpoints. */
  static final int HITS = 10_000;
  /** Extra breakpoints for the c1 measurement: ≈0.05 µs each, so ≈25 µs per hit, clearly above noise. */
  static final int EXTRA = 500;

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
    final double bare = Math.min(measureLoop(0), measureLoop(0));
    final double launchMillis = (System.nanoTime() - start) / 2e6;
    final double oneA = measureLoop(1);
    final double oneB = measureLoop(1);
    final double one = Math.min(oneA, oneB);
    final double many = Math.min(measureLoop(1 + EXTRA), measureLoop(1 + EXTRA));
    final int cores = Runtime.getRuntime().availableProcessors();
    final double gain = cores == 1 ? 1.0 : gain(many, cores, slowestOf(cores));
    final CostModel model = fit(bare, one, many, launchMillis, gain);
    final double c0 = model.c0Micros();
    final double c1 = model.c1Micros();
    progress.accept(String.format("cost model: %.1f µs per hit + %.3f µs per breakpoint set, %.0f ms per launch, "
        + "%.2f× throughput with %d sessions at once", c0, c1, launchMillis, gain, cores));
    final String busy = busyBefore != null ? busyBefore
        : MachineLoad.disagreement("the cost of a hit", oneA - bare, oneB - bare);
    return new Measurement(model, busy);
  }

  /** The machine a model was measured on: a cached model from elsewhere must not be reused. */
  public static String machine() {
    return System.getProperty("java.vm.version") + " " + System.getProperty("os.arch") + " "
        + Runtime.getRuntime().availableProcessors() + " cores";
  }

  /**
   * The model from the loop times of the target (nanoseconds for {@link #HITS} hits): with no breakpoint,
   * with one, and with {@code 1 + }{@link #EXTRA}. Noise can make a dearer run measure faster: a hit then
   * costs at least 0.1 µs, and a breakpoint set never makes hits cheaper.
   */
  static CostModel fit(final double bareNanos, final double oneNanos, final double manyNanos,
      final double launchMillis, final double gain) {
    final double c0 = Math.max(0.1, (oneNanos - bareNanos) / HITS / 1000.0);
    final double c1 = Math.max(0.0, (manyNanos - oneNanos) / HITS / EXTRA / 1000.0);
    return new CostModel(c0, c1, launchMillis, gain, machine());
  }

  /**
   * The throughput of {@code cores} sessions at once relative to one session, from one session's loop time
   * and the slowest of the sessions run at once; at least 1, since sessions could always run one by one.
   */
  static double gain(final double singleNanos, final int cores, final double slowestNanos) {
    return Math.max(1.0, cores * singleNanos / slowestNanos);
  }

  /** Runs {@code cores} sessions at once; returns the slowest one's loop time. */
  private static double slowestOf(final int cores) {
    final List<CompletableFuture<Double>> runs = new ArrayList<>();
    for (int i = 0; i < cores; i++) {
      runs.add(CompletableFuture.supplyAsync(() -> measureLoop(1 + EXTRA)));
    }
    double slowest = 0;
    for (final CompletableFuture<Double> r : runs) {
      slowest = Math.max(slowest, r.join());
    }
    return slowest;
  }

  /**
   * Traces the target once with {@code breakpoints} breakpoints: the first on the hot method, the rest on
   * the cold one; returns the loop time the target measured, in nanoseconds.
   */
  private static double measureLoop(final int breakpoints) {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final List<String> command = List.of(JavaCommand.currentJava(),
        "-cp", classpath(), CalibrationTarget.class.getName(), Integer.toString(HITS));
    try (TargetProcess target = TargetProcess.start(command, StandardInput.none(), out,
        java.io.OutputStream.nullOutputStream())) {
      final VirtualMachine vm = JdiSession.attach("127.0.0.1", target.awaitPort());
      final ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
      prepare.addClassFilter(CalibrationTarget.class.getName());
      prepare.setSuspendPolicy(EventRequest.SUSPEND_ALL);
      prepare.enable();
      drain(vm, breakpoints);
      if (target.waitFor() != 0) {
        throw new TargetException("the calibration program failed");
      }
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while calibrating");
    }
    final String printed = out.toString(StandardCharsets.UTF_8).trim();
    if (!printed.startsWith("loop-nanos ")) {
      throw new TargetException("the calibration program printed '" + printed + "'");
    }
    return Double.parseDouble(printed.substring("loop-nanos ".length()));
  }

  /** Handles events until the target exits: breakpoints go in when the class is prepared. */
  private static void drain(final VirtualMachine vm, final int breakpoints) throws InterruptedException {
    while (true) {
      final EventSet set;
      try {
        set = vm.eventQueue().remove();
      } catch (final com.sun.jdi.VMDisconnectedException e) {
        return;
      }
      for (final Event e : set) {
        if (e instanceof ClassPrepareEvent prepared) {
          final ClassType type = (ClassType) prepared.referenceType();
          final Location hot = type.methodsByName("hot").get(0).location();
          final Location cold = type.methodsByName("cold").get(0).location();
          for (int i = 0; i < breakpoints; i++) {
            // Requests at the same cold location still cost: the agent walks every handler per event.
            final BreakpointRequest bp = vm.eventRequestManager().createBreakpointRequest(i == 0 ? hot : cold);
            bp.setSuspendPolicy(EventRequest.SUSPEND_NONE);
            bp.enable();
          }
        } else if (e instanceof VMDeathEvent || e instanceof VMDisconnectEvent) {
          return;
        }
      }
      set.resume();
    }
  }

  private static String classpath() {
    try {
      return new File(CalibrationTarget.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
    } catch (final URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
