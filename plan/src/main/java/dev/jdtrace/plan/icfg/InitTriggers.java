package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.MethodId;
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
   * Method indices of the {@code <clinit>}s this block can run, each after those the JVM runs before it. Blocks
   * with the same references share the array: do not modify it.
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

  /**
   * Adds the class after what the JVM initialises before it (JLS 12.4.2): its superclass, recursively, then its
   * superinterfaces that declare default methods. The walk starts the first initialiser a stream's head shows,
   * in this order: when two of them sit in different sessions, both heads show one, and only this order is
   * the run's (StaticInit under --cap 8 entered Child's initialiser before Parent's and diverged).
   */
  private void addWithSupertypes(final String name, final Set<String> out) {
    final ClassModel c = hierarchy.program().classNamed(name);
    if (c == null || out.contains(name)) {
      return;
    }
    // An interface's own initialisation does not initialise its superinterfaces.
    if (!c.isInterface()) {
      if (c.superName() != null) {
        addWithSupertypes(c.superName(), out);
      }
      for (final ClassModel i : hierarchy.tracedInterfaces(name)) {
        if (hasDefaultMethod(i)) {
          out.add(i.name());
        }
      }
    }
    out.add(name);
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
