package dev.jdtrace.maven;

import dev.jdtrace.plan.TargetEnvironment;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;

/**
 * Runs the {@code jdtrace} command in a JVM of its own: {@code JAVA -cp (the plugin's jars)
 * dev.jdtrace.cli.Main ARGS}, with its standard input from nothing and every line it prints handed on.
 *
 * @param java the java executable (a JDK 17+: jdtrace needs its {@code jdk.jdi} module)
 * @param classpath the plugin's artifacts, which hold jdtrace's CLI and its libraries
 */
record JdtraceProcess(File java, List<Artifact> classpath) {
  /** What the command did: its exit code and what it printed (stdout and stderr in order). */
  record Outcome(int exitCode, List<String> lines) {

    /** The exit code with what jdtrace means by it, for a build failure's message ("exit 126: ..."). */
    String exit() {
      return "exit " + exitCode + switch (exitCode) {
        case 125 -> ": jdtrace failed";
        case 126 -> ": the program ran but has no exact trace";
        case 127 -> ": the program could not be started";
        default -> "";
      };
    }
  }

  /** Runs {@code jdtrace ARGS}; each line goes to {@code log} as it comes. */
  Outcome run(final List<String> args, final Consumer<String> log) throws MojoExecutionException {
    // C1 only, as the launchers run it: jdtrace's JVM runs short and shares the cores with the traced JVMs.
    final List<String> command = new ArrayList<>(List.of(java.getPath(), "-XX:TieredStopAtLevel=1"));
    // The cost model's calibration cache follows the build's (tests keep it in their build folder).
    final String cache = System.getProperty("jdtrace.cache");
    if (cache != null) {
      command.add("-Djdtrace.cache=" + cache);
    }
    command.add("-cp");
    command.add(classpath.stream().map(a -> a.getFile().getPath()).collect(Collectors.joining(File.pathSeparator)));
    command.add("dev.jdtrace.cli.Main");
    command.addAll(args);
    final List<String> lines = new ArrayList<>();
    try {
      final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectInput(ProcessBuilder.Redirect.from(new File(File.separatorChar == '/' ? "/dev/null" : "NUL")));
      // As the launchers: the build's java variables are for the traced program, not for jdtrace's JVM.
      TargetEnvironment.keep(builder.environment());
      final Process p = builder.start();
      try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          lines.add(line);
          log.accept(line);
        }
      }
      return new Outcome(p.waitFor(), lines);
    } catch (final IOException e) {
      throw new MojoExecutionException("cannot start " + java + ": " + e.getMessage(), e);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MojoExecutionException("interrupted while jdtrace ran", e);
    }
  }
}
