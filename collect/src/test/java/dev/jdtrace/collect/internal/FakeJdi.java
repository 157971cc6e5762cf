package dev.jdtrace.collect.internal;

import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;
import dev.jdtrace.trace.stream.HitVisitor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.bcel.classfile.ClassParser;
import org.apache.bcel.classfile.JavaClass;

/**
 * Hand-written stand-ins for the few JDI mirrors the driver's internals touch, so that they can be tested over fake
 * event streams without a VM: each answers only what it is given and fails the test on any other call.
 */
final class FakeJdi {
  private FakeJdi() {
  }

  /** A thread mirror with this unique id, named {@code t<id>}. */
  static ThreadReference thread(final long id) {
    return proxy(ThreadReference.class, Map.of("uniqueID", a -> id, "name", a -> "t" + id));
  }

  /**
   * A proxy of a JDI interface answering only the named methods; {@code hashCode}, {@code equals} and {@code toString}
   * are by identity. Any other call fails the test: the code under test asked the VM for something unexpected.
   */
  static <T> T proxy(final Class<T> type, final Map<String, Function<Object[], Object>> answers) {
    return type.cast(Proxy.newProxyInstance(FakeJdi.class.getClassLoader(), new Class<?>[] {type},
        (self, m, args) -> {
          final Function<Object[], Object> answer = answers.get(m.getName());
          if (answer != null) {
            return answer.apply(args);
          }
          return switch (m.getName()) {
            case "hashCode" -> System.identityHashCode(self);
            case "equals" -> self == args[0];
            case "toString" -> type.getSimpleName() + "@" + System.identityHashCode(self);
            default -> throw new AssertionError("unexpected call " + type.getSimpleName() + "." + m.getName());
          };
        }));
  }

  /** A stream that writes every record as a line, so that a test can compare what was recorded and in what order. */
  static final class Written implements HitVisitor {
    final List<String> lines = new ArrayList<>();

    @Override
    public void thread(final int thread, final String name, final long startOrder) {
      lines.add("thread " + thread + " " + name + " started " + startOrder);
    }

    @Override
    public void hit(final int thread, final int block) {
      lines.add(thread + ":" + block);
    }

    @Override
    public void exception(final int thread, final ExceptionRecord exception) {
      lines.add(thread + ":exception " + exception.throwBlock() + "->" + exception.catchBlock());
    }

    @Override
    public void end(final int thread, final EndRecord end) {
      lines.add(thread + ":end " + end.frames().get(0).block());
    }

    @Override
    public void start(final int thread, final int[] frames) {
      lines.add(thread + ":start " + Arrays.toString(frames));
    }

    @Override
    public void window(final int thread, final int entry) {
      lines.add(thread + ":window " + entry);
    }

    @Override
    public void backAtStart(final int thread) {
      lines.add(thread + ":home");
    }

    /** Only the hits, as {@code thread:block}. */
    List<String> hits() {
      return lines.stream().filter(l -> l.matches("\\d+:\\d+")).toList();
    }
  }

  /** What a request was told: its kind, where it stands, its suspend policy, properties, filters, and whether enabled. */
  static final class Request {
    final String kind;
    final Location location;
    final Map<Object, Object> properties = new HashMap<>();
    final List<String> classFilters = new ArrayList<>();
    Integer suspendPolicy;
    Integer countFilter;
    boolean enabled;

    Request(final String kind, final Location location) {
      this.kind = kind;
      this.location = location;
    }

    <T extends EventRequest> T as(final Class<T> type) {
      final Map<String, Function<Object[], Object>> answers = new HashMap<>();
      answers.put("setSuspendPolicy", a -> {
        suspendPolicy = (Integer) a[0];
        return null;
      });
      answers.put("suspendPolicy", a -> suspendPolicy);
      answers.put("putProperty", a -> properties.put(a[0], a[1]));
      answers.put("getProperty", a -> properties.get(a[0]));
      answers.put("addCountFilter", a -> {
        countFilter = (Integer) a[0];
        return null;
      });
      answers.put("addClassFilter", a -> classFilters.add("+" + a[0]));
      answers.put("addClassExclusionFilter", a -> classFilters.add("-" + a[0]));
      answers.put("enable", a -> {
        enabled = true;
        return null;
      });
      answers.put("isEnabled", a -> enabled);
      answers.put("location", a -> location);
      return proxy(type, answers);
    }
  }

  /** An event request manager that keeps every request it was asked to create, in creation order. */
  static final class Requests {
    final List<Request> made = new ArrayList<>();

    EventRequestManager manager() {
      return proxy(EventRequestManager.class, Map.of(
          "createBreakpointRequest", a -> make("breakpoint", (Location) a[0]).as(BreakpointRequest.class),
          "createClassPrepareRequest", a -> make("classPrepare", null)
              .as(com.sun.jdi.request.ClassPrepareRequest.class),
          "createExceptionRequest", a -> make("exception", null).as(com.sun.jdi.request.ExceptionRequest.class),
          "createThreadStartRequest", a -> make("threadStart", null)
              .as(com.sun.jdi.request.ThreadStartRequest.class),
          "createVMDeathRequest", a -> make("vmDeath", null).as(com.sun.jdi.request.VMDeathRequest.class)));
    }

    private Request make(final String kind, final Location location) {
      final Request r = new Request(kind, location);
      synchronized (made) { // the installer sets breakpoints from several threads
        made.add(r);
      }
      return r;
    }

    List<Request> of(final String kind) {
      synchronized (made) {
        return made.stream().filter(r -> r.kind.equals(kind)).toList();
      }
    }
  }

  /**
   * A prepared class as the JVM shows it: its methods with the bytecode of its class file under
   * {@code target/test-classes}, or with what {@code tamper} makes of it (the JVM running other code than planned).
   */
  static ReferenceType loaded(final Class<?> type, final java.util.function.UnaryOperator<byte[]> tamper) {
    final JavaClass parsed;
    try {
      parsed = new ClassParser(Path.of("target/test-classes", type.getName().replace('.', '/') + ".class").toString())
          .parse();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
    final List<Method> methods = new ArrayList<>();
    final ReferenceType[] self = new ReferenceType[1];
    for (final org.apache.bcel.classfile.Method m : parsed.getMethods()) {
      final byte[] code = m.getCode() == null ? null : tamper.apply(m.getCode().getCode());
      final Method[] method = new Method[1];
      method[0] = proxy(Method.class, Map.of(
          "name", a -> m.getName(),
          "signature", a -> m.getSignature(),
          "isAbstract", a -> m.isAbstract(),
          "isNative", a -> m.isNative(),
          "bytecodes", a -> code.clone(),
          "declaringType", a -> self[0],
          "locationOfCodeIndex", a -> location(self[0], method[0], (Long) a[0])));
      methods.add(method[0]);
    }
    self[0] = proxy(ReferenceType.class, Map.of("name", a -> type.getName(), "methods", a -> methods));
    return self[0];
  }

  /** A class as it is in its class file. */
  static ReferenceType loaded(final Class<?> type) {
    return loaded(type, code -> code);
  }

  static Location location(final ReferenceType type, final Method method, final long bci) {
    return proxy(Location.class, Map.of("declaringType", a -> type, "method", a -> method, "codeIndex", a -> bci));
  }
}
