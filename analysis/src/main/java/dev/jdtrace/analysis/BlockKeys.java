package dev.jdtrace.analysis;

import dev.jdtrace.trace.BlockKey;
import dev.jdtrace.trace.TraceDictionary;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Gives blocks of different traces one numbering, so that their paths can be compared: two blocks are
 * the same when their {@link BlockKey}s are. Not thread-safe.
 */
public final class BlockKeys {
  private final Map<BlockKey, Integer> keys = new HashMap<>();

  /**
   * The shared number of each block of {@code d}, or -1 for blocks of classes that {@code ignored} accepts.
   */
  public int[] of(final TraceDictionary d, final Predicate<String> ignored) {
    final int[] result = new int[d.blocks().size()];
    for (int i = 0; i < result.length; i++) {
      if (ignored.test(d.classOf(i).name())) {
        result[i] = -1;
      } else {
        result[i] = keys.computeIfAbsent(BlockKey.of(d, i), k -> keys.size());
      }
    }
    return result;
  }
}
