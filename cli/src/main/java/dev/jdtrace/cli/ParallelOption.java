package dev.jdtrace.cli;

import picocli.CommandLine.Option;

/** {@code --parallel P}, shared by {@code run} and {@code plan}: the workers sessions run on. */
final class ParallelOption {
  @Option(names = "--parallel", paramLabel = "P",
      description = "Sessions run at once; the cost model plans for these workers (default: the number of cores).")
  Integer parallel;

  /** The workers asked for, or the cores of this machine; fewer than one is refused. */
  int workers() {
    return parallel == null ? Runtime.getRuntime().availableProcessors()
        : (int) Ranges.atLeast("--parallel", parallel, 1);
  }
}
