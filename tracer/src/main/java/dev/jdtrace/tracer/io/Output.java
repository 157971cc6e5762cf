package dev.jdtrace.tracer.io;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * An open output (from {@link OutputTarget#open()}). Every failed write throws {@link OutputFailure} at once.
 * For a regular file the bytes go to a hidden file beside it, which {@link #commit()} syncs and renames over
 * the target; {@link #close()} without a commit deletes it, so the target is replaced by a complete output
 * or not at all. Other targets receive the bytes as they are written. Not thread-safe.
 */
public final class Output extends OutputStream {
  private final OutputTarget target;
  private final OutputStream sink;
  private final OutputStream out;
  /** The hidden file, or null when the target is written in place. */
  private final Path partial;
  private boolean done;
  /** The first failed write: once reported, later flushes (a caller's cleanup) do not report it again. */
  private OutputFailure failure;

  Output(final OutputTarget target, final OutputStream sink, final Path partial) {
    this.target = target;
    this.sink = sink;
    this.out = new BufferedOutputStream(sink, 1 << 16);
    this.partial = partial;
  }

  @Override
  public void write(final int b) {
    try {
      out.write(b);
    } catch (final IOException e) {
      throw failure(e);
    }
  }

  @Override
  public void write(final byte[] b, final int off, final int len) {
    try {
      out.write(b, off, len);
    } catch (final IOException e) {
      throw failure(e);
    }
  }

  @Override
  public void flush() {
    if (failure != null) {
      return;
    }
    try {
      out.flush();
    } catch (final IOException e) {
      throw failure(e);
    }
  }

  /**
   * Completes the output: flushes it, and for a regular file syncs the hidden file to disk and renames it
   * over the target (keeping the permissions of the file it replaces).
   *
   * @throws OutputFailure when any of that fails; the target is then as it was
   */
  public void commit() {
    try {
      out.flush();
      if (partial != null) {
        ((FileOutputStream) sink).getChannel().force(true);
        sink.close();
        replace(partial, target.file());
      } else if (target.kind() == OutputTarget.Kind.IN_PLACE) {
        sink.close();
      }
      done = true;
    } catch (final IOException e) {
      throw failure(e);
    } finally {
      if (!done) {
        close();
      }
    }
  }

  /** Moves a complete file over the target in one step; the target keeps its permissions. */
  static void replace(final Path partial, final Path file) throws IOException {
    if (Files.isRegularFile(file)) {
      try {
        Files.setPosixFilePermissions(partial, Files.getPosixFilePermissions(file));
      } catch (final UnsupportedOperationException | IOException e) {
        // Not a POSIX file system, or not ours to read: the umask's permissions stay.
      }
    }
    Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
  }

  /** Without a commit: abandons the output, deleting the hidden file. Standard output stays open. */
  @Override
  public void close() {
    if (done) {
      return;
    }
    done = true;
    try {
      if (partial != null) {
        sink.close();
      }
    } catch (final IOException e) {
      // Abandoned anyway.
    } finally {
      if (partial != null) {
        try {
          Files.deleteIfExists(partial);
        } catch (final IOException e) {
          partial.toFile().deleteOnExit();
        }
      } else if (target.kind() == OutputTarget.Kind.IN_PLACE) {
        try {
          sink.close();
        } catch (final IOException e) {
          // Written as far as it went.
        }
      }
    }
  }

  private OutputFailure failure(final IOException e) {
    if (failure == null) {
      failure = new OutputFailure(target.toString(), e);
    }
    return failure;
  }
}
