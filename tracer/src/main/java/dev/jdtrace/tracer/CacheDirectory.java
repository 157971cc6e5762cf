package dev.jdtrace.tracer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Where jdtrace caches the cost model, plans and learned entries, and whether it can write there. */
final class CacheDirectory {
  private CacheDirectory() {
  }

  /**
   * The {@code jdtrace.cache} property, else {@code $XDG_CACHE_HOME/jdtrace}, else {@code $HOME/.cache/jdtrace},
   * else {@code user.home}'s. {@code $HOME} comes before {@code user.home}: the JVM reads that from the password
   * file, so {@code HOME=/elsewhere jdtrace ...} would otherwise be ignored.
   */
  static Path of(final String property, final Map<String, String> env, final String userHome) {
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    final String xdg = env.get("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank()) {
      return Path.of(xdg, "jdtrace");
    }
    final String home = env.get("HOME");
    return Path.of(home != null && !home.isBlank() ? home : userHome, ".cache", "jdtrace");
  }

  /**
   * Why nothing can be cached in this directory, or {@code null} when it can: it is created when missing,
   * and must then be writable.
   */
  static String unwritable(final Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (final IOException e) {
      return "cannot create " + dir;
    }
    return Files.isWritable(dir) ? null : dir + " is not writable";
  }
}
