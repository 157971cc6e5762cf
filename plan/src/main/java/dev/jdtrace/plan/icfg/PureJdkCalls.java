package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.Program;
import java.util.HashSet;
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
final class PureJdkCalls {
  private static final Set<String> FINAL_VALUE_CLASSES = Set.of("java.lang.String", "java.lang.Math",
      "java.lang.StrictMath", "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte",
      "java.lang.Character", "java.lang.Boolean", "java.lang.Double", "java.lang.Float",
      "java.lang.StringBuilder", "java.lang.StringBuffer");

  /** No image: only the value classes' rule. */
  static final PureJdkCalls VALUE_CLASSES_ONLY = new PureJdkCalls(null, Set.of(), false);

  private final PureJdkBodies bodies;
  /** The JDK classes some traced class extends: a constructor of one may run on a traced object. */
  private final Set<String> extended;
  /** Whether some traced class extends an untraced class outside the JDK, whose supertypes are not read. */
  private final boolean extendsUnknown;

  private PureJdkCalls(final PureJdkBodies bodies, final Set<String> extended, final boolean extendsUnknown) {
    this.bodies = bodies;
    this.extended = extended;
    this.extendsUnknown = extendsUnknown;
  }

  /** The pure calls of a program that runs on this JDK (none proven by bodies without an image). */
  static PureJdkCalls of(final Program program, final Optional<TargetJdk> jdk) {
    if (jdk.isEmpty()) {
      return VALUE_CLASSES_ONLY;
    }
    final PureJdkBodies bodies = PureJdkBodies.of(jdk.get().image(), jdk.get().systemAssertions());
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
    return new PureJdkCalls(bodies, extended, unknown);
  }

  boolean isPure(final CallSite call) {
    return isValueClassCall(call) || isLambda(call) || isProvenCall(call);
  }

  /**
   * A lambda or method reference made: linking the site runs the JDK's metafactory, which spins the lambda's
   * class and calls no method of the program's, and each run of the site then only makes an instance. The
   * lambda's body runs when the instance is called, as a callback ({@code ClassModel.handleTargets}).
   */
  private static boolean isLambda(final CallSite call) {
    return call.kind() == CallSite.Kind.DYNAMIC && call.owner().equals("java.lang.invoke.LambdaMetafactory");
  }

  /** Whether a virtual call's owner is a final JDK class, which no traced method can override. */
  boolean isFinalJdkClass(final String owner) {
    return bodies != null && bodies.isFinalClass(owner);
  }

  private boolean isProvenCall(final CallSite call) {
    if (bodies == null || !bodies.holds(call.owner())) {
      return false;
    }
    final String nd = call.name() + call.descriptor();
    return switch (call.kind()) {
      case STATIC -> bodies.staticCall(call.owner(), nd);
      case SPECIAL -> call.name().equals("<init>")
          && bodies.constructor(call.owner(), nd, !extendsUnknown && !extended.contains(call.owner()));
      case VIRTUAL -> bodies.virtualCall(call.owner(), nd);
      case INTERFACE, DYNAMIC -> false;
    };
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
