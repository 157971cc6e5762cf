package dev.jdtrace.tracer.io;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An output path checked before any work: {@link #check} refuses a path that cannot be written with one
 * line, and decides how it will be written (see the package description). Then {@link #open} writes a
 * stream and {@link #stage} a file written by someone else (a session recording).
 */
public final class OutputTarget {
  /** How the bytes reach the target. */
  enum Kind {
    /** File descriptor 1, written as produced. */
    STANDARD_OUTPUT,
    /** An existing device, FIFO or descriptor alias, opened for appending and written as produced. */
    IN_PLACE,
    /** A regular file (or none yet): written beside it and renamed over it when complete. */
    REPLACED
  }

  private static final int MAX_LINKS = 40;

  private final String label;
  private final Path requested;
  private final Path file;
  private final Kind kind;

  private OutputTarget(final String label, final Path requested, final Path file, final Kind kind) {
    this.label = label;
    this.requested = requested;
    this.file = file;
    this.kind = kind;
  }

  /**
   * Checks that {@code path} can be written, without writing it; {@code -} means standard output.
   *
   * @param label what the output is, as the command's help names it ({@code TRACE}, {@code PLAN})
   * @throws IllegalArgumentException with one line ("cannot write TRACE: directory /x does not exist") when
   *     the path cannot be written
   */
  public static OutputTarget check(final Path path, final String label) {
    if (path.toString().equals("-")) {
      return new OutputTarget(label, path, null, Kind.STANDARD_OUTPUT);
    }
    final Path file = follow(path.toAbsolutePath(), label);
    if (isStandardOutput(file)) {
      return new OutputTarget(label, path, null, Kind.STANDARD_OUTPUT);
    }
    if (isDescriptor(file)) {
      return new OutputTarget(label, path, file, Kind.IN_PLACE);
    }
    if (Files.isDirectory(file)) {
      throw cannot(label, file + " is a directory");
    }
    if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      if (!Files.isWritable(file)) {
        throw cannot(label, file + " is read-only");
      }
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
        return new OutputTarget(label, path, file, Kind.IN_PLACE);
      }
    }
    final Path dir = file.getParent();
    if (!Files.exists(dir)) {
      throw cannot(label, "directory " + dir + " does not exist");
    }
    if (!Files.isDirectory(dir)) {
      throw cannot(label, dir + " is not a directory");
    }
    probe(dir, label);
    return new OutputTarget(label, path, file, Kind.REPLACED);
  }

  /**
   * Removes the regular file an earlier command left at the target, so that a command that fails leaves
   * none to be read as its own (a {@code --stats} file naming the program's exit status); a device, a pipe
   * or standard output is left alone.
   *
   * @throws OutputFailure when it cannot be removed
   */
  public void removeEarlier() {
    if (kind == Kind.REPLACED) {
      try {
        Files.deleteIfExists(file);
      } catch (final IOException e) {
        throw new OutputFailure(toString(), e);
      }
    }
  }

  /** Whether this is standard output, where a command's other output must then not go. */
  public boolean isStandardOutput() {
    return kind == Kind.STANDARD_OUTPUT;
  }

  /**
   * Opens the output for writing. Its bytes replace a regular file only at {@link Output#commit()}.
   *
   * @throws OutputFailure when it cannot be opened now
   */
  public Output open() {
    try {
      return switch (kind) {
        case STANDARD_OUTPUT -> {
          System.out.flush();
          yield new Output(this, new FileOutputStream(FileDescriptor.out), null);
        }
        case IN_PLACE -> new Output(this, Files.newOutputStream(file, StandardOpenOption.WRITE,
            StandardOpenOption.APPEND), null);
        case REPLACED -> {
          final Path partial = partialFile();
          yield new Output(this, new FileOutputStream(partial.toFile()), partial);
        }
      };
    } catch (final IOException e) {
      throw new OutputFailure(toString(), e);
    }
  }

  /**
   * A file for a writer that takes a path: beside the target when the target is a regular file, in the
   * temporary directory otherwise; {@link StagedFile#commit()} moves or copies it into place.
   *
   * @throws OutputFailure when it cannot be created
   */
  public StagedFile stage() {
    try {
      final Path partial = kind == Kind.REPLACED ? partialFile() : Files.createTempFile("jdtrace-", ".partial");
      partial.toFile().deleteOnExit();
      return new StagedFile(this, partial);
    } catch (final IOException e) {
      throw new OutputFailure(toString(), e);
    }
  }

  /** Writes {@code body}'s bytes and commits them; on any failure the target is left as it was. */
  public void write(final Body body) throws IOException {
    try (Output out = open()) {
      body.writeTo(out);
      out.commit();
    }
  }

  /** Writes an output. */
  @FunctionalInterface
  public interface Body {
    /** Writes everything to {@code out}; need not close it. */
    void writeTo(OutputStream out) throws IOException;
  }

  Kind kind() {
    return kind;
  }

  /** The file written (links followed); null for standard output. */
  Path file() {
    return file;
  }

  @Override
  public String toString() {
    return kind == Kind.STANDARD_OUTPUT ? "standard output" : label + " " + requested;
  }

  /** A new hidden file beside the target, created with the permissions the user's umask gives. */
  private Path partialFile() throws IOException {
    final String name = file.getFileName().toString();
    final String prefix = "." + (name.length() > 100 ? name.substring(0, 100) : name) + ".";
    while (true) {
      final Path partial = file.resolveSibling(prefix + Long.toHexString(ThreadLocalRandom.current().nextLong())
          + ".partial");
      try {
        Files.createFile(partial);
        // Ctrl-C or SIGTERM mid-write (the shutdown hooks run) must not leave it in the user's directory either.
        partial.toFile().deleteOnExit();
        return partial;
      } catch (final java.nio.file.FileAlreadyExistsException e) {
        // Another name, then.
      }
    }
  }

  /** Follows the symbolic links of the last name; the directories on the way stay as given. */
  private static Path follow(final Path path, final String label) {
    Path at = path;
    for (int hops = 0; Files.isSymbolicLink(at) && !isDescriptor(at); hops++) {
      if (hops == MAX_LINKS) {
        throw cannot(label, path + ": too many levels of symbolic links");
      }
      try {
        at = at.getParent().resolve(Files.readSymbolicLink(at));
      } catch (final IOException e) {
        throw cannot(label, path + ": " + OutputFailure.reason(e));
      }
    }
    return at;
  }

  /** Names of standard output: writing FD 1 itself works for every kind of stdout, a socket included. */
  private static boolean isStandardOutput(final Path p) {
    final String s = p.normalize().toString();
    return s.equals("/dev/stdout") || s.equals("/dev/fd/1") || s.equals("/proc/self/fd/1");
  }

  /**
   * Names of an open file descriptor ({@code /dev/stderr}, {@code /dev/fd/N}, {@code /proc/self/fd/N}):
   * the file behind one may be a regular file the shell opened for appending, so it is never replaced.
   */
  private static boolean isDescriptor(final Path p) {
    final String s = p.normalize().toString();
    return s.equals("/dev/stderr") || s.startsWith("/dev/fd/") || s.startsWith("/proc/");
  }

  /** Creates and deletes a file in {@code dir}: the one sure test that it takes new files. */
  private static void probe(final Path dir, final String label) {
    final Path probe;
    try {
      probe = Files.createTempFile(dir, ".jdtrace-", ".probe");
    } catch (final AccessDeniedException e) {
      throw cannot(label, "directory " + dir + " is read-only");
    } catch (final FileSystemException e) {
      throw cannot(label, "directory " + dir + (String.valueOf(e.getReason()).contains("Read-only")
          ? " is on a read-only file system" : ": " + OutputFailure.reason(e)));
    } catch (final IOException e) {
      throw cannot(label, "directory " + dir + ": " + OutputFailure.reason(e));
    }
    try {
      Files.delete(probe);
    } catch (final IOException e) {
      probe.toFile().deleteOnExit();
    }
  }

  private static IllegalArgumentException cannot(final String label, final String why) {
    return new IllegalArgumentException("cannot write " + label + ": " + why);
  }
}
