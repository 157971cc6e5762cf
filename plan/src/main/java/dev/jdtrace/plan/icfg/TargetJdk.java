package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.JavaCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JDK a traced program runs on, as far as planning reads it: the runtime image of its java command's
 * launcher, and whether that run enables the JDK's own assertions.
 *
 * @param image the runtime image
 * @param systemAssertions whether the JDK's {@code assert} statements may run: {@code -esa}, or {@code -ea:}
 *     naming a package or class (which may be the JDK's), among the JVM's options or its environment's
 * @param cacheDir where the image's type hierarchy is kept between runs, or {@code null}
 */
public record TargetJdk(JdkImage image, boolean systemAssertions, Path cacheDir) {
  private static final List<String> ASSERTION_OPTIONS = List.of("-esa", "-enablesystemassertions", "-ea:",
      "-enableassertions:");

  /**
   * The JDK this command runs on, or empty when its runtime image cannot be read.
   *
   * @param cacheDir where the image's type hierarchy is kept between runs, or {@code null}
   */
  public static Optional<TargetJdk> of(final JavaCommand command, final Map<String, String> env,
      final Path cacheDir) {
    final String options = " " + String.join(" ", command.jvmOptions(env));
    final boolean assertions = ASSERTION_OPTIONS.stream().anyMatch(o -> options.indexOf(o) >= 0);
    return JdkImage.ofLauncher(command.args().get(0), env).map(i -> new TargetJdk(i, assertions, cacheDir));
  }

  /** The type hierarchy of the whole image, when it can be read. */
  Optional<JdkTypes> types() {
    return image.types(cacheDir);
  }

  /** Which JDK and setting this is, for plan keys: a plan proved on one holds on no other. */
  public String identity() {
    return image.identity() + (systemAssertions ? " system assertions" : "");
  }
}
