package dev.jdtrace.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * One way of running a workload: a baseline, or {@code jdtrace run} with some options.
 *
 * @param name short name shown in tables
 * @param kind what runs
 * @param options {@code jdtrace run} options (before the includes); {@link #WEIGHTS} stands for the
 *     all-blocks trace of the same workload
 */
record Config(String name, Kind kind, List<String> options) {
  /** Replaced by the path of the workload's all-blocks trace. */
  static final String WEIGHTS = "@all-blocks-trace";
  /** Not passed on: the run keeps the plan cache the previous configuration of the workload left. */
  static final String KEEP_CACHE = "@keep-plan-cache";

  /** What a configuration runs. */
  enum Kind { NO_DEBUGGER, LINE_STEPPING, JDTRACE }

  static final Config NO_DEBUGGER = new Config("no debugger", Kind.NO_DEBUGGER, List.of());
  static final Config LINE_STEPPING = new Config("line-stepping", Kind.LINE_STEPPING, List.of());
  /** The ground truth: every other jdtrace configuration must decode to its blocks export. */
  static final Config ALL_BLOCKS = jdtrace("all-blocks", "--profile", "all-blocks", "--sessions", "1");
  // The profile kinds are compared in one session each; without --sessions the cost model would choose.
  static final Config CONDITION_TARGETS = jdtrace("condition-targets", "--profile", "condition-targets",
      "--sessions", "1");
  static final Config OPTIMAL_STATIC = jdtrace("optimal (static)", "--profile", "optimal", "--sessions", "1");
  static final Config OPTIMAL_TRACE = jdtrace("optimal (trace weights)", "--weights", WEIGHTS, "--sessions", "1");
  /** {@code jdtrace run} with no planning option: whatever the CLI defaults are (the cost model picks sessions). */
  static final Config DEFAULT = jdtrace("jdtrace run (default)");
  /** {@code jdtrace run --weights}: the trace profile, the cost model picks sessions and packs them by hits. */
  static final Config DEFAULT_WEIGHTS = jdtrace("jdtrace run --weights", "--weights", WEIGHTS);
  /** The default run again on the same build: the plan and the first run's classes come from the cache. */
  static final Config DEFAULT_AGAIN = jdtrace("jdtrace run (again)", KEEP_CACHE);
  /** Every class that matches the includes planned, as before plans followed what the program loads. */
  static final Config ALL_CLASSES = jdtrace("all classes planned", "--all-classes");

  /** Short traces through large libraries: baselines, ground truth, then the runs the issue compares. */
  static List<Config> shortTrace() {
    return new ArrayList<>(List.of(NO_DEBUGGER, LINE_STEPPING, ALL_BLOCKS, DEFAULT, DEFAULT_AGAIN, ALL_CLASSES));
  }

  Config {
    options = List.copyOf(options);
  }

  static Config jdtrace(final String name, final String... options) {
    return new Config(name, Kind.JDTRACE, List.of(options));
  }

  static Config sessions(final int n) {
    return jdtrace("sessions " + n, "--sessions", Integer.toString(n));
  }

  static Config cap(final int k) {
    return jdtrace("cap " + k, "--cap", Integer.toString(k), "--sessions", "1");
  }

  /** Fig. 14 of the seed: {@code w} sessions on {@code w} workers, one strategy. */
  static Config workers(final String strategy, final int w) {
    return jdtrace(strategy + " x" + w, "--strategy", strategy, "--sessions", Integer.toString(w), "--parallel",
        Integer.toString(w));
  }

  /** The profile-kind configurations every workload gets, baselines first, ground truth before the rest. */
  static List<Config> core() {
    return new ArrayList<>(List.of(NO_DEBUGGER, LINE_STEPPING, ALL_BLOCKS, CONDITION_TARGETS, OPTIMAL_STATIC,
        OPTIMAL_TRACE, DEFAULT));
  }

  /** The value of an option, or null. */
  String option(final String name) {
    final int i = options.indexOf(name);
    return i < 0 || i + 1 >= options.size() ? null : options.get(i + 1);
  }
}
