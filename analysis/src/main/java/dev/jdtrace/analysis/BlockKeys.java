package dev.jdtrace.analysis;

import dev.jdtrace.reconstruct.trace.TraceDictionary;
import dev.jdtrace.reconstruct.trace.TraceDictionary.BlockEntry;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Gives blocks of different traces one numbering, so that their paths can be compared: two blocks are
 * the same when their class, method name, descriptor, start and end offsets are (the fields of the
 * blocks export). Not thread-safe.
 */
public final class BlockKeys {
  private final Map<String, Integer> keys = new HashMap<>();

  /**
   * The shared number of each block of {@code d}, or -1 for blocks of classes that {@code ignored} accepts.
   */
  public int[] of(final TraceDictionary d, final Predicate<String> ignored) {
    final int[] result = new int[d.blocks().size()];
    for (int i = 0; i < result.length; i++) {
      final BlockEntry b = d.blocks().get(i);
      final String className = d.classOf(i).name();
      if (ignored.test(className)) {
        result[i] = -1;
      } else {
        final String key = className + '\t' + d.methodOf(i).name() + d.methodOf(i).descriptor() + '\t'
            + b.startBci() + '\t' + b.endBci();
        result[i] = keys.computeIfAbsent(key, k -> keys.size());
      }
    }
    return result;
  }
}
