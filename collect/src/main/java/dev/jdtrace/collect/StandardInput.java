package dev.jdtrace.collect;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * What launched targets read on standard input. Every session must read the same bytes, so input is
 * kept for replay; but it is never awaited before a session starts: a recording hands each reader the
 * bytes as they arrive and blocks it only until more come or the source ends. A program that never
 * reads its input therefore runs at once, even when jdtrace's own standard input stays open.
 */
public final class StandardInput {
  private byte[] bytes;
  private int size;
  private boolean ended;
  private boolean terminal;

  private StandardInput(final byte[] bytes, final boolean ended) {
    this.bytes = bytes;
    this.size = bytes.length;
    this.ended = ended;
  }

  /** These bytes, then the end of input. */
  public static StandardInput of(final byte[] bytes) {
    return new StandardInput(bytes.clone(), true);
  }

  /** No input at all. */
  public static StandardInput none() {
    return of(new byte[0]);
  }

  /**
   * Records {@code source} on a daemon thread as it arrives, for every reader to replay from the start.
   * A read error of the source counts as its end.
   */
  public static StandardInput recording(final InputStream source) {
    final StandardInput input = new StandardInput(new byte[8192], false);
    input.size = 0;
    final Thread t = new Thread(() -> input.record(source), "jdtrace-stdin");
    t.setDaemon(true);
    t.start();
    return input;
  }

  /**
   * Records a terminal as {@link #recording} does: the first run reads the lines as they are typed, and the
   * sessions replay them. What will be typed is unknown before the run, so caches key such input as "a
   * terminal" rather than by its bytes ({@link #fromTerminal}).
   */
  public static StandardInput terminal(final InputStream source) {
    final StandardInput input = recording(source);
    input.terminal = true;
    return input;
  }

  /** Whether this input is typed at a terminal, as it is read. */
  public boolean fromTerminal() {
    return terminal;
  }

  /** All the input, once it has ended; empty while a recording still waits for more. */
  public synchronized java.util.Optional<byte[]> ifComplete() {
    return ended ? java.util.Optional.of(Arrays.copyOf(bytes, size)) : java.util.Optional.empty();
  }

  /**
   * The input recorded so far, ended or not: every run that has ended read no more than this, since a
   * reader blocks at the end of what is recorded until more comes or the input ends.
   */
  public synchronized byte[] recorded() {
    return Arrays.copyOf(bytes, size);
  }

  /** A new reader from the first byte; it blocks only while it has read everything recorded so far. */
  public InputStream open() {
    return new InputStream() {
      private int position;

      @Override
      public int read() throws IOException {
        final byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(final byte[] b, final int off, final int len) throws IOException {
        final int n = copy(position, b, off, len);
        if (n > 0) {
          position += n;
        }
        return n;
      }
    };
  }

  private void record(final InputStream source) {
    final byte[] buf = new byte[8192];
    try (source) {
      int n;
      while ((n = source.read(buf)) >= 0) {
        append(buf, n);
      }
    } catch (final IOException e) {
      // Input that cannot be read further ends here, for every session alike.
    } finally {
      synchronized (this) {
        ended = true;
        notifyAll();
      }
    }
  }

  private synchronized void append(final byte[] buf, final int n) {
    if (size + n > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + n));
    }
    System.arraycopy(buf, 0, bytes, size, n);
    size += n;
    notifyAll();
  }

  private synchronized int copy(final int position, final byte[] b, final int off, final int len)
      throws IOException {
    if (len == 0) {
      return 0;
    }
    while (position == size && !ended) {
      try {
        wait();
      } catch (final InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while waiting for standard input");
      }
    }
    if (position == size) {
      return -1;
    }
    final int n = Math.min(len, size - position);
    System.arraycopy(bytes, position, b, off, n);
    return n;
  }
}
