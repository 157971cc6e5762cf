package dev.jdtrace.cli.pipeline;

import dev.jdtrace.distributor.Strategy;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code jdtrace run} was asked to do.
 *
 * @param includes include patterns; empty means the default (the main class's classpath entry)
 * @param excludes exclude patterns
 * @param profile the profile kind
 * @param trace where the trace file goes
 * @param weights a previous trace whose block counts weigh the plan, or {@code null} for the static estimate
 * @param stdin what every session reads on standard input
 * @param javaCommand the java command, exactly as given
 * @param sessions sessions wanted (more are opened when the cap requires), or 0 to choose by the cost model
 * @param cap the most breakpoints per session
 * @param strategy how decision groups combine into jobs
 * @param parallel sessions run at once (the workers the cost model plans for)
 */
public record RunRequest(List<String> includes, List<String> excludes, String profile, Path trace, Path weights,
    dev.jdtrace.driver.StandardInput stdin,
    List<String> javaCommand, int sessions, int cap, Strategy strategy, int parallel) {

  public RunRequest {
    includes = List.copyOf(includes);
    excludes = List.copyOf(excludes);
    javaCommand = List.copyOf(javaCommand);
  }
}
