package dev.jdtrace.tracer.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file that a writer taking a path fills (a session recording its part), moved or copied into its
 * target by {@link #commit()} once complete; {@link #close()} without a commit deletes it.
 */
public final class StagedFile implements AutoCloseable {
  private final OutputTarget target;
  private final Path path;
  private boolean committed;

  StagedFile(final OutputTarget target, final Path path) {
    this.target = target;
    this.path = path;
  }

  /** Where the writer writes. */
  public Path path() {
    return path;
  }

  /**
   * Puts the complete file in place: synced and renamed over a regular target, copied into any other.
   *
   * @throws OutputFailure when that fails; the target is then as it was, or holds what was copied so far
   */
  public void commit() {
    if (target.kind() == OutputTarget.Kind.REPLACED) {
      try (FileChannel written = FileChannel.open(path, StandardOpenOption.WRITE)) {
        written.force(true);
      } catch (final IOException e) {
        throw new OutputFailure(target.toString(), e);
      }
      try {
        Output.replace(path, target.file());
      } catch (final IOException e) {
        throw new OutputFailure(target.toString(), e);
      }
    } else {
      try (Output out = target.open()) {
        Files.copy(path, out);
        out.commit();
      } catch (final IOException e) {
        throw new IllegalStateException("cannot read back " + path + ": " + OutputFailure.reason(e), e);
      }
    }
    committed = true;
  }

  /** Deletes the file unless it was moved into place. */
  @Override
  public void close() {
    if (committed && target.kind() == OutputTarget.Kind.REPLACED) {
      return;
    }
    try {
      Files.deleteIfExists(path);
    } catch (final IOException e) {
      path.toFile().deleteOnExit();
    }
  }
}
