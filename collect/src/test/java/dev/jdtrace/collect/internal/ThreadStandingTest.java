package dev.jdtrace.collect.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.trace.stream.HitVisitor;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where a thread stands, read from its frames with the VM stopped: a frame of an untraced class is told by its class
 * name alone, without asking for its method (a round trip per class JDI has not seen the methods of, with the target
 * stopped).
 */
class ThreadStandingTest {
  private static final String FIXTURE = StackFixture.class.getName();
  private static final Program PROGRAM = ProgramLoader.load(List.of(Path.of("target/test-classes")),
      new ClassFilter(List.of(FIXTURE), List.of()));

  @Test
  void aThreadWaitingInAnUntracedCallIsAtRestAndItsUntracedFramesAreNotAskedForTheirMethods() {
    final int call = callBlock();
    final ThreadStanding at = ThreadStanding.of(List.of(untraced("java.lang.Thread"), traced(endOf(call)),
        untraced("java.lang.Thread")), PROGRAM);

    assertThat(at.kind()).isEqualTo(ThreadStanding.Kind.AT_REST);
    // (the untraced call it waits in is the decoder's untraced frame above it)
    assertThat(at.frames()).containsExactly(call, HitVisitor.UNTRACED);
  }

  @Test
  void aThreadWhoseTopFrameIsTracedIsRunning() {
    final ThreadStanding at = ThreadStanding.of(List.of(traced(endOf(callBlock())), untraced("java.lang.Thread")),
        PROGRAM);

    assertThat(at.kind()).isEqualTo(ThreadStanding.Kind.RUNNING);
  }

  @Test
  void aThreadWithoutTracedFramesIsOutsideWithoutAskingForAnyMethod() {
    final ThreadStanding at = ThreadStanding.of(List.of(untraced("java.lang.Object"), untraced("java.lang.Thread")),
        PROGRAM);

    assertThat(at.kind()).isEqualTo(ThreadStanding.Kind.OUTSIDE);
  }

  /** The global id of the block of {@code serve} that ends at its call of {@code Thread.yield}. */
  private static int callBlock() {
    final MethodCfg serve = PROGRAM.methods().stream().filter(m -> m.id().name().equals("serve")).findFirst()
        .orElseThrow();
    final Block block = serve.blocks().stream().filter(b -> b.end() == BlockEnd.INVOKE).findFirst().orElseThrow();
    return PROGRAM.blockId(PROGRAM.methodIndex(serve.id()), block.index());
  }

  private static int endOf(final int blockId) {
    for (int m = 0; m < PROGRAM.methods().size(); m++) {
      for (final Block b : PROGRAM.methods().get(m).blocks()) {
        if (PROGRAM.blockId(m, b.index()) == blockId) {
          return b.endBci();
        }
      }
    }
    throw new AssertionError("no block " + blockId);
  }

  /** A frame of the fixture's {@code serve} at this offset. */
  private static StackFrame traced(final int bci) {
    final Method method = proxy(Method.class, (name) -> switch (name) {
      case "name" -> "serve";
      case "signature" -> "()V";
      default -> throw new AssertionError(name);
    });
    return frame(location(FIXTURE, method, bci));
  }

  /** A frame of an untraced class whose method must not be asked for. */
  private static StackFrame untraced(final String type) {
    return frame(location(type, null, 3));
  }

  private static StackFrame frame(final Location location) {
    return proxy(StackFrame.class, name -> {
      if (name.equals("location")) {
        return location;
      }
      throw new AssertionError(name);
    });
  }

  private static Location location(final String type, final Method method, final long bci) {
    final ReferenceType declaring = proxy(ReferenceType.class, name -> {
      if (name.equals("name")) {
        return type;
      }
      throw new AssertionError(name);
    });
    return proxy(Location.class, name -> switch (name) {
      case "declaringType" -> declaring;
      case "codeIndex" -> bci;
      case "method" -> {
        if (method == null) {
          throw new AssertionError("the method of a frame in untraced " + type + " was asked for");
        }
        yield method;
      }
      default -> throw new AssertionError(name);
    });
  }

  private static <T> T proxy(final Class<T> type, final java.util.function.Function<String, Object> answer) {
    return type.cast(Proxy.newProxyInstance(ThreadStandingTest.class.getClassLoader(), new Class<?>[] {type},
        (self, m, args) -> answer.apply(m.getName())));
  }
}
