package dev.jdtrace.plan.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The analysed classes of a program with a global numbering of their blocks.
 *
 * <p>Classes are sorted by name; methods keep class-file order; blocks keep bytecode order. The global
 * block id is the position in that order, so the same class files always give the same ids. Immutable and
 * thread-safe.
 */
public final class Program {
  private final List<ClassModel> classes;
  private final List<MethodCfg> methods = new ArrayList<>();
  private final List<ClassModel> methodClass = new ArrayList<>();
  private final int[] methodBase;
  private final int[] blockMethod;
  /**
   * The blocks' normal successors as global ids, {@code successors[successorStart[b]..successorStart[b+1])},
   * and how each block ends: the planner's passes read these for every block several times, and primitive
   * arrays spare them a walk through each block's record and boxed successor list.
   */
  private final int[] successorStart;
  private final int[] successors;
  private final BlockEnd[] ends;
  private final Map<MethodId, Integer> methodIndex = new HashMap<>();
  private final Map<String, ClassModel> byName = new HashMap<>();

  public Program(final List<ClassModel> classes) {
    final List<ClassModel> sorted = new ArrayList<>(classes);
    sorted.sort(Comparator.comparing(ClassModel::name));
    this.classes = Collections.unmodifiableList(sorted);
    int blocks = 0;
    for (final ClassModel c : sorted) {
      byName.put(c.name(), c);
      for (final MethodCfg m : c.methods()) {
        methodIndex.put(m.id(), methods.size());
        methods.add(m);
        methodClass.add(c);
        blocks += m.blocks().size();
      }
    }
    methodBase = new int[methods.size() + 1];
    blockMethod = new int[blocks];
    int next = 0;
    for (int i = 0; i < methods.size(); i++) {
      methodBase[i] = next;
      final int n = methods.get(i).blocks().size();
      Arrays.fill(blockMethod, next, next + n, i);
      next += n;
    }
    methodBase[methods.size()] = next;
    successorStart = new int[blocks + 1];
    ends = new BlockEnd[blocks];
    successors = indexSuccessors();
  }

  /** Fills {@link #ends} and {@link #successorStart}; returns the successors' global ids. */
  private int[] indexSuccessors() {
    int[] out = new int[ends.length + 16];
    int b = 0;
    int e = 0;
    for (int i = 0; i < methods.size(); i++) {
      final List<Block> blocks = methods.get(i).blocks();
      for (int k = 0; k < blocks.size(); k++) {
        final Block block = blocks.get(k);
        final List<Integer> next = block.successors();
        ends[b] = block.end();
        if (e + next.size() > out.length) {
          out = Arrays.copyOf(out, Math.max(out.length * 2, e + next.size()));
        }
        for (int j = 0; j < next.size(); j++) {
          out[e++] = methodBase[i] + next.get(j);
        }
        successorStart[++b] = e;
      }
    }
    return Arrays.copyOf(out, e);
  }

  /** Classes sorted by name. */
  public List<ClassModel> classes() {
    return classes;
  }

  /** The class with this binary name, or {@code null}. */
  public ClassModel classNamed(final String name) {
    return byName.get(name);
  }

  /** All methods with bytecode, in global order. */
  public List<MethodCfg> methods() {
    return Collections.unmodifiableList(methods);
  }

  /** Index of a method in {@link #methods()}, or -1. */
  public int methodIndex(final MethodId id) {
    return methodIndex.getOrDefault(id, -1);
  }

  /** The class declaring the method at this index. */
  public ClassModel declaringClass(final int methodIndex) {
    return methodClass.get(methodIndex);
  }

  /** Total number of blocks. */
  public int blockCount() {
    return blockMethod.length;
  }

  /** Global id of a block. */
  public int blockId(final int methodIndex, final int blockIndex) {
    return methodBase[methodIndex] + blockIndex;
  }

  /** Index of the method holding a global block id. */
  public int methodOf(final int blockId) {
    return blockMethod[blockId];
  }

  /** The block with a global id. */
  public Block block(final int blockId) {
    final int m = blockMethod[blockId];
    return methods.get(m).blocks().get(blockId - methodBase[m]);
  }

  /** How a block ends. */
  public BlockEnd end(final int blockId) {
    return ends[blockId];
  }

  /** Number of normal successors of a block. */
  public int successorCount(final int blockId) {
    return successorStart[blockId + 1] - successorStart[blockId];
  }

  /** The global id of a block's {@code i}th normal successor (in {@link Block#successors()} order). */
  public int successor(final int blockId, final int i) {
    return successors[successorStart[blockId] + i];
  }

  /** The method holding a global block id. */
  public MethodCfg methodOfBlock(final int blockId) {
    return methods.get(blockMethod[blockId]);
  }
}
