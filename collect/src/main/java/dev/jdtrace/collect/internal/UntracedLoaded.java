package dev.jdtrace.collect.internal;

import com.sun.jdi.ArrayType;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import dev.jdtrace.plan.ClassFilter;
import java.util.Set;
import java.util.TreeSet;

/**
 * The untraced, non-JDK classes a VM has loaded: the code around the traced classes whose constant pools
 * tell what it can enter (DESIGN, open world). Hidden classes (lambda proxies) are left out: their names
 * change from run to run, and what they call is a method-handle constant of the class that made them.
 */
public final class UntracedLoaded {
  private UntracedLoaded() {
  }

  /** Binary names, sorted; read in one request, best while the VM is held. */
  public static Set<String> of(final VirtualMachine vm, final ClassFilter filter) {
    final Set<String> out = new TreeSet<>();
    for (final ReferenceType type : vm.allClasses()) {
      final String name = type.name();
      if (!(type instanceof ArrayType) && name.indexOf('/') < 0 && !ClassFilter.isJdkClass(name)
          && !filter.matches(name)) {
        out.add(name);
      }
    }
    return out;
  }
}
