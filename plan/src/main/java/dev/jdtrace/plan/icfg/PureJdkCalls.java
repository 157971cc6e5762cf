package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.ClassFiles;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * JDK calls that cannot run traced code. Two proofs, either enough:
 * <ul>
 *   <li>methods of final JDK value classes whose arguments are all primitives, strings, boxes or arrays of
 *       those: such a call can neither dispatch to user code nor be handed user objects to call back;</li>
 *   <li>with the runtime image of the JDK the program runs on, a static call, a constructor, or a virtual
 *       call that no class of the program can override, whose body {@link PureJdkBodies} proves never leaves
 *       the JDK ({@code Optional.ofNullable}, {@code Object.<init>}, {@code Objects.requireNonNull}).</li>
 *   <li>an {@code invokedynamic} that makes a lambda or method reference ({@code LambdaMetafactory}).</li>
 * </ul>
 * Treating them as plain instructions spares the choice between a callback and the return at every such
 * call, and a witness at its return site. They can still throw; the exception record says so. These
 * classes' initialisers are trusted not to load application classes.
 */
public final class PureJdkCalls {
  private static final Set<String> FINAL_VALUE_CLASSES = Set.of("java.lang.String", "java.lang.Math",
      "java.lang.StrictMath", "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte",
      "java.lang.Character", "java.lang.Boolean", "java.lang.Double", "java.lang.Float",
      "java.lang.StringBuilder", "java.lang.StringBuffer");

  /** No image: only the value classes' rule. */
  public static final PureJdkCalls VALUE_CLASSES_ONLY = new PureJdkCalls(null, Set.of(), false, Optional::empty,
      Optional::empty);

  /** A virtual call on a JDK class with more JDK subclasses than this is not followed into each. */
  private static final int MOST_RECEIVER_CLASSES = 20;

  private final PureJdkBodies bodies;
  /** The JDK classes some traced class extends: a constructor of one may run on a traced object. */
  private final Set<String> extended;
  /** Whether some traced class extends an untraced class outside the JDK, whose supertypes are not read. */
  private final boolean extendsUnknown;
  /** The image's type hierarchy, read on a proof's first need (once per JDK, then cached). */
  private final java.util.function.Supplier<Optional<JdkTypes>> types;
  /**
   * The JDK types that a class outside the JDK which can run (traced, or untraced and loaded by the first run)
   * extends or implements, found on first need: a virtual call on one may select that class's override.
   * Empty when they cannot be known.
   */
  private Optional<Set<String>> nonJdkSupertypes;
  private final java.util.function.Supplier<Optional<Set<String>>> readNonJdkSupertypes;

  private PureJdkCalls(final PureJdkBodies bodies, final Set<String> extended, final boolean extendsUnknown,
      final java.util.function.Supplier<Optional<JdkTypes>> types,
      final java.util.function.Supplier<Optional<Set<String>>> readNonJdkSupertypes) {
    this.bodies = bodies;
    this.extended = extended;
    this.extendsUnknown = extendsUnknown;
    this.types = types;
    this.readNonJdkSupertypes = readNonJdkSupertypes;
  }

  /**
   * The pure calls of a program that runs on this JDK (none proven by bodies without an image).
   *
   * @param untraced the untraced classes outside the JDK that the run loads (its first run's; a session that
   *     loads another plans again), or {@code null} when not known: then a virtual call on a JDK class that
   *     is not final is never proven, since some class of the class path may override what it calls
   * @param classpath where those classes' files are read, for their supertypes
   */
  public static PureJdkCalls of(final Program program, final Optional<TargetJdk> jdk, final Set<String> untraced,
      final List<Path> classpath) {
    if (jdk.isEmpty()) {
      return VALUE_CLASSES_ONLY;
    }
    final PureJdkBodies bodies = PureJdkBodies.of(jdk.get().image(), jdk.get().systemAssertions(),
        jdk.get().cacheDir());
    final Set<String> extended = new HashSet<>();
    boolean unknown = false;
    for (final ClassModel c : program.classes()) {
      String s = c.superName();
      while (s != null && program.classNamed(s) != null) {
        s = program.classNamed(s).superName();
      }
      if (s != null && !bodies.holds(s)) {
        unknown = true;
      }
      while (s != null && extended.add(s)) {
        s = bodies.superclassOf(s).orElse(null);
      }
    }
    return new PureJdkCalls(bodies, extended, unknown, jdk.get()::types, () -> untraced == null ? Optional.empty()
        : Optional.ofNullable(nonJdkSupertypes(program, bodies, untraced, classpath)));
  }

