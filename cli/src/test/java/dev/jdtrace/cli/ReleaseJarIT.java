package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release as a user gets it: {@code jdtrace.jar} and the {@code jdtrace} launcher copied into an empty
 * folder, away from the repository and Maven, run on the JDK of the build and on every other JDK 17+ of
 * the machine. Its trace of the sample program must equal the in-process ground truth.
 */
class ReleaseJarIT {
  private static final String PROGRAM = "dev.jdtrace.programs.Sample";

  @TempDir
  Path dir;

  private Path launcher;

  @BeforeEach
  void copyTheRelease() throws IOException {
    Files.copy(Path.of("target", "jdtrace.jar"), dir.resolve("jdtrace.jar"));
    launcher = Files.copy(Path.of("target", "jdtrace"), dir.resolve("jdtrace"), StandardCopyOption.COPY_ATTRIBUTES);
  }

  /** Runs a command in the folder with JAVA_HOME set and returns its output; asserts exit 0. */
  private String run(final Path javaHome, final List<String> command) throws Exception {
    final ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    pb.environment().put("JAVA_HOME", javaHome.toString());
    pb.environment().put("JDTRACE_JAVA_OPTS", "-Djdtrace.cache=" + System.getProperty("jdtrace.cache"));
    final Process p = pb.start();
    final String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor()).as(String.join(" ", command) + "\n" + out).isZero();
    return out;
  }

  private static Path javaHome() {
    return Path.of(System.getProperty("java.home"));
  }

  @Test
  void theLauncherPrintsTheVersionAndTheJdk() throws Exception {
    final String out = run(javaHome(), List.of(launcher.toString(), "--version"));
    assertThat(out).startsWith("jdtrace " + System.getProperty("jdtrace.version") + "\n")
        .contains("JDK " + System.getProperty("java.runtime.version")).contains(javaHome().toString());
  }

  @Test
  void javaDashJarTracesExactlyOnEveryJdkOfTheMachine() throws Exception {
    final List<String> command = List.of(Cli.JAVA, "-cp", Cli.PROGRAMS, PROGRAM);
    final List<String> truth = Cli.groundTruth(List.of(), command);
    final List<Path> jdks = new ArrayList<>(List.of(javaHome()));
    jdks.addAll(otherJdks());
    for (final Path jdk : jdks) {
      final String java = jdk.resolve("bin/java").toString();
      assertThat(run(jdk, List.of(java, "-jar", "jdtrace.jar", "--version")))
          .as(jdk.toString()).contains("JDK ").contains(jdk.toString());
      final List<String> traced = new ArrayList<>(List.of(launcher.toString(), "run", "--stdin", "/dev/null", "-o",
          "t.trace", "--"));
      traced.addAll(command);
      run(jdk, traced);
      run(jdk, List.of(java, "-jar", "jdtrace.jar", "export", "t.trace", "-o", "t.blocks"));
      assertThat(Files.readAllLines(dir.resolve("t.blocks"))).as("traced from " + jdk).isEqualTo(truth);
    }
  }

  /**
   * Both launchers (the release's and the clone's {@code ./jdtrace}) keep the user's java variables from
   * jdtrace's own JVM and hand them to the program: a JDWP agent in {@code JAVA_TOOL_OPTIONS} is refused
   * before anything runs (jdtrace's JVM neither picks it up nor listens), and other options reach the
   * program's JVM alone (it says it picked them up once: jdtrace's JVM would say so too).
   */
  @Test
  void theLaunchersKeepTheJavaVariablesForTheProgram() throws Exception {
    for (final Path jdtrace : List.of(launcher, Path.of("..", "jdtrace").toAbsolutePath())) {
      final List<String> traced = List.of(jdtrace.toString(), "run", "--stdin", "/dev/null", "-o", "t.trace", "--",
          Cli.JAVA, "-cp", Cli.PROGRAMS, PROGRAM);
      final String refused = run(java.util.Map.of("JAVA_TOOL_OPTIONS",
          "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0"), Failures.JDTRACE, traced);
      assertThat(refused).as(jdtrace.toString()).contains("JAVA_TOOL_OPTIONS already loads a JDWP agent")
          .doesNotContain("Picked up").doesNotContain("Listening for transport");
      final String out = run(java.util.Map.of("JAVA_TOOL_OPTIONS", "-Djdtrace.it.marker=1"), 0, traced);
      assertThat(out.split("Picked up JAVA_TOOL_OPTIONS: -Djdtrace.it.marker=1", -1)).as(out).hasSize(2);
    }
  }

  /** Runs a command in the folder with these variables added; asserts its exit code and returns its output. */
  private String run(final java.util.Map<String, String> env, final int exitCode, final List<String> command)
      throws Exception {
    final ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    pb.environment().put("JDTRACE_JAVA_OPTS", "-Djdtrace.cache=" + System.getProperty("jdtrace.cache"));
    pb.environment().putAll(env);
    final Process p = pb.start();
    final String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor()).as(String.join(" ", command) + "\n" + out).isEqualTo(exitCode);
    return out;
  }

  /** The other JDKs (17 or later, with jdk.jdi) installed beside the build's. */
  private static List<Path> otherJdks() throws IOException {
    final Path jvms = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvms)) {
      return List.of();
    }
    final Path self = javaHome().toRealPath();
    try (Stream<Path> homes = Files.list(jvms)) {
      return homes.filter(h -> Files.isExecutable(h.resolve("bin/java")) && Files.isRegularFile(h.resolve("release")))
          .filter(h -> {
            try {
              return !h.toRealPath().equals(self) && feature(h) >= 17
                  && Files.readString(h.resolve("release")).contains("jdk.jdi");
            } catch (final IOException e) {
              return false;
            }
          }).sorted().distinct().toList();
    }
  }

  private static int feature(final Path home) throws IOException {
    for (final String line : Files.readAllLines(home.resolve("release"))) {
      if (line.startsWith("JAVA_VERSION=")) {
        final String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
        return Integer.parseInt(v.split("[.+-]")[0]);
      }
    }
    return 0;
  }
}
