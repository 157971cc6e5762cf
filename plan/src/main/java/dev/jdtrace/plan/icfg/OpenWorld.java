package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Whether untraced code may enter traced methods that cannot be seen statically. The world is open when
 * untraced application code runs (the main class is untraced, classes are excluded, traced code calls or
 * extends untraced non-JDK classes) or when traced code reaches methods by name (reflection, method
 * handles, proxies, service loading, deserialisation). A closed world, the whole application traced, has
 * only the entries {@link Callbacks} names statically, and pays nothing to learn others.
 */
public final class OpenWorld {
  /** The reflective call, which a run can watch ({@link #WATCHED}). */
  public static final String REFLECTION = "java.lang.reflect.Method.invoke";

  /**
   * The JDK methods that enter methods chosen at run time that a run can watch: every reflective call and
   * instantiation runs {@code Method.invoke} or {@code Constructor.newInstanceWithCaller}, whose breakpoints tell
   * what is entered (DESIGN §2, reflection watched), and so does a service loader's (a provider's constructor or
   * static {@code provider()} method, JDK 17 and 25). Watched, they open no world and make no constructor a
   * callback: what they enter are entries.
   */
  public static final Set<String> WATCHED = Set.of(REFLECTION, "java.lang.reflect.Constructor.newInstance",
      "java.lang.Class.newInstance", "java.util.ServiceLoader.load", "java.util.ServiceLoader.loadInstalled");

  /** JDK methods that call methods chosen at run time, by owner and name. */
  private static final Set<String> BY_NAME = Set.of(REFLECTION,
      "java.lang.invoke.MethodHandle.invoke", "java.lang.invoke.MethodHandle.invokeExact",
      "java.lang.invoke.MethodHandle.invokeWithArguments", "java.lang.reflect.Proxy.newProxyInstance",
      "java.lang.invoke.MethodHandleProxies.asInterfaceInstance", "java.util.ServiceLoader.load",
      "java.util.ServiceLoader.loadInstalled", "java.io.ObjectInputStream.readObject",
      "java.io.ObjectInputStream.readUnshared");

  private OpenWorld() {
  }

  /** Whether a JDK method ({@code owner.name}) calls methods chosen at run time. */
  static boolean callsByName(final String callee) {
    return BY_NAME.contains(callee);
  }

  /** JDK classes, including the standard packages outside {@code java.*} ({@code org.w3c.dom}, SAX). */
  private static boolean isJdk(final String className) {
    return ClassFilter.isJdkClass(className) || className.startsWith("org.w3c.") || className.startsWith("org.xml.sax.")
        || className.startsWith("org.ietf.jgss.");
  }

