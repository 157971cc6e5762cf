package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Runs outside commands (engines, the release launcher) in a folder, as a user's shell would. */
final class Shell {
  private Shell() {
  }

  /** Runs a command with standard input from nothing; returns stdout and stderr together; asserts exit 0. */
  static String run(final Path dir, final Map<String, String> env, final List<String> command) throws IOException,
      InterruptedException {
    final ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    // The release launcher's JVM calibrates the cost model into the build folder too, never the user's cache.
    final String cache = System.getProperty("jdtrace.cache");
    if (cache != null) {
      pb.environment().put("JDTRACE_JAVA_OPTS", "-Djdtrace.cache=" + cache);
    }
    pb.environment().putAll(env);
    final Process p = pb.start();
    final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(String.join(" ", command) + "\n" + out).isZero();
    return out;
  }

  static String run(final Path dir, final List<String> command) throws IOException, InterruptedException {
    return run(dir, Map.of(), command);
  }
}
