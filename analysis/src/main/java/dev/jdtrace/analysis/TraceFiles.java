package dev.jdtrace.analysis;

import dev.jdtrace.reconstruct.trace.TraceReader;
import dev.jdtrace.reconstruct.trace.TraceVisitor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads trace files for the commands, turning every read failure into a one-line bad-input error. */
public final class TraceFiles {
  private TraceFiles() {
  }

  /**
   * Streams the trace at {@code path} to {@code visitor}. The reader verifies every checksum and index
   * before the visitor sees it, so a corrupt file is refused rather than read differently.
   *
   * @throws IllegalArgumentException when the file is missing or not a complete trace
   */
  public static void read(final Path path, final TraceVisitor visitor) {
    try (InputStream in = Files.newInputStream(path)) {
      TraceReader.accept(in, visitor);
    } catch (final NoSuchFileException e) {
      throw new IllegalArgumentException("no such trace file: " + path);
    } catch (final IOException e) {
      throw new IllegalArgumentException(path + ": " + e.getMessage());
    } catch (final UncheckedIOException e) {
      throw new IllegalArgumentException(path + ": " + e.getCause().getMessage());
    }
  }
}
