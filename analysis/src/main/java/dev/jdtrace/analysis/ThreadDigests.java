package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The first pass of {@code diff} over one trace: its dictionary, its blocks' shared numbers (see
 * {@link BlockKeys}), and per thread the number of block entries and a SHA-256 of their shared numbers,
 * blocks of ignored classes left out. Equal digests mean equal paths. Not thread-safe.
 */
public final class ThreadDigests implements TraceVisitor {
  private final BlockKeys keys;
  private final Predicate<String> ignoredClass;
  private final Map<String, Summary> threads = new LinkedHashMap<>();
  private final byte[] buffer = new byte[1 << 14];
  private TraceDictionary dictionary;
  private int[] keyOf;
  private String thread;
  private MessageDigest digest;
  private int filled;
  private long count;

  /** One thread: its block entries (ignored ones left out) and their digest. */
  public record Summary(long blocks, byte[] digest) {
    /** Whether the two paths are equal. */
    public boolean samePath(final Summary other) {
      return blocks == other.blocks && Arrays.equals(digest, other.digest);
    }
  }

  public ThreadDigests(final BlockKeys keys, final Predicate<String> ignoredClass) {
    this.keys = keys;
    this.ignoredClass = ignoredClass;
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    dictionary = d;
    keyOf = keys.of(d, ignoredClass);
  }

  @Override
  public void thread(final String name) {
    finish();
    thread = name;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (final NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void block(final int block) {
    final int key = keyOf[block];
    if (key < 0) {
      return;
    }
    count++;
    if (filled == buffer.length) {
      digest.update(buffer, 0, filled);
      filled = 0;
    }
    buffer[filled++] = (byte) (key >>> 24);
    buffer[filled++] = (byte) (key >>> 16);
    buffer[filled++] = (byte) (key >>> 8);
    buffer[filled++] = (byte) key;
  }

  @Override
  public void end() {
    finish();
  }

  /** The trace's dictionary. */
  public TraceDictionary dictionary() {
    return dictionary;
  }

  /** Shared block numbers by block id, -1 for ignored blocks. */
  public int[] keys() {
    return keyOf;
  }

  /** The threads in trace order. */
  public Map<String, Summary> threads() {
    return threads;
  }

  private void finish() {
    if (thread != null) {
      digest.update(buffer, 0, filled);
      threads.put(thread, new Summary(count, digest.digest()));
    }
    thread = null;
    filled = 0;
    count = 0;
  }
}
