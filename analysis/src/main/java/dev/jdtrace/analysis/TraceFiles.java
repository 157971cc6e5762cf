package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceReader;
import dev.jdtrace.trace.TraceVisitor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;

/** Reads trace files for the commands, turning every read failure into a one-line bad-input error. */
public final class TraceFiles {
  private TraceFiles() {
  }

  /**
   * Streams the trace at {@code path} to {@code visitor}, a view of its calls: a version 2 trace, whose
   * calls are only guessed, says so in one line to {@code notices} first.
   *
   * @throws IllegalArgumentException when the file is missing or not a complete trace
   */
  public static void readCalls(final Path path, final TraceVisitor visitor, final Consumer<String> notices) {
    read(path, noticingGuessedCalls(path, visitor, notices));
  }

  /** {@code visitor}, telling {@code notices} first when the trace's dictionary has no block ends (version 2). */
  static TraceVisitor noticingGuessedCalls(final Path path, final TraceVisitor visitor,
      final Consumer<String> notices) {
    return new TraceVisitor() {
      @Override
      public void dictionary(final TraceDictionary dictionary) {
        if (!dictionary.endsKnown()) {
          notices.accept(path + " is of trace format version 2, which does not say how blocks end: its calls "
              + "are guessed; record it again for exact calls");
        }
        visitor.dictionary(dictionary);
      }

      @Override
      public void thread(final String name) {
        visitor.thread(name);
      }

      @Override
      public void block(final int block) {
        visitor.block(block);
      }

      @Override
      public void window() {
        visitor.window();
      }

      @Override
      public void end() {
        visitor.end();
      }
    };
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
