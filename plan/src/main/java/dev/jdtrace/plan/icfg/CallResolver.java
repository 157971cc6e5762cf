package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Resolves call sites soundly: every traced method a call can enter directly, and whether it can run
 * untraced code. Dispatch uses class hierarchy analysis over the traced classes, under one closed-world
 * assumption: untraced code does not subclass traced classes. It may implement traced interfaces, as lambda
 * and dynamic proxies do, so interface calls count as possibly untraced, unless the caller knows that only the
 * lambda proxies of traced code can ({@link LambdaNames}).
 */
public final class CallResolver {
  private final Hierarchy hierarchy;
  private final boolean openWorld;
  private final java.util.Map<String, java.util.Set<String>> untracedOverrides;
  private final PureJdkCalls pure;
  /**
   * The names of the methods lambda proxies of traced code implement, when they are the only classes outside the
   * program that may implement a traced interface; else empty.
   */
  private final java.util.Optional<java.util.Set<String>> lambdaNames;
  private final java.util.Map<String, List<Integer>> bySignature = new java.util.HashMap<>();
  /**
   * Each call site's targets, resolved once: the callbacks and the structure both resolve every call of the
   * program, and most call sites repeat (the same method is called from many blocks).
   */
  private final java.util.Map<CallSite, CallTargets> resolved = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * @param openWorld when untraced code may subclass traced classes (the traced set does not hold the
   *     whole application): every virtual call is then possibly untraced
   */
  public CallResolver(final Hierarchy hierarchy, final boolean openWorld) {
    this(hierarchy, openWorld, java.util.Map.of());
  }

  /**
   * @param openWorld when untraced code may subclass any traced class
   * @param untracedOverrides by traced class, the methods (name and descriptor) that untraced classes
   *     known to extend it override: a virtual call that may reach one may run untraced code
   */
  public CallResolver(final Hierarchy hierarchy, final boolean openWorld,
      final java.util.Map<String, java.util.Set<String>> untracedOverrides) {
    this(hierarchy, openWorld, untracedOverrides, PureJdkCalls.VALUE_CLASSES_ONLY);
  }

  /**
   * @param openWorld when untraced code may subclass any traced class
   * @param untracedOverrides by traced class, the methods (name and descriptor) that untraced classes
   *     known to extend it override: a virtual call that may reach one may run untraced code
   * @param pure the JDK calls that cannot call back
   */
  public CallResolver(final Hierarchy hierarchy, final boolean openWorld,
      final java.util.Map<String, java.util.Set<String>> untracedOverrides, final PureJdkCalls pure) {
    this(hierarchy, openWorld, untracedOverrides, pure, false);
  }

  /**
   * @param openWorld when untraced code may subclass any traced class
   * @param untracedOverrides by traced class, the methods (name and descriptor) that untraced classes
   *     known to extend it override: a virtual call that may reach one may run untraced code
   * @param pure the JDK calls that cannot call back
   * @param onlyLambdasImplement whether the only classes outside the program that may implement a traced
   *     interface are the lambda proxies of traced code: the world is closed and the program's first run loaded
   *     no untraced class but the JDK's (a session that loads one plans again). Then a call on a traced interface
   *     is dispatched over the traced classes, as a virtual call is ({@link LambdaNames})
   */
  public CallResolver(final Hierarchy hierarchy, final boolean openWorld,
      final java.util.Map<String, java.util.Set<String>> untracedOverrides, final PureJdkCalls pure,
      final boolean onlyLambdasImplement) {
    this.hierarchy = hierarchy;
    this.openWorld = openWorld;
    this.untracedOverrides = untracedOverrides;
    this.pure = pure;
    final Program p = hierarchy.program();
    for (int i = 0; i < p.methods().size(); i++) {
      final MethodCfg m = p.methods().get(i);
      if (!m.isStatic()) {
        bySignature.computeIfAbsent(m.id().nameAndDescriptor(), k -> new ArrayList<>()).add(i);
      }
    }
    this.lambdaNames = onlyLambdasImplement && !openWorld ? LambdaNames.of(p) : java.util.Optional.empty();
  }

  /** The hierarchy calls are resolved in. */
  Hierarchy hierarchy() {
    return hierarchy;
  }

  /** Targets of a call site. */
  public CallTargets resolve(final CallSite call) {
    return resolved.computeIfAbsent(call, this::resolveOnce);
  }

  private CallTargets resolveOnce(final CallSite call) {
    if (pure.isPure(call)) {
      return CallTargets.PURE;
    }
    final String nd = call.name() + call.descriptor();
    return switch (call.kind()) {
      case DYNAMIC -> CallTargets.EXTERNAL;
      case STATIC -> {
        final int m = hierarchy.resolveMethod(call.owner(), nd);
        yield m < 0 ? CallTargets.EXTERNAL : new CallTargets(List.of(m), false);
      }
      case SPECIAL -> {
        // super.m() may select a traced default method past an untraced type.
        final int m = hierarchy.resolveMethod(call.owner(), nd);
        yield m >= 0 ? new CallTargets(List.of(m), false)
            : new CallTargets(hierarchy.defaultMethods(call.owner(), nd), true);
      }
      case VIRTUAL -> virtual(call.owner(), nd);
      case INTERFACE -> lambdaNames.isPresent() && hierarchy.program().classNamed(call.owner()) != null
          && !lambdaNames.get().contains(call.name()) ? tracedInterface(call.owner(), nd)
          : new CallTargets(sameSignature(nd), true);
    };
  }

  /**
   * A call on a traced interface that no class outside the program implements with this method: the traced
   * implementations dispatch can select, as for a virtual call, and the interface's default methods, which a
   * lambda proxy that implements it as a marker would select.
   */
  private CallTargets tracedInterface(final String owner, final String nd) {
    final CallTargets classes = virtual(owner, nd);
    final TreeSet<Integer> targets = new TreeSet<>(classes.traced());
    targets.addAll(hierarchy.defaultMethods(owner, nd));
    final int own = hierarchy.resolveMethod(owner, nd);
    if (own >= 0) {
      targets.add(own);
    }
    return new CallTargets(new ArrayList<>(targets), classes.external());
  }

  private CallTargets virtual(final String owner, final String nd) {
    if (hierarchy.program().classNamed(owner) == null) {
      // Declared by an untraced type (Object, a JDK interface…): any traced override may run, or none. A
      // final JDK class has no subclass, traced or not.
      return new CallTargets(pure.isFinalJdkClass(owner) ? List.of() : sameSignature(nd), true);
    }
    final TreeSet<Integer> targets = new TreeSet<>();
    boolean external = openWorld;
    for (final String c : hierarchy.subtypesOf(owner)) {
      external |= untracedOverrides.getOrDefault(c, java.util.Set.of()).contains(nd);
      final ClassModel model = hierarchy.program().classNamed(c);
      if (model == null || (model.access() & (0x0200 | 0x0400)) != 0) {
        continue; // Interfaces and abstract classes have no instances of their own.
      }
      final int m = hierarchy.resolveMethod(c, nd);
      if (m >= 0) {
        targets.add(m);
      } else {
        // Resolution met an untraced type: it may run untraced code, or a default method the class inherits.
        external = true;
        targets.addAll(hierarchy.defaultMethods(c, nd));
      }
    }
    return new CallTargets(new ArrayList<>(targets), external);
  }

  /** Every traced instance method with this name and descriptor. */
  private List<Integer> sameSignature(final String nd) {
    return bySignature.getOrDefault(nd, List.of());
  }
}