  /**
   * Why the world is open, or empty when it is closed. Only code that can run counts: the methods
   * reachable from {@code main} through calls, class initialisers, and the callbacks of classes whose
   * code runs (a driver of another library on the same classpath entry does not open the world).
   *
   * @param structure the program's closed-world structure (callbacks seen statically)
   * @param mainClass the main class, or {@code null} when not known (the world is then open)
   * @param excluded whether classes matching the includes are excluded
   */
  public static Optional<String> reason(final IcfgModel.Structure structure, final ClassFilter filter,
      final String mainClass, final boolean excluded) {
    final Program program = structure.program();
    if (mainClass == null || !filter.matches(mainClass)) {
      return Optional.of("the main class " + mainClass + " is not traced");
    }
    if (excluded) {
      return Optional.of("classes are excluded");
    }
    final BitSet reachable = reachable(structure, mainClass);
    for (int m = reachable.nextSetBit(0); m >= 0; m = reachable.nextSetBit(m + 1)) {
      final ClassModel c = program.declaringClass(m);
      if (c.superName() != null && program.classNamed(c.superName()) == null && !isJdk(c.superName())) {
        return Optional.of(c.name() + " extends the untraced " + c.superName());
      }
      final Optional<String> byName = calling(program, m, unwatched(false));
      if (byName.isPresent()) {
        return byName;
      }
      final int base = program.blockId(m, 0);
      for (int b = base; b < base + program.methods().get(m).blocks().size(); b++) {
        final Block block = program.block(b);
        if (block.end() != BlockEnd.INVOKE || block.call().kind() == CallSite.Kind.DYNAMIC) {
          continue;
        }
        final CallSite call = block.call();
        final String callee = call.owner() + "." + call.name();
        // A traced class the plan left out (the first run did not load it) is not untraced code: if a
        // session loads it, the run plans again with it.
        if (program.classNamed(call.owner()) == null && !isJdk(call.owner()) && !filter.matches(call.owner())
            && !call.owner().startsWith("[") && !call.owner().endsWith("[]")) {
          return Optional.of(program.methodOfBlock(b).id() + " calls the untraced " + callee);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Why traced code that can run (from {@code main} when it is traced, else any) may enter methods chosen
   * at run time, or empty. Unlike {@link #reason}, untraced code that runs does not count here: what it
   * can enter is {@link UntracedCode}'s question.
   *
   * @param reflectionWatched whether the runs watch what reflection enters: then the {@link #WATCHED} methods count
   *     for nothing
   */
  public static Optional<String> byName(final IcfgModel.Structure structure, final String mainClass,
      final boolean reflectionWatched) {
    return calling(structure, mainClass, unwatched(reflectionWatched));
  }

  /** Whether traced code that can run (from {@code main} when traced, else any) calls a {@link #WATCHED} method. */
  public static boolean reflects(final IcfgModel.Structure structure, final String mainClass) {
    return calling(structure, mainClass, WATCHED::contains).isPresent();
  }

  /** The JDK methods that call methods chosen at run time and are not watched. */
  private static Predicate<String> unwatched(final boolean reflectionWatched) {
    return callee -> BY_NAME.contains(callee) && !(reflectionWatched && WATCHED.contains(callee));
  }

  /** The first call of a JDK method {@code callees} accepts in traced code that can run, as a reason, or empty. */
  private static Optional<String> calling(final IcfgModel.Structure structure, final String mainClass,
      final Predicate<String> callees) {
    final BitSet reachable = reachable(structure, mainClass);
    for (int m = reachable.nextSetBit(0); m >= 0; m = reachable.nextSetBit(m + 1)) {
      final Optional<String> why = calling(structure.program(), m, callees);
      if (why.isPresent()) {
        return why;
      }
    }
    return Optional.empty();
  }

  /** Whether the method calls a JDK method {@code callees} accepts, as a reason. */
  private static Optional<String> calling(final Program program, final int m, final Predicate<String> callees) {
    final int base = program.blockId(m, 0);
    for (int b = base; b < base + program.methods().get(m).blocks().size(); b++) {
      final Block block = program.block(b);
      if (block.end() == BlockEnd.INVOKE && block.call().kind() != CallSite.Kind.DYNAMIC
          && callees.test(block.call().owner() + "." + block.call().name())) {
        return Optional.of(program.methodOfBlock(b).id() + " calls " + block.call().owner() + "."
            + block.call().name());
      }
    }
    return Optional.empty();
  }

  /**
   * Methods that can run: from {@code main}, the traced targets of calls and the class initialisers
   * blocks trigger; once a class's code runs, its callbacks (other classes' {@code main} methods aside).
   * Without a static {@code main} in the main class, every method.
   */
  static BitSet reachable(final IcfgModel.Structure structure, final String mainClass) {
    final Program program = structure.program();
    final BitSet reached = new BitSet();
    final int main = program.methodIndex(new MethodId(mainClass, "main", "([Ljava/lang/String;)V"));
    if (main < 0) {
      reached.set(0, program.methods().size());
      return reached;
    }
    final Map<String, List<Integer>> callbacksOf = new HashMap<>();
    final BitSet callbacks = structure.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      final MethodId id = program.methods().get(m).id();
      if (!id.nameAndDescriptor().equals("main([Ljava/lang/String;)V")) {
        callbacksOf.computeIfAbsent(id.className(), k -> new ArrayList<>()).add(m);
      }
    }
    final Set<String> active = new HashSet<>();
    final ArrayDeque<Integer> work = new ArrayDeque<>(List.of(main));
    reached.set(main);
    while (!work.isEmpty()) {
      final int m = work.pop();
      final List<Integer> next = new ArrayList<>();
      if (active.add(program.declaringClass(m).name())) {
        next.addAll(callbacksOf.getOrDefault(program.declaringClass(m).name(), List.of()));
      }
      final int base = program.blockId(m, 0);
      for (int b = base; b < base + program.methods().get(m).blocks().size(); b++) {
        if (structure.targets()[b] != null) {
          next.addAll(structure.targets()[b].traced());
        }
        for (final int c : structure.clinits()[b]) {
          next.add(c);
        }
      }
      for (final int n : next) {
        if (!reached.get(n)) {
          reached.set(n);
          work.push(n);
        }
      }
    }
    return reached;
  }
}
