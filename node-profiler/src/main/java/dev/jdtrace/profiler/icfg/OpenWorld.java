package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.ClassFilter;
import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.BlockEnd;
import dev.jdtrace.profiler.model.CallSite;
import dev.jdtrace.profiler.model.ClassModel;
import dev.jdtrace.profiler.model.Program;
import java.util.Optional;
import java.util.Set;

/**
 * Whether untraced code may enter traced methods that cannot be seen statically. The world is open when
 * untraced application code runs (the main class is untraced, classes are excluded, traced code calls or
 * extends untraced non-JDK classes) or when traced code reaches methods by name (reflection, method
 * handles, proxies, service loading, deserialisation). A closed world, the whole application traced, has
 * only the entries {@link Callbacks} names statically, and pays nothing to learn others.
 */
public final class OpenWorld {
  /** JDK methods that call methods chosen at run time, by owner and name. */
  private static final Set<String> BY_NAME = Set.of("java.lang.reflect.Method.invoke",
      "java.lang.invoke.MethodHandle.invoke", "java.lang.invoke.MethodHandle.invokeExact",
      "java.lang.invoke.MethodHandle.invokeWithArguments", "java.lang.reflect.Proxy.newProxyInstance",
      "java.lang.invoke.MethodHandleProxies.asInterfaceInstance", "java.util.ServiceLoader.load",
      "java.util.ServiceLoader.loadInstalled", "java.io.ObjectInputStream.readObject",
      "java.io.ObjectInputStream.readUnshared");

  private OpenWorld() {
  }

  /**
   * Why the world is open, or empty when it is closed.
   *
   * @param mainClass the main class, or {@code null} when not known (the world is then open)
   * @param excluded whether classes matching the includes are excluded
   */
  public static Optional<String> reason(final Program program, final ClassFilter filter, final String mainClass,
      final boolean excluded) {
    if (mainClass == null || !filter.matches(mainClass)) {
      return Optional.of("the main class " + mainClass + " is not traced");
    }
    if (excluded) {
      return Optional.of("classes are excluded");
    }
    for (final ClassModel c : program.classes()) {
      if (c.superName() != null && program.classNamed(c.superName()) == null && !ClassFilter.isJdkClass(c.superName())) {
        return Optional.of(c.name() + " extends the untraced " + c.superName());
      }
    }
    for (int b = 0; b < program.blockCount(); b++) {
      final Block block = program.block(b);
      if (block.end() != BlockEnd.INVOKE || block.call().kind() == CallSite.Kind.DYNAMIC) {
        continue;
      }
      final CallSite call = block.call();
      final String callee = call.owner() + "." + call.name();
      if (BY_NAME.contains(callee)) {
        return Optional.of(program.methodOfBlock(b).id() + " calls " + callee);
      }
      if (program.classNamed(call.owner()) == null && !ClassFilter.isJdkClass(call.owner())
          && !call.owner().startsWith("[") && !call.owner().endsWith("[]")) {
        return Optional.of(program.methodOfBlock(b).id() + " calls the untraced " + callee);
      }
    }
    return Optional.empty();
  }
}
