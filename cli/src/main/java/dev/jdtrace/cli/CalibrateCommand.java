package dev.jdtrace.cli;

import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.tracer.Tracer;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code jdtrace calibrate}: measure, cache and print this machine's session cost model. */
@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Measure what a breakpoint hit costs here; run and plan use it to predict costs and choose sessions.",
    description = {"A session costs hits × (c0 + c1 × breakpoints set) + one program launch. The model is measured "
        + "by tracing a tiny program a few times (about eight seconds), cached, and reused until the JVM or the "
        + "number of cores changes. run and plan calibrate on first use by themselves."})
final class CalibrateCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--force", description = "Measure again even when a cached model exists.")
  boolean force;

  @Override
  public Integer call() {
    final PrintWriter out = spec.commandLine().getOut();
    final CostModel m = Tracer.costModel(force, Info.to(spec));
    out.printf("c0 %.2f µs per hit%nc1 %.4f µs per hit per breakpoint set%nset %.0f µs per breakpoint%n"
        + "interpreted %.4f µs per block entry in a method holding a breakpoint%nstop %.0f µs per stop of a thread%n"
        + "launch %.0f ms per session (a trivial program; a run uses its first run's time)%n"
        + "parallel gain %.2f×%nmachine %s%n%s%n", m.c0Micros(), m.c1Micros(), m.setMicros(),
        m.interpretedMicros(), m.stopMicros(), m.launchMillis(), m.parallelGain(), m.machine(), Tracer.costModelCache());
    out.flush();
    return 0;
  }
}
