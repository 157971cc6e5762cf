package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Pulls one thread's block entries from a trace file, for comparing two traces in step. A daemon thread
 * reads the file (the reader only pushes) into a small queue of chunks; the cursor buffers only what is
 * looked at ahead. Blocks whose shared number is -1 (ignored classes) are skipped; each entry keeps its
 * ordinal in the whole thread. Not thread-safe; close it to stop the reading.
 */
final class BlockCursor implements AutoCloseable {
  private static final int CHUNK = 4096;
  private final BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(8);
  private final int[] keyOf;
  private final Thread reader;
  private int[] ids = new int[CHUNK];
  private long[] ordinals = new long[CHUNK];
  private int head;
  private int tail;
  private boolean ended;

  /** Entries read by the reading thread; {@code error} or {@code last} end the stream. */
  private record Chunk(int[] ids, long[] ordinals, int n, boolean last, RuntimeException error) {
  }

  /** Thrown inside the reading thread to stop reading. */
  private static final class Stop extends RuntimeException {
    Stop() {
      super(null, null, false, false);
    }
  }

  /**
   * @param keyOf shared block numbers of the file's dictionary (see {@link BlockKeys}), -1 to skip
   */
  BlockCursor(final Path file, final String thread, final int[] keyOf) {
    this.keyOf = keyOf;
    reader = new Thread(() -> read(file, thread), "jdtrace-diff-reader");
    reader.setDaemon(true);
    reader.start();
  }

  /** Buffers at least {@code n} entries ahead unless the thread ends first; returns how many are buffered. */
  int fill(final int n) {
    while (tail - head < n && !ended) {
      final Chunk chunk;
      try {
        chunk = queue.take();
      } catch (final InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
      if (chunk.error() != null) {
        throw chunk.error();
      }
      append(chunk);
      ended = chunk.last();
    }
    return tail - head;
  }

  /** Entries buffered ahead. */
  int size() {
    return tail - head;
  }

  /** Whether every entry of the thread has been buffered. */
  boolean ended() {
    return ended;
  }

  /** The block id of the {@code i}-th entry ahead. */
  int id(final int i) {
    return ids[head + i];
  }

  /** The shared number of the {@code i}-th entry ahead. */
  int key(final int i) {
    return keyOf[ids[head + i]];
  }

  /** The ordinal in its thread of the {@code i}-th entry ahead. */
  long ordinal(final int i) {
    return ordinals[head + i];
  }

  /** Moves past the next entry, which must be buffered. */
  void next() {
    head++;
  }

  @Override
  public void close() {
    reader.interrupt();
  }

  private void append(final Chunk chunk) {
    if (tail + chunk.n() > ids.length) {
      final int live = tail - head;
      final int capacity = Math.max(ids.length, 2 * (live + chunk.n()));
      final int[] newIds = new int[capacity];
      final long[] newOrdinals = new long[capacity];
      System.arraycopy(ids, head, newIds, 0, live);
      System.arraycopy(ordinals, head, newOrdinals, 0, live);
      ids = newIds;
      ordinals = newOrdinals;
      head = 0;
      tail = live;
    }
    System.arraycopy(chunk.ids(), 0, ids, tail, chunk.n());
    System.arraycopy(chunk.ordinals(), 0, ordinals, tail, chunk.n());
    tail += chunk.n();
  }

  private void read(final Path file, final String thread) {
    final int[][] chunk = {new int[CHUNK]};
    final long[][] chunkOrdinals = {new long[CHUNK]};
    final int[] n = {0};
    try {
      TraceFiles.read(file, new TraceVisitor() {
        private boolean active;
        private long ordinal;

        @Override
        public void dictionary(final TraceDictionary d) {
        }

        @Override
        public void thread(final String name) {
          if (active) {
            throw new Stop();
          }
          active = name.equals(thread);
        }

        @Override
        public void block(final int block) {
          if (!active) {
            return;
          }
          final long at = ordinal++;
          if (keyOf[block] < 0) {
            return;
          }
          chunk[0][n[0]] = block;
          chunkOrdinals[0][n[0]++] = at;
          if (n[0] == CHUNK) {
            put(new Chunk(chunk[0], chunkOrdinals[0], n[0], false, null));
            chunk[0] = new int[CHUNK];
            chunkOrdinals[0] = new long[CHUNK];
            n[0] = 0;
          }
        }

        @Override
        public void end() {
        }
      });
      put(new Chunk(chunk[0], chunkOrdinals[0], n[0], true, null));
    } catch (final Stop e) {
      if (!Thread.currentThread().isInterrupted()) {
        put(new Chunk(chunk[0], chunkOrdinals[0], n[0], true, null));
      }
    } catch (final RuntimeException e) {
      if (!Thread.currentThread().isInterrupted()) {
        put(new Chunk(new int[0], new long[0], 0, true, e));
      }
    }
  }

  private void put(final Chunk chunk) {
    try {
      queue.put(chunk);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Stop();
    }
  }
}
