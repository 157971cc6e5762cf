package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.ClassModel;
import dev.jdtrace.profiler.model.MethodCfg;
import dev.jdtrace.profiler.model.MethodId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which traced class initialisers a block can start (JLS 12.4.1): {@code new} and static members
 * initialise the class that declares them, after its superclasses and the superinterfaces that declare
 * default methods. The decoder runs a {@code <clinit>} at the first block that can start it.
 */
public final class InitTriggers {
  private final Hierarchy hierarchy;
  /** The answer for each list of references already seen: blocks repeat the same field and method uses. */
  private final java.util.Map<List<Block.InitRef>, int[]> known = new java.util.HashMap<>();

  public InitTriggers(final Hierarchy hierarchy) {
    this.hierarchy = hierarchy;
  }

  /**
   * Method indices of the {@code <clinit>}s this block can run, in no particular order. Blocks with the same
   * references share the array: do not modify it.
   */
  public int[] of(final Block block) {
    return known.computeIfAbsent(block.inits(), refs -> resolve(block));
  }

  private int[] resolve(final Block block) {
    final Set<String> classes = new LinkedHashSet<>();
    for (final Block.InitRef ref : block.inits()) {
      final String declaring = ref.member() == null ? ref.owner()
          : hierarchy.declaringClass(ref.owner(), ref.member(), ref.descriptor().charAt(0) != '(',
              ref.member() + ref.descriptor());
      if (declaring != null) {
        addWithSupertypes(declaring, classes);
      }
    }
    final List<Integer> clinits = new ArrayList<>();
    for (final String c : classes) {
      final int m = hierarchy.program().methodIndex(new MethodId(c, "<clinit>", "()V"));
      if (m >= 0) {
        clinits.add(m);
      }
    }
    return clinits.stream().mapToInt(Integer::intValue).toArray();
  }

  private void addWithSupertypes(final String name, final Set<String> out) {
    final ClassModel c = hierarchy.program().classNamed(name);
    if (c == null || !out.add(name)) {
      return;
    }
    if (c.isInterface()) {
      return; // An interface's own initialisation does not initialise its superinterfaces.
    }
    if (c.superName() != null) {
      addWithSupertypes(c.superName(), out);
    }
    for (final ClassModel i : hierarchy.tracedInterfaces(name)) {
      if (hasDefaultMethod(i)) {
        out.add(i.name());
      }
    }
  }

  private static boolean hasDefaultMethod(final ClassModel i) {
    for (final MethodCfg m : i.methods()) {
      if (!m.isStatic() && !m.id().name().startsWith("<")) {
        return true;
      }
    }
    return false;
  }
}
