package dev.jdtrace.collect.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jdi.ThreadReference;
import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;
import dev.jdtrace.trace.stream.HitVisitor;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The detach marker: after the last look, the events that come are recorded until the first detach fence comes (they
 * were raised before the look); from it on nothing is, and no thread started after it is known.
 */
class RecorderDetachTest {
  private final List<String> written = new ArrayList<>();
  private final Recorder recorder = new Recorder(new HitVisitor() {
    @Override
    public void thread(final int thread, final String name, final long startOrder) {
    }

    @Override
    public void hit(final int thread, final int block) {
      written.add(thread + ":" + block);
    }

    @Override
    public void exception(final int thread, final ExceptionRecord exception) {
    }

    @Override
    public void end(final int thread, final EndRecord end) {
    }
  });

  @Test
  void eventsBeforeTheFirstDetachFenceAreRecordedAndNoneAfterIt() {
    final ThreadReference handler = thread(1);
    recorder.awaitCut();
    recorder.cut(Set.of(1L), Set.of(1L));
    recorder.fenceCame(handler);
    recorder.hit(handler, 7);
    recorder.closing();
    assertThat(recorder.awaitsDetachFence()).isTrue();
    recorder.hit(handler, 8); // raised before the look, still on its way at it

    recorder.detachFenceCame();
    recorder.hit(handler, 9); // raised after the look

    assertThat(written).containsExactly("0:7", "0:8");
    assertThat(recorder.awaitsDetachFence()).isFalse();
  }

  @Test
  void aThreadStartedOnlyAfterTheMarkerIsNotRecorded() {
    recorder.awaitCut();
    recorder.cut(Set.of(1L), Set.of());
    recorder.closing();
    final ThreadReference late = thread(2);
    recorder.started(late); // its start was raised before the look
    assertThat(recorder.records(late)).isTrue();

    recorder.detachFenceCame();
    final ThreadReference later = thread(3);
    recorder.started(later);

    assertThat(recorder.mayRecord(later)).isFalse();
  }

  @Test
  void aFenceThatCameProvesTheEventsBeforeTheCutCameButAnExceptionOnlyItsOwnThreads() {
    final ThreadReference thread = thread(1);
    final ThreadReference other = thread(2);
    recorder.awaitCut();
    recorder.cut(Set.of(1L, 2L), Set.of(1L, 2L));

    recorder.passed(other); // an exception event: raised in a callback its thread was in at the cut
    assertThat(recorder.fencePassed()).isFalse();
    assertThat(recorder.records(other)).isTrue();

    recorder.fenceCame(thread);
    assertThat(recorder.fencePassed()).isTrue();
  }

  private static ThreadReference thread(final long id) {
    return (ThreadReference) Proxy.newProxyInstance(RecorderDetachTest.class.getClassLoader(),
        new Class<?>[] {ThreadReference.class}, (self, m, args) -> switch (m.getName()) {
          case "uniqueID" -> id;
          case "name" -> "t" + id;
          case "hashCode" -> Long.hashCode(id);
          case "equals" -> self == args[0];
          default -> throw new AssertionError(m.getName());
        });
  }
}
