package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.CallSite;
import java.util.Set;

/**
 * JDK calls that cannot run traced code: methods of final JDK value classes whose arguments are all
 * primitives, strings, boxes or arrays of those. Such a call can neither dispatch to user code nor be
 * handed user objects to call back, and these classes' initialisers do not load application classes.
 * Treating them as plain instructions spares a witness at their return sites. They can still throw; the
 * exception record says so.
 */
final class PureJdkCalls {
  private static final Set<String> FINAL_VALUE_CLASSES = Set.of("java.lang.String", "java.lang.Math",
      "java.lang.StrictMath", "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte",
      "java.lang.Character", "java.lang.Boolean", "java.lang.Double", "java.lang.Float",
      "java.lang.StringBuilder", "java.lang.StringBuffer");

  private PureJdkCalls() {
  }

  static boolean isPure(final CallSite call) {
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
