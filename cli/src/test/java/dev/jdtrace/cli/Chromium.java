package dev.jdtrace.cli;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Headless Chromium for the report's browser tests: loads a page with no network, no profile and no
 * background services, and dumps its DOM after the scripts ran or takes a screenshot. CI installs
 * Chromium ({@code .ci/install-test-deps}); when it is missing the tests fail and say so rather than skip.
 */
final class Chromium {
  /** A hung browser is killed after this long; the tests assert on content, never on time. */
  private static final long TIMEOUT_SECONDS = 120;
  private final Path executable;
  private final Path work;

  private Chromium(final Path executable, final Path work) {
    this.executable = executable;
    this.work = work;
  }

  /**
   * The installed Chromium, using {@code work} for its profiles and output.
   *
   * @throws AssertionError when it is not installed
   */
  static Chromium in(final Path work) {
    final List<Path> candidates = new ArrayList<>(List.of(Path.of("/usr/bin/chromium")));
    for (final String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        candidates.add(Path.of(dir, "chromium"));
        candidates.add(Path.of(dir, "chromium-browser"));
      }
    }
    return candidates.stream().filter(Files::isExecutable).findFirst().map(p -> new Chromium(p, work))
        .orElseThrow(() -> new AssertionError("Chromium is not installed, and the HTML report's browser test needs it: "
            + "run .ci/install-test-deps, which installs it (apt-get install -y chromium)"));
  }

  /** The DOM of {@code page} after its scripts ran, serialised as HTML. */
  String dumpDom(final URI page) throws IOException, InterruptedException {
    final Path out = Files.createTempFile(work, "dom", ".html");
    run(out, "--dump-dom", page.toString());
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  /** A PNG screenshot of {@code page} in a 1200×900 window. */
  Path screenshot(final URI page) throws IOException, InterruptedException {
    final Path png = work.resolve("screenshot-" + System.nanoTime() + ".png");
    run(Files.createTempFile(work, "shot", ".out"), "--screenshot=" + png, "--window-size=1200,900", page.toString());
    if (!Files.isRegularFile(png)) {
      throw new AssertionError("Chromium wrote no screenshot");
    }
    return png;
  }

  private void run(final Path stdout, final String... args) throws IOException, InterruptedException {
    final List<String> command = new ArrayList<>(List.of(executable.toString(), "--headless", "--no-sandbox",
        "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--user-data-dir="
            + Files.createTempDirectory(work, "profile")));
    command.addAll(List.of(args));
    final Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw new AssertionError("Chromium did not finish in " + TIMEOUT_SECONDS + " s: " + command);
      }
      if (process.exitValue() != 0) {
        throw new AssertionError("Chromium exited with " + process.exitValue() + ": " + command);
      }
    } finally {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
  }
}
