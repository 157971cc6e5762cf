package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The blocks that may start the initialiser of an untraced class in their middle ({@code new},
 * {@code getstatic}, {@code putstatic} of an untraced class, or of a traced one with an untraced supertype),
 * which may call traced code back before the block goes on (issue 27), unless every path to it has already
 * started that initialisation ({@link InitialisedBefore}). A block that ends in a call that may
 * run untraced code is left out: callbacks from the initialiser then take the same path as callbacks from
 * that call. JDK classes are left out too, as {@link PureJdkCalls} trusts them: their initialisers do not call
 * application code (the launcher initialises most of them before {@code main}). So are untraced classes whose
 * class files on the classpath show no static initialiser in them or their untraced superclasses; a class not
 * found there is assumed to have one.
 */
final class UntracedInits {
  private UntracedInits() {
  }

  static BitSet of(final Program program, final CallTargets[] targets, final List<java.nio.file.Path> classpath) {
    final BitSet out = new BitSet();
    final java.util.Map<String, Boolean> known = new java.util.HashMap<>();
    try (UntracedClassFiles files = new UntracedClassFiles(classpath)) {
      mark(program, targets, files, known, out);
    }
    return out;
  }

  private static void mark(final Program program, final CallTargets[] targets, final UntracedClassFiles files,
      final java.util.Map<String, Boolean> known, final BitSet out) {
    final java.util.function.Predicate<Block.InitRef> untraced =
        ref -> known.computeIfAbsent(ref.owner(), o -> reachesUntraced(program, files, o));
    for (int m = 0; m < program.methods().size(); m++) {
      final MethodCfg method = program.methods().get(m);
      if (method.blocks().stream().noneMatch(b -> b.inits().stream().anyMatch(untraced))) {
        continue;
      }
      final List<Set<String>> before = InitialisedBefore.of(method, files, untraced);
      for (int i = 0; i < method.blocks().size(); i++) {
        final int b = program.blockId(m, i);
        final Block block = program.block(b);
        if (!block.initTrigger() || (targets[b] != null && targets[b].external())) {
          continue;
        }
        final Set<String> initialised = new HashSet<>(before.get(i));
        for (final Block.InitRef ref : block.inits()) {
          if (!untraced.test(ref)) {
            continue;
          }
          final List<String> keys = InitialisedBefore.keys(ref, files);
          if (!InitialisedBefore.done(keys, initialised)) {
            out.set(b);
            break;
          }
          initialised.addAll(keys);
        }
      }
    }
  }

  /** Whether initialising this class may run an untraced, non-JDK initialiser: its own or a supertype's. */
  private static boolean reachesUntraced(final Program program, final UntracedClassFiles files,
      final String owner) {
    final List<String> work = new ArrayList<>(List.of(owner));
    final Set<String> seen = new HashSet<>();
    while (!work.isEmpty()) {
      final String name = work.remove(work.size() - 1);
      if (name.startsWith("[") || !seen.add(name) || ClassFilter.isJdkClass(name)) {
        continue;
      }
      final ClassModel c = program.classNamed(name);
      if (c == null) {
        if (files.mayInitialise(name)) {
          return true;
        }
        continue;
      }
      work.addAll(c.interfaces());
      if (c.superName() != null) {
        work.add(c.superName());
      }
    }
    return false;
  }
}
