package dev.jdtrace.driver.internal;

import com.sun.jdi.ThreadReference;
import dev.jdtrace.driver.stream.EndRecord;
import dev.jdtrace.driver.stream.ExceptionRecord;
import dev.jdtrace.driver.stream.HitVisitor;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

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
}
