package dev.jdtrace.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * A program to trace, and how.
 *
 * @param name short name shown in tables (a program, or a driver with its size)
 * @param group {@code program}, {@code library} or {@code scale}
 * @param includes {@code --include} patterns; empty for jdtrace's default
 * @param javaCommand the java command, exactly as jdtrace receives it after {@code --}
 * @param stdin replayed as standard input, or {@code null} for none
 * @param configs the configurations measured on it
 */
record Workload(String name, String group, List<String> includes, List<String> javaCommand, Path stdin,
    List<Config> configs) {

  Workload {
    includes = List.copyOf(includes);
    javaCommand = List.copyOf(javaCommand);
    configs = List.copyOf(configs);
  }
}
