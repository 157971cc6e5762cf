package dev.jdtrace.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine the suite ran on, as the report describes it.
 *
 * @param cpu the processor model
 * @param cores cores the JVM sees
 * @param memoryMb physical memory
 * @param jvm the JVM running the suite (and the targets)
 * @param os operating system and kernel
 * @param load the load average when the suite started
 */
record Machine(String cpu, int cores, long memoryMb, String jvm, String os, String load) {

  static Machine describe() {
    return new Machine(firstValue(Path.of("/proc/cpuinfo"), "model name"), Runtime.getRuntime().availableProcessors(),
        totalMemoryMb(), System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
        loadNow());
  }

  /** The 1, 5 and 15 minute load averages now. */
  static String loadNow() {
    try {
      final String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return parts[0] + " " + parts[1] + " " + parts[2];
    } catch (final IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static long totalMemoryMb() {
    final String kb = firstValue(Path.of("/proc/meminfo"), "MemTotal");
    try {
      return Long.parseLong(kb.split("\\s+")[0]) / 1024;
    } catch (final NumberFormatException e) {
      return -1;
    }
  }

  private static String firstValue(final Path file, final String key) {
    try {
      final List<String> lines = Files.readAllLines(file);
      return lines.stream().filter(l -> l.startsWith(key)).findFirst()
          .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("unknown");
    } catch (final IOException e) {
      return "unknown";
    }
  }
}
