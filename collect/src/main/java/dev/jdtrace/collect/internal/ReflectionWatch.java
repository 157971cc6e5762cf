package dev.jdtrace.collect.internal;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.ClassObjectReference;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.IntegerValue;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.StringReference;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.plan.ClassFilter;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The traced methods that {@code Method.invoke} enters in a run (DESIGN §2, open world: reflection watched).
 * One breakpoint at the entry of {@code java.lang.reflect.Method.invoke}, which every reflective call runs
 * (JDK 17's native and generated accessors, and the method handles of JDK 18+, sit behind it), holds the
 * calling thread while the {@code Method} and the receiver are read: the method called is the one declared,
 * or, for a virtual call, the receiver's class's override of it, as the invocation dispatches. Both are
 * recorded when traced: more entries only cost witnesses, a missed one a wrong trace.
 *
 * <p>Each {@code Method} object is read once (five fields, its name and its types: a few round trips); a
 * reflective call then costs the event and three round trips. The mirrors read are kept, so their object ids
 * stay theirs (the agent reuses no id the debugger still holds).
 */
public final class ReflectionWatch {
  /** Property of the watch's breakpoint. */
  static final String PROPERTY = "jdtrace.reflection";
  private static final String INVOKE_DESCRIPTOR = "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;";

  private final ClassFilter filter;
  private final Set<String> entered = new TreeSet<>();
  private final Map<ObjectReference, Declared> declared = new HashMap<>();
  private final Field clazz;
  private final Field name;
  private final Field parameterTypes;
  private final Field returnType;
  private final Field modifiers;

  /** The method a {@code Method} object names, with its class as JDI sees it. */
  private record Declared(ReferenceType type, String name, String descriptor, boolean dispatches) {
  }

  private ReflectionWatch(final ReferenceType methodClass, final ClassFilter filter) {
    this.filter = filter;
    this.clazz = field(methodClass, "clazz");
    this.name = field(methodClass, "name");
    this.parameterTypes = field(methodClass, "parameterTypes");
    this.returnType = field(methodClass, "returnType");
    this.modifiers = field(methodClass, "modifiers");
  }

  /** Sets the watch's breakpoint in a VM that has loaded {@code java.lang.reflect.Method} (every started VM). */
  public static ReflectionWatch set(final VirtualMachine vm, final ClassFilter filter) {
    final List<ReferenceType> types = vm.classesByName("java.lang.reflect.Method");
    if (types.isEmpty()) {
      throw new TargetException("the target has not loaded java.lang.reflect.Method: reflection cannot be watched");
    }
    final ReferenceType type = types.get(0);
    final List<Method> invoke = type.methodsByName("invoke", INVOKE_DESCRIPTOR);
    if (invoke.isEmpty() || invoke.get(0).location() == null) {
      throw new TargetException("this JDK's Method.invoke has no code to watch");
    }
    final ReflectionWatch watch = new ReflectionWatch(type, filter);
    final BreakpointRequest bp = vm.eventRequestManager().createBreakpointRequest(invoke.get(0).location());
    bp.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD); // the frame is read before the call goes on
    bp.putProperty(PROPERTY, Boolean.TRUE);
    bp.enable();
    return watch;
  }

  /** Whether an event is the watch's. */
  public static boolean isWatch(final BreakpointEvent event) {
    return event.request().getProperty(PROPERTY) != null;
  }

  /** Records the traced methods the reflective call at this event enters. */
  public void invoked(final BreakpointEvent event) {
    try {
      final StackFrame frame = event.thread().frame(0);
      final Declared method = declared(frame.thisObject());
      if (method == null) {
        return;
      }
      record(method.type(), method.name(), method.descriptor());
      final List<Value> args = frame.getArgumentValues();
      if (method.dispatches() && !args.isEmpty() && args.get(0) instanceof ObjectReference receiver
          && receiver.referenceType() instanceof ClassType type) {
        final Method target = type.concreteMethodByName(method.name(), method.descriptor());
        if (target != null) {
          record(target.declaringType(), target.name(), target.signature());
        }
      }
    } catch (final IncompatibleThreadStateException e) {
      throw new TargetException("the thread at Method.invoke was not suspended: " + e.getMessage());
    }
  }

  /** The traced methods entered by reflection so far, as {@code class.name+descriptor}, sorted. */
  public Set<String> entered() {
    return entered;
  }

  private void record(final ReferenceType type, final String method, final String descriptor) {
    if (filter.matches(type.name())) {
      entered.add(type.name() + "." + method + descriptor);
    }
  }

  private Declared declared(final ObjectReference method) {
    if (method == null) {
      return null;
    }
    final Declared known = declared.get(method);
    if (known != null) {
      return known;
    }
    final Map<Field, Value> values = method.getValues(List.of(clazz, name, parameterTypes, returnType, modifiers));
    final ReferenceType type = ((ClassObjectReference) values.get(clazz)).reflectedType();
    final StringBuilder descriptor = new StringBuilder("(");
    for (final Value p : ((ArrayReference) values.get(parameterTypes)).getValues()) {
      descriptor.append(((ClassObjectReference) p).reflectedType().signature());
    }
    // (A primitive's class object reflects a type whose signature is its descriptor: I, V.)
    descriptor.append(')').append(((ClassObjectReference) values.get(returnType)).reflectedType().signature());
    final int mods = ((IntegerValue) values.get(modifiers)).value();
    final Declared out = new Declared(type, ((StringReference) values.get(name)).value(), descriptor.toString(),
        !Modifier.isStatic(mods) && !Modifier.isPrivate(mods));
    declared.put(method, out);
    return out;
  }

  private static Field field(final ReferenceType type, final String name) {
    final Field f = type.fieldByName(name);
    if (f == null) {
      throw new TargetException("this JDK's java.lang.reflect.Method has no field " + name
          + ": reflection cannot be watched");
    }
    return f;
  }
}
