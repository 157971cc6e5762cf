package dev.jdtrace.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Source roots for the HTML report ({@code --sources DIR}): a class {@code a.b.C} with source file
 * {@code C.java} is looked up as {@code DIR/a/b/C.java} in each root in turn. Files larger than
 * {@link #MAX_BYTES} are left out, so that the page stays bounded. Immutable.
 */
public final class ReportSources {
  /** The largest source file embedded in a report. */
  static final long MAX_BYTES = 1 << 20;
  /** No sources: the report shows line numbers only. */
  public static final ReportSources NONE = new ReportSources(List.of());
  private final List<Path> roots;

  private ReportSources(final List<Path> roots) {
    this.roots = List.copyOf(roots);
  }

  /**
   * Source roots that must be directories.
   *
   * @throws IllegalArgumentException when one is not a directory
   */
  public static ReportSources of(final List<Path> roots) {
    for (final Path root : roots) {
      if (!Files.isDirectory(root)) {
        throw new IllegalArgumentException("--sources: not a directory: " + root);
      }
    }
    return new ReportSources(roots);
  }

  /** The path of a class's source file relative to a root ({@code a/b/C.java}), or empty without a file name. */
  static Optional<String> relative(final String className, final String sourceFile) {
    if (sourceFile.isEmpty() || sourceFile.contains("/") || sourceFile.contains("\\")) {
      return Optional.empty();
    }
    final int dot = className.lastIndexOf('.');
    return Optional.of(dot < 0 ? sourceFile : className.substring(0, dot).replace('.', '/') + "/" + sourceFile);
  }

  /** The source file at {@code relative} in the first root holding it, if any. */
  Optional<Path> find(final String relative) {
    return roots.stream().map(r -> r.resolve(relative)).filter(Files::isRegularFile).findFirst();
  }

  /** The lines of the source file at {@code relative} in the first root holding it, if any and small enough. */
  Optional<List<String>> lines(final String relative) {
    for (final Path root : roots) {
      final Path file = root.resolve(relative);
      try {
        if (Files.isRegularFile(file) && Files.size(file) <= MAX_BYTES) {
          // Malformed bytes become U+FFFD rather than failing the report.
          return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList());
        }
      } catch (final IOException e) {
        throw new UncheckedIOException(file + ": " + e.getMessage(), e);
      }
    }
    return Optional.empty();
  }
}
