package dev.jdtrace.collect.internal;

import static dev.jdtrace.collect.internal.FakeJdi.thread;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ThreadReference;
import dev.jdtrace.collect.ThreadActivity;
import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The recorder over fake event streams: per-thread indices and order, the threads it drops, and an attach's cut and
 * fences (its detach is {@link RecorderDetachTest}'s).
 */
class RecorderTest {
  private final FakeJdi.Written written = new FakeJdi.Written();
  private final Recorder recorder = new Recorder(written);
  private final ThreadReference t1 = thread(1);
  private final ThreadReference t2 = thread(2);

  @Test
  void eachThreadGetsAStreamIndexAtItsFirstEventAndItsHitsKeepTheirOrder() {
    recorder.hit(t2, 5);
    recorder.hit(t1, 6);
    recorder.hit(t2, 7);
    recorder.hit(t1, 8);

    assertThat(written.lines).containsExactly("thread 0 t2 started -1", "0:5", "thread 1 t1 started -1", "1:6",
        "0:7", "1:8");
    assertThat(recorder.threads()).isEqualTo(2);
    assertThat(recorder.hits()).isEqualTo(4);
  }

  @Test
  void aThreadIsWrittenWithTheOrderItsStartCameIn() {
    recorder.started(t2);
    recorder.started(t1);
    recorder.hit(t1, 3);

    assertThat(written.lines).containsExactly("thread 0 t1 started 1", "0:3");
  }

  @Test
  void anExceptionIsRecordedInItsThreadBetweenItsHits() {
    recorder.hit(t1, 1);
    recorder.exception(t1, new ExceptionRecord(1, false, 4, 0));
    recorder.hit(t1, 4);

    assertThat(written.lines).containsExactly("thread 0 t1 started -1", "0:1", "0:exception 1->4", "0:4");
  }

  @Test
  void anIgnoredThreadsLaterEventsAreDroppedAndOtherThreadsKeepTheirs() {
    recorder.hit(t1, 1);
    recorder.ignore(t1);
    recorder.hit(t1, 2);
    recorder.exception(t1, new ExceptionRecord(2, false, 3, 0));
    recorder.hit(t2, 9);

    assertThat(written.hits()).containsExactly("0:1", "1:9");
    assertThat(written.lines).noneMatch(l -> l.contains("exception"));
    assertThat(recorder.records(t1)).isFalse();
    assertThat(recorder.hits()).isEqualTo(2);
  }

  @Test
  void theEndIsWrittenAsTheThreadsLastRecord() {
    recorder.hit(t1, 1);
    recorder.ended(t1, new EndRecord(List.of(new EndRecord.Frame(1, true))));

    assertThat(written.lines).endsWith("0:end 1");
  }

  @Test
  void beforeTheCutNothingIsRecorded() {
    recorder.awaitCut();
    recorder.hit(t1, 1);
    recorder.exception(t1, new ExceptionRecord(1, false, 2, 0));

    assertThat(written.lines).isEmpty();
    assertThat(recorder.records(t1)).isFalse();
    assertThat(recorder.mayRecord(t1)).isFalse();
  }

  @Test
  void aThreadTheCutSawIsRecordedOnlyFromItsFenceOn() {
    recorder.awaitCut();
    recorder.cut(Set.of(1L), Set.of(1L));
    assertThat(recorder.awaitsFences()).isTrue();
    recorder.hit(t1, 1); // raised before the cut

    recorder.fenceCame(t1);
    recorder.hit(t1, 2);

    assertThat(written.hits()).containsExactly("0:2");
    assertThat(recorder.awaitsFences()).isFalse();
  }

  @Test
  void oneThreadsFenceDoesNotOpenAnotherThreadsRecording() {
    recorder.awaitCut();
    recorder.cut(Set.of(1L, 2L), Set.of(1L, 2L));
    recorder.fenceCame(t1);
    recorder.hit(t2, 5); // t2's own fence has not come: raised before the cut
    recorder.hit(t1, 6);

    assertThat(written.hits()).containsExactly("0:6");
    assertThat(recorder.awaitsFences()).isTrue();
  }

  @Test
  void aThreadTheCutSawWithoutAFenceIsNeverRecorded() {
    recorder.awaitCut();
    recorder.cut(Set.of(1L, 2L), Set.of(1L));
    recorder.fenceCame(t1);
    recorder.passed(t2); // even an event that would be its fence
    recorder.hit(t2, 5);

    assertThat(written.lines).isEmpty();
    assertThat(recorder.mayRecord(t2)).isFalse();
  }

  @Test
  void aThreadTheCutDidNotSeeIsRecordedOnlyOnceItsStartAfterTheCutCame() {
    recorder.awaitCut();
    recorder.cut(Set.of(1L), Set.of(1L));
    final ThreadReference unseen = thread(3);
    // Its start event may still be on its way: it may be recorded, but is not yet.
    assertThat(recorder.mayRecord(unseen)).isTrue();
    recorder.hit(unseen, 1);
    assertThat(written.lines).isEmpty();

    recorder.started(unseen);
    recorder.hit(unseen, 2);

    assertThat(written.lines).containsExactly("thread 0 t3 started 0", "0:2");
  }

  @Test
  void aThreadAtRestIsWrittenWithItsStartStackOnceWhenItLeavesIt() {
    recorder.awaitCut();
    recorder.cut(Set.of(1L), Set.of(1L));
    recorder.fenceCame(t1);
    recorder.startAt(t1, new int[] {4, -1});
    recorder.woke(t1);
    recorder.hit(t1, 5);

    assertThat(written.lines).containsExactly("thread 0 t1 started -1", "0:start [4, -1]", "0:5");
    assertThat(recorder.startOf(t1)).containsExactly(4, -1);
    assertThat(recorder.startOf(t2)).isNull();
  }

  @Test
  void aThreadNotRecordedDoesNotEnterTheStreamWhenItWakes() {
    recorder.awaitCut();
    recorder.cut(Set.of(1L), Set.of(1L));
    recorder.startAt(t1, new int[] {4, -1});
    recorder.woke(t1); // before its fence

    assertThat(written.lines).isEmpty();
  }

  @Test
  void backAtStartIsWrittenOnlyForAThreadInTheStream() {
    recorder.backAtStart(t1);
    assertThat(written.lines).isEmpty();

    recorder.hit(t1, 2);
    recorder.backAtStart(t1);

    assertThat(written.lines).endsWith("0:home");
  }

  @Test
  void aWindowIsWrittenInItsThreadOnlyWhileTheThreadIsRecorded() {
    recorder.window(t1, 7);
    recorder.ignore(t2);
    recorder.window(t2, 8);

    assertThat(written.lines).containsExactly("thread 0 t1 started -1", "0:window 7");
  }

  @Test
  void activityGivesEachThreadsFirstAndLastEventPositionsInStreamIndexOrder() {
    recorder.hit(t1, 1);
    recorder.hit(t2, 2);
    recorder.hit(t1, 3);
    recorder.hit(t2, 4);
    recorder.hit(t2, 5);

    assertThat(recorder.activity()).containsExactly(new ThreadActivity("t1", 0, 2), new ThreadActivity("t2", 1, 4));
  }

  @Test
  void activityHoldsEveryThreadBeyondTheInitialCapacity() {
    for (int t = 0; t < 40; t++) {
      recorder.hit(thread(100 + t), t);
    }

    assertThat(recorder.activity()).hasSize(40);
    assertThat(recorder.activity().get(39)).isEqualTo(new ThreadActivity("t139", 39, 39));
    assertThat(recorder.indexIfSeen(thread(139))).isEqualTo(39);
    assertThat(recorder.indexIfSeen(thread(140))).isEqualTo(-1);
  }

  @Test
  void aThreadCollectedBeforeItsNameIsReadIsNamedByItsId() {
    final ThreadReference gone = FakeJdi.proxy(ThreadReference.class, Map.of("uniqueID", a -> 9L, "name", a -> {
      throw new ObjectCollectedException();
    }));
    recorder.hit(gone, 1);

    assertThat(written.lines).startsWith("thread 0 thread-9 started -1");
  }
}
