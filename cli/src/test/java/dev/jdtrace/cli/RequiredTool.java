package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * An outside tool a test needs (a parser, an engine). In CI ({@code CI=true}) a missing tool fails the test
 * loudly, since {@code .ci/install-test-deps} installs them all; elsewhere the test is skipped with a message
 * saying how to install it.
 */
final class RequiredTool {
  private RequiredTool() {
  }

  /** Stops the test unless the tool is present. */
  static void require(final boolean present, final String tool, final String install) {
    if (present) {
      return;
    }
    final String message = tool + " is missing; install it with " + install + " (.ci/install-test-deps does)";
    if ("true".equals(System.getenv("CI"))) {
      fail(message);
    }
    Assumptions.abort(message);
  }

  /** Whether a command is on the PATH. */
  static boolean onPath(final String command) {
    final String path = System.getenv("PATH");
    return path != null && java.util.Arrays.stream(path.split(java.io.File.pathSeparator))
        .anyMatch(d -> java.nio.file.Files.isExecutable(java.nio.file.Path.of(d, command)));
  }
}
