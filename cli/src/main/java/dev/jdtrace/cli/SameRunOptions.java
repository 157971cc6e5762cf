package dev.jdtrace.cli;

import dev.jdtrace.tracer.SameRunPolicy;
import picocli.CommandLine.Option;

/** What a run may assume about its sessions' runs, shared by {@code run} and {@code attach}. */
final class SameRunOptions {
  @Option(names = "--deterministic",
      description = "Say that the program takes the same path in every run, threads included, so that a run "
          + "where several threads run traced code may still be split over sessions. Without it, such a run is "
          + "traced in one session. The other checks still hold.")
  boolean deterministic;

  @Option(names = "--fallback", negatable = true, defaultValue = "true", fallbackValue = "true",
      description = "When the sessions' runs differ (output, exit code, threads, or streams that fit no one "
          + "path), trace again in one session, which is exact whatever the program does (default). "
          + "--no-fallback ends the run as diverged instead.")
  boolean fallback;

  SameRunPolicy policy() {
    return new SameRunPolicy(deterministic, fallback);
  }
}
