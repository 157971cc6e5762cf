package dev.jdtrace.tracer;

import java.io.PrintStream;
import java.util.function.Consumer;

/**
 * What every attempt of one {@code jdtrace run} shares: where the shown run's output goes, the progress
 * messages, when the run started, its clock, and what its attempts so far hand on.
 *
 * @param out where the shown run's standard output goes
 * @param err where the shown run's standard error goes
 * @param info receives one-line progress messages
 * @param start {@link System#nanoTime} when the run started
 */
record RunState(PrintStream out, PrintStream err, Consumer<String> info, long start, RunClock clock,
    RunSoFar soFar) {
}
