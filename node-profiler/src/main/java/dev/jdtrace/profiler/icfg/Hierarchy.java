package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.ClassModel;
import dev.jdtrace.profiler.model.MethodId;
import dev.jdtrace.profiler.model.Program;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The class hierarchy of the traced classes, with JVM-style member resolution. Supertypes outside the
 * program are <em>untraced</em>: resolution that reaches one cannot say more.
 */
public final class Hierarchy {
  private final Program program;
  private final Map<String, List<String>> subclasses = new HashMap<>();

  public Hierarchy(final Program program) {
    this.program = program;
    for (final ClassModel c : program.classes()) {
      for (final String sup : supertypes(c)) {
        subclasses.computeIfAbsent(sup, k -> new ArrayList<>()).add(c.name());
      }
    }
  }

  /** The program this hierarchy describes. */
  public Program program() {
    return program;
  }

  private static List<String> supertypes(final ClassModel c) {
    final List<String> s = new ArrayList<>(c.interfaces());
    if (c.superName() != null) {
      s.add(c.superName());
    }
    return s;
  }

  /** The class itself and every traced class below it. */
  public Set<String> subtypesOf(final String name) {
    final Set<String> out = new LinkedHashSet<>();
    final List<String> work = new ArrayList<>(List.of(name));
    while (!work.isEmpty()) {
      final String n = work.remove(work.size() - 1);
      if (out.add(n)) {
        work.addAll(subclasses.getOrDefault(n, List.of()));
      }
    }
    return out;
  }

  /**
   * Resolves a method as the JVM does for a receiver of class {@code owner}: up the superclass chain,
   * then default methods of superinterfaces.
   *
   * @return the traced method index, or -1 when the method is found in, or resolution reaches, untraced
   *     code, or the method found has no bytecode
   */
  public int resolveMethod(final String owner, final String nameAndDescriptor) {
    String c = owner;
    while (c != null) {
      final ClassModel model = program.classNamed(c);
      if (model == null) {
        return -1;
      }
      if (model.declared().contains(nameAndDescriptor)) {
        return indexOf(c, nameAndDescriptor);
      }
      c = model.superName();
    }
    return -1;
  }

  /**
   * Whether resolving the method from {@code owner} stays inside traced classes: false when an untraced
   * class is on the way, so the call may run untraced code.
   */
  public boolean resolvesInTracedCode(final String owner, final String nameAndDescriptor) {
    return resolveMethod(owner, nameAndDescriptor) >= 0;
  }

  /** Index of a declared method with bytecode, or -1 (abstract or native). */
  private int indexOf(final String owner, final String nameAndDescriptor) {
    final int split = nameAndDescriptor.indexOf('(');
    return program.methodIndex(new MethodId(owner, nameAndDescriptor.substring(0, split),
        nameAndDescriptor.substring(split)));
  }

  /**
   * The class whose static field or method a {@code getstatic}, {@code putstatic} or {@code invokestatic}
   * on {@code owner} names, searching superclasses and superinterfaces; {@code null} when the search
   * leaves the traced classes.
   */
  public String declaringClass(final String owner, final String member, final boolean field,
      final String nameAndDescriptor) {
    final ClassModel model = program.classNamed(owner);
    if (model == null) {
      return null;
    }
    if (field ? model.fields().contains(member) : model.declared().contains(nameAndDescriptor)) {
      return owner;
    }
    final List<String> up = new ArrayList<>(model.interfaces());
    if (model.superName() != null) {
      up.add(model.superName());
    }
    for (final String s : up) {
      final String found = declaringClass(s, member, field, nameAndDescriptor);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** The class and its traced superclasses, nearest first; stops at the first untraced one. */
  public List<ClassModel> tracedSuperclasses(final String name) {
    final List<ClassModel> chain = new ArrayList<>();
    for (ClassModel c = program.classNamed(name); c != null; c = c.superName() == null ? null
        : program.classNamed(c.superName())) {
      chain.add(c);
    }
    return chain;
  }

  /** Traced superinterfaces (transitively) of a class and its superclasses. */
  public Set<ClassModel> tracedInterfaces(final String name) {
    final Set<ClassModel> out = new LinkedHashSet<>();
    final List<String> work = new ArrayList<>();
    for (final ClassModel c : tracedSuperclasses(name)) {
      work.addAll(c.interfaces());
    }
    while (!work.isEmpty()) {
      final ClassModel i = program.classNamed(work.remove(work.size() - 1));
      if (i != null && out.add(i)) {
        work.addAll(i.interfaces());
      }
    }
    return out;
  }
}
