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
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.GeneratedClasses;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The traced methods and constructors reflection enters in a run (DESIGN §2, reflection watched). Two
 * breakpoints: at the entry of {@code Method.invoke}, which every reflective call runs (JDK 17's native and
 * generated accessors, and the method handles of JDK 18+, sit behind it), and of {@code
 * Constructor.newInstanceWithCaller}, which both {@code Constructor.newInstance} and {@code Class.newInstance}
 * run. Each holds the calling thread while the {@code Method} or {@code Constructor} (and the receiver) are read:
 * the method called is the one declared, or, for a virtual call, the receiver's class's override of it, as the
 * invocation dispatches. Both are recorded when traced: more entries only cost witnesses, a missed one a wrong
 * trace.
 *
 * <p>Each {@code Method} or {@code Constructor} object is read once (its fields, name and types: a few round
 * trips); a reflective call then costs the event and three round trips, about 0.75 ms measured (20,000 calls of
 * one method took 15 s more). So a run watches at most {@value #MOST_CALLS} calls: past them it lets go of the
 * breakpoints and says so ({@link #overflowed}), and the run is planned as an open world. The mirrors read are
 * kept, so their object ids stay theirs (the agent reuses no id the debugger still holds).
 */
public final class ReflectionWatch {
  /** Property of the watch's requests: on a breakpoint, whether it is {@code Method.invoke}'s (else instantiation's). */
  static final String PROPERTY = "jdtrace.reflection";
  private static final String INVOKE_DESCRIPTOR = "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;";
  private static final String METHOD = "java.lang.reflect.Method";
  private static final String CONSTRUCTOR = "java.lang.reflect.Constructor";
  private static final String CONSTRUCT_DESCRIPTOR = "([Ljava/lang/Object;ZLjava/lang/Class;)Ljava/lang/Object;";

  /** The most reflective calls a run watches (about 1.5 s of stops). */
  private static final int MOST_CALLS = SessionResult.MOST_REFLECTIVE_CALLS;

  private final ClassFilter filter;
  private final Set<String> entered = new TreeSet<>();
  private final List<BreakpointRequest> breakpoints = new java.util.ArrayList<>();
  private int calls;
  private final Map<ObjectReference, Declared> declared = new HashMap<>();
  /** The watched classes' fields, each known once its class is prepared. */
  private Fields method;
  private Fields constructor;

  /** The method or constructor a {@code Method} or {@code Constructor} object names, with its class as JDI sees it. */
  private record Declared(ReferenceType type, String name, String descriptor, boolean dispatches) {
  }

  /** The fields of {@code Method} or {@code Constructor} that name what it calls (a constructor has no
   * {@code name} and {@code returnType}: {@code null}). */
  private record Fields(Field clazz, Field name, Field parameterTypes, Field returnType, Field modifiers) {
    static Fields of(final ReferenceType type, final boolean method) {
      return new Fields(field(type, "clazz"), method ? field(type, "name") : null, field(type, "parameterTypes"),
          method ? field(type, "returnType") : null, field(type, "modifiers"));
    }

    List<Field> all() {
      return java.util.stream.Stream.of(clazz, name, parameterTypes, returnType, modifiers)
          .filter(java.util.Objects::nonNull).toList();
    }
  }

  private ReflectionWatch(final ClassFilter filter) {
    this.filter = filter;
  }

  /**
   * Sets the watch's breakpoints in a started VM, each once its class is prepared: a class not prepared yet (a VM
   * at its start may not have prepared {@code Constructor}) runs no code, and its prepare holds the thread until
   * the breakpoint is set ({@link #handle}).
   */
  public static ReflectionWatch set(final VirtualMachine vm, final ClassFilter filter) {
    final ReflectionWatch watch = new ReflectionWatch(filter);
    for (final String name : List.of(METHOD, CONSTRUCTOR)) {
      final ClassPrepareRequest r = vm.eventRequestManager().createClassPrepareRequest();
      r.addClassFilter(name);
      r.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
      r.putProperty(PROPERTY, Boolean.TRUE);
      r.enable();
      vm.classesByName(name).stream().filter(ReferenceType::isPrepared).findFirst().ifPresent(watch::prepared);
    }
    return watch;
  }

  /** Sets the breakpoint of a watched class, once. */
  private void prepared(final ReferenceType type) {
    final boolean isMethod = type.name().equals(METHOD);
    if (isMethod ? method != null : constructor != null) {
      return;
    }
    final String name = isMethod ? "invoke" : "newInstanceWithCaller";
    final String descriptor = isMethod ? INVOKE_DESCRIPTOR : CONSTRUCT_DESCRIPTOR;
    final List<Method> found = type.methodsByName(name, descriptor);
    if (found.isEmpty() || found.get(0).location() == null) {
      throw new TargetException("this JDK has no " + type.name() + "." + name + descriptor
          + " to watch reflection at");
    }
    if (isMethod) {
      method = Fields.of(type, true);
    } else {
      constructor = Fields.of(type, false);
    }
    final BreakpointRequest bp = type.virtualMachine().eventRequestManager()
        .createBreakpointRequest(found.get(0).location());
    bp.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD); // the frame is read before the call goes on
    bp.putProperty(PROPERTY, isMethod);
    bp.enable();
    breakpoints.add(bp);
  }

  /** Whether an event is the watch's: a watched class's prepare, or a reflective call. */
  public static boolean isWatch(final Event event) {
    return event.request() != null && event.request().getProperty(PROPERTY) != null;
  }

  /** Handles one of the watch's events (its set is the caller's to resume). */
  public void handle(final Event event) {
    if (event instanceof ClassPrepareEvent cp) {
      prepared(cp.referenceType());
    } else if (event instanceof BreakpointEvent bp) {
      invoked(bp);
    }
  }

  /** Records the traced methods the reflective call at this event enters; past the most, lets go of the watch. */
  private void invoked(final BreakpointEvent event) {
    if (++calls > MOST_CALLS) {
      breakpoints.forEach(BreakpointRequest::disable);
      return;
    }
    try {
      final StackFrame frame = event.thread().frame(0);
      final Declared method = declared(frame.thisObject(), (Boolean) event.request().getProperty(PROPERTY));
      if (method == null) {
        return;
      }
      record(method.type(), method.name(), method.descriptor());
      if (!method.dispatches()) {
        return; // static, private or a constructor: the one declared runs, and the arguments need no round trip
      }
      final List<Value> args = frame.getArgumentValues();
      if (!args.isEmpty() && args.get(0) instanceof ObjectReference receiver
          && receiver.referenceType() instanceof ClassType type) {
        final Method target = type.concreteMethodByName(method.name(), method.descriptor());
        if (target != null) {
          record(target.declaringType(), target.name(), target.signature());
        }
      }
    } catch (final IncompatibleThreadStateException e) {
      throw new TargetException("the thread at a reflective call was not suspended: " + e.getMessage());
    }
  }

  /** The traced methods entered by reflection so far, as {@code class.name+descriptor}, sorted. */
  public Set<String> entered() {
    return entered;
  }

  /** Whether the run called reflection more than {@value #MOST_CALLS} times: what it entered is not all known. */
  public boolean overflowed() {
    return calls > MOST_CALLS;
  }

  private void record(final ReferenceType type, final String method, final String descriptor) {
    // A class the JDK generates (a lambda's, whose name differs from run to run) has no class file to plan.
    if (filter.matches(type.name()) && !GeneratedClasses.isGenerated(type.name())) {
      entered.add(type.name() + "." + method + descriptor);
    }
  }

  /** What a {@code Method} ({@code isMethod}) or {@code Constructor} object calls, read once. */
  private Declared declared(final ObjectReference reflected, final boolean isMethod) {
    if (reflected == null) {
      return null;
    }
    final Declared known = declared.get(reflected);
    if (known != null) {
      return known;
    }
    final Fields f = isMethod ? method : constructor;
    final Map<Field, Value> values = reflected.getValues(f.all());
    final ReferenceType type = ((ClassObjectReference) values.get(f.clazz())).reflectedType();
    final StringBuilder descriptor = new StringBuilder("(");
    for (final Value p : ((ArrayReference) values.get(f.parameterTypes())).getValues()) {
      descriptor.append(((ClassObjectReference) p).reflectedType().signature());
    }
    // (A primitive's class object reflects a type whose signature is its descriptor: I, V.)
    descriptor.append(')').append(isMethod
        ? ((ClassObjectReference) values.get(f.returnType())).reflectedType().signature() : "V");
    final int mods = ((IntegerValue) values.get(f.modifiers())).value();
    final Declared out = new Declared(type, isMethod ? ((StringReference) values.get(f.name())).value() : "<init>",
        descriptor.toString(), isMethod && !Modifier.isStatic(mods) && !Modifier.isPrivate(mods));
    declared.put(reflected, out);
    return out;
  }

  private static Field field(final ReferenceType type, final String name) {
    final Field f = type.fieldByName(name);
    if (f == null) {
      throw new TargetException("this JDK's " + type.name() + " has no field " + name
          + ": reflection cannot be watched");
    }
    return f;
  }
}