  /**
   * The JDK types that traced classes and these untraced ones extend or implement, or {@code null} when one of
   * them has a supertype neither traced, nor in the JDK, nor readable from the class path.
   */
  private static Set<String> nonJdkSupertypes(final Program program, final PureJdkBodies bodies,
      final Set<String> untraced, final List<Path> classpath) {
    final Set<String> out = new HashSet<>();
    final Set<String> seen = new HashSet<>();
    final Deque<String> work = new ArrayDeque<>();
    program.classes().forEach(c -> work.push(c.name()));
    untraced.forEach(work::push);
    // The first run lists no class named like the JDK's, but a library may be (javax.servlet, which extends
    // java.io.OutputStream): every such class of the class path that the image does not hold counts.
    try {
      for (final Path entry : classpath) {
        ClassFiles.classNames(entry).stream()
            .filter(n -> ClassFilter.isJdkClass(n) && !bodies.holds(n)).forEach(work::push);
      }
    } catch (final RuntimeException e) {
      return null; // An unreadable jar: planning says so elsewhere; here nothing is proven.
    }
    try (UntracedClassFiles files = new UntracedClassFiles(classpath)) {
      while (!work.isEmpty()) {
        final String name = work.pop();
        if (!seen.add(name)) {
          continue;
        }
        final ClassModel traced = program.classNamed(name);
        if (traced != null) {
          if (traced.superName() != null) {
            work.push(traced.superName());
          }
          traced.interfaces().forEach(work::push);
        } else if (bodies.holds(name)) {
          if (out.add(name)) {
            bodies.supertypesOf(name).forEach(work::push);
          }
        } else {
          final Optional<List<String>> up = files.directSupertypes(name);
          if (up.isEmpty()) {
            return null;
          }
          up.get().forEach(work::push);
        }
      }
    }
    return out;
  }

  boolean isPure(final CallSite call) {
    return isValueClassCall(call) || isLambda(call) || isProvenCall(call);
  }

  /**
   * A lambda or method reference made: linking the site runs the JDK's metafactory, which spins the lambda's
   * class and calls no method of the program's, and each run of the site then only makes an instance. The
   * lambda's body runs when the instance is called, as a callback ({@code ClassModel.handleTargets}).
   */
  static boolean isLambda(final CallSite call) {
    return call.kind() == CallSite.Kind.DYNAMIC && call.owner().equals("java.lang.invoke.LambdaMetafactory");
  }

  /** Whether a virtual call's owner is a final JDK class, which no traced method can override. */
  boolean isFinalJdkClass(final String owner) {
    return bodies != null && bodies.isFinalClass(owner);
  }

  private boolean isProvenCall(final CallSite call) {
    if (bodies == null || call.kind() == CallSite.Kind.INTERFACE || call.kind() == CallSite.Kind.DYNAMIC
        || !bodies.holds(call.owner())) {
      return false;
    }
    final String nd = call.name() + call.descriptor();
    return switch (call.kind()) {
      case STATIC -> bodies.staticCall(call.owner(), nd);
      case SPECIAL -> call.name().equals("<init>")
          && bodies.constructor(call.owner(), nd, !extendsUnknown && !extended.contains(call.owner()));
      case VIRTUAL -> bodies.virtualCall(call.owner(), nd) || everyReceiverPure(call.owner(), nd);
      case INTERFACE, DYNAMIC -> false;
    };
  }

  /**
   * Whether a virtual call on a JDK class that is not final is pure whatever the receiver: no class outside the
   * JDK that can run is a subtype of it, and for each concrete JDK class below it (itself included), the
   * method that class selects is proven with that class as the exact receiver ({@code Stack.pop}).
   */
  private synchronized boolean everyReceiverPure(final String owner, final String nameAndDescriptor) {
    if (generatesSubclasses(owner)
        || !bodies.everyJdkReceiver(owner, nameAndDescriptor, MOST_RECEIVER_CLASSES, types)) {
      return false;
    }
    if (nonJdkSupertypes == null) {
      nonJdkSupertypes = readNonJdkSupertypes.get();
    }
    return nonJdkSupertypes.isPresent() && !nonJdkSupertypes.get().contains(owner);
  }

  /** Keeps what the JDK's bodies proved for later plans (jdtrace's cache), when it has a place for them. */
  public void save() {
    if (bodies != null) {
      bodies.save();
    }
  }

  /**
   * Whether the JDK defines subclasses of this class at run time, with no class file in the image: method
   * handle species, reflection's generated accessors (JDK 17), dynamic proxies.
   */
  private static boolean generatesSubclasses(final String owner) {
    return owner.startsWith("java.lang.invoke.") || owner.startsWith("jdk.internal.reflect.")
        || owner.equals("java.lang.reflect.Proxy");
  }

  private static boolean isValueClassCall(final CallSite call) {
    if (call.kind() == CallSite.Kind.DYNAMIC || call.kind() == CallSite.Kind.INTERFACE
        || !FINAL_VALUE_CLASSES.contains(call.owner())) {
      return false;
    }
    final String d = call.descriptor();
    int i = 1;
    while (d.charAt(i) != ')') {
      final int start = i;
      while (d.charAt(i) == '[') {
        i++;
      }
      if (d.charAt(i) == 'L') {
        final int end = d.indexOf(';', i);
        final String type = d.substring(i + 1, end).replace('/', '.');
        // Arrays of objects could hold user objects; a single String or box cannot call back.
        if (i > start || !FINAL_VALUE_CLASSES.contains(type) || type.endsWith("Builder") || type.endsWith("Buffer")) {
          return false;
        }
        i = end + 1;
      } else {
        i++;
      }
    }
    return true;
  }
}
