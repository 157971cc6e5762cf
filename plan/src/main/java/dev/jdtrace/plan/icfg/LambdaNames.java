package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The names of the methods the lambda proxies of traced code implement: an {@code invokedynamic} that
 * {@code LambdaMetafactory} links makes a class implementing its functional interface's method, whose name is
 * the call site's. With {@code altMetafactory} it also implements marker interfaces, and bridges, all under that
 * one name, so a call on a traced interface can reach a lambda proxy only through a method of that name (any
 * other method of the interface is a default one, traced, or throws {@code AbstractMethodError}). Java's other
 * bootstraps (string concatenation, records' methods, pattern switches, dynamic constants) make no object that
 * implements an interface; any other bootstrap might, so then nothing is known.
 */
final class LambdaNames {
  /** Bootstrap classes whose call sites make no object of an interface of the program. */
  private static final Set<String> NO_PROXIES = Set.of("java.lang.invoke.StringConcatFactory",
      "java.lang.runtime.ObjectMethods", "java.lang.runtime.SwitchBootstraps", "java.lang.invoke.ConstantBootstraps");

  private LambdaNames() {
  }

  /** The names, or empty when some {@code invokedynamic} has a bootstrap that might make other proxies. */
  static Optional<Set<String>> of(final Program program) {
    final Set<String> names = new HashSet<>();
    for (final MethodCfg m : program.methods()) {
      for (final Block block : m.blocks()) {
        if (block.end() != BlockEnd.INVOKE || block.call().kind() != CallSite.Kind.DYNAMIC) {
          continue;
        }
        if (PureJdkCalls.isLambda(block.call())) {
          names.add(block.call().name());
        } else if (!NO_PROXIES.contains(block.call().owner())) {
          return Optional.empty();
        }
      }
    }
    return Optional.of(Set.copyOf(names));
  }
}
