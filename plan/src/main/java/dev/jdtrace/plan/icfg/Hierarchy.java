package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
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
    return below(name, subclasses);
  }

  /** A type and every type below it, by each type's direct subtypes: the traced classes', or the JDK image's. */
  static Set<String> below(final String name, final Map<String, List<String>> directSubtypes) {
    final Set<String> out = new LinkedHashSet<>();
    final List<String> work = new ArrayList<>(List.of(name));
    while (!work.isEmpty()) {
      final String n = work.remove(work.size() - 1);
      if (out.add(n)) {
        work.addAll(directSubtypes.getOrDefault(n, List.of()));
      }
    }
    return out;
  }

  /**
   * Resolves a method as the JVM does for a receiver of class {@code owner} (JVMS 5.4.3.3, 5.4.6): up the
   * superclass chain, then the one maximally specific default method of its superinterfaces. A class that
   * inherits a default method names it through its own type ({@code invokevirtual Box.half}), so without
   * the second step such a call looked untraced, and the default method, entered but never a callback,
   * could not be placed.
   *
   * @return the traced method index, or -1 when the method is found in, or resolution reaches, untraced
   *     code (an untraced superclass other than {@code Object}, or an untraced superinterface that could
   *     declare it), or the method found has no bytecode
   */
  public int resolveMethod(final String owner, final String nameAndDescriptor) {
    String c = owner;
    while (c != null) {
      final ClassModel model = program.classNamed(c);
      if (model == null) {
        if (!c.equals("java.lang.Object") || OBJECT_METHODS.contains(nameAndDescriptor)) {
          return -1;
        }
        break; // Object declares only its own methods: the superinterfaces come next
      }
      if (model.declared().contains(nameAndDescriptor)) {
        return indexOf(c, nameAndDescriptor);
      }
      c = model.superName();
    }
    final Set<String> untraced = new LinkedHashSet<>();
    final List<Integer> defaults = maximallySpecific(superinterfaces(owner, untraced), nameAndDescriptor);
    untraced.removeAll(METHODLESS_INTERFACES);
    return untraced.isEmpty() && defaults.size() == 1 ? defaults.get(0) : -1;
  }

  /**
   * The traced default methods with this name and descriptor that a class inherits from its superinterfaces:
   * what dispatch may select when {@link #resolveMethod} cannot say (an untraced type on the way).
   */
  public List<Integer> defaultMethods(final String owner, final String nameAndDescriptor) {
    final List<Integer> out = new ArrayList<>();
    for (final ClassModel i : superinterfaces(owner, new LinkedHashSet<>())) {
      final int m = defaultMethod(i, nameAndDescriptor);
      if (m >= 0) {
        out.add(m);
      }
    }
    return out;
  }

  /** Object's methods: a call that resolves to one of them past the traced superclasses runs untraced code. */
  private static final Set<String> OBJECT_METHODS = Set.of("hashCode()I", "equals(Ljava/lang/Object;)Z",
      "toString()Ljava/lang/String;", "clone()Ljava/lang/Object;", "finalize()V", "getClass()Ljava/lang/Class;",
      "notify()V", "notifyAll()V", "wait()V", "wait(J)V", "wait(JI)V");

  /** JDK interfaces that declare no method, so they cannot hold a more specific default. */
  private static final Set<String> METHODLESS_INTERFACES = Set.of("java.lang.Cloneable", "java.io.Serializable",
      "java.util.RandomAccess", "java.util.EventListener");

  /** The traced default method {@code nameAndDescriptor} of interface {@code i}, or -1. */
  private int defaultMethod(final ClassModel i, final String nameAndDescriptor) {
    if (!i.declared().contains(nameAndDescriptor)) {
      return -1;
    }
    final int m = indexOf(i.name(), nameAndDescriptor);
    // Static and private interface methods are not inherited; abstract ones have no bytecode (index -1).
    return m >= 0 && (program.methods().get(m).access() & (0x0008 | 0x0002)) == 0 ? m : -1;
  }

  /**
   * Every superinterface of a class, its superclasses and their superinterfaces, transitively: the traced
   * ones returned, the untraced ones added to {@code untraced}.
   */
  private Set<ClassModel> superinterfaces(final String owner, final Set<String> untraced) {
    final Set<ClassModel> out = new LinkedHashSet<>();
    final List<String> work = new ArrayList<>();
    for (final ClassModel c : tracedSuperclasses(owner)) {
      work.addAll(c.interfaces());
    }
    while (!work.isEmpty()) {
      final String n = work.remove(work.size() - 1);
      final ClassModel i = program.classNamed(n);
      if (i == null) {
        untraced.add(n);
      } else if (out.add(i)) {
        work.addAll(i.interfaces());
      }
    }
    return out;
  }

  /** The default methods among these interfaces that no other interface among them overrides (JVMS 5.4.3.3). */
  private List<Integer> maximallySpecific(final Set<ClassModel> interfaces, final String nameAndDescriptor) {
    final List<ClassModel> declaring = interfaces.stream()
        .filter(i -> i.declared().contains(nameAndDescriptor) && !isStaticOrPrivate(i, nameAndDescriptor)).toList();
    final Map<ClassModel, Set<ClassModel>> above = new HashMap<>();
    declaring.forEach(j -> above.put(j, superinterfaces(j.name(), new LinkedHashSet<>())));
    final List<Integer> out = new ArrayList<>();
    for (final ClassModel i : declaring) {
      final boolean shadowed = declaring.stream().anyMatch(j -> j != i && above.get(j).contains(i));
      final int m = defaultMethod(i, nameAndDescriptor);
      if (!shadowed) {
        out.add(m); // an abstract one (-1) that is maximally specific leaves no default to select
      }
    }
    return out.contains(-1) ? List.of() : out;
  }

  private boolean isStaticOrPrivate(final ClassModel i, final String nameAndDescriptor) {
    final int m = indexOf(i.name(), nameAndDescriptor);
    return m >= 0 && (program.methods().get(m).access() & (0x0008 | 0x0002)) != 0;
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
