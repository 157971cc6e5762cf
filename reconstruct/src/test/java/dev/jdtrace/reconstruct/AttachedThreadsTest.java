package dev.jdtrace.reconstruct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.collect.AttachResult;
import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.collect.GuardrailBreach;
import dev.jdtrace.collect.Guardrails;
import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.ThreadActivity;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Threads of attached sessions are matched by rank, and every match that ranks cannot justify is refused. */
class AttachedThreadsTest {
  private static final Endpoint TARGET = new Endpoint("127.0.0.1", 5005);

  /** A session whose threads ran one after another (or as given by the spans), with one hit each. */
  private static AttachResult result(final int session, final GuardrailBreach truncated, final Set<Integer> cut,
      final ThreadActivity... activity) {
    return new AttachResult(TARGET, new SessionResult(session, 0, "", activity.length, 1, activity.length, 1,
        List.of()), truncated, cut, 0, 0, 0, 0, 0, 0, false, 0, List.of(activity), 1, false);
  }

  private static SessionStreams streams(final int session, final String... names) {
    final List<ThreadStream> threads = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      threads.add(new ThreadStream(names[i], -1, i, new int[] {100 * session + i}, List.of()));
    }
    return new SessionStreams("plan", session, threads);
  }

  @Test
  void ranksMatchThreadsWhoseNamesDiffer() {
    final AttachedThreads.Matched m = AttachedThreads.match(
        List.of(result(0, null, Set.of(), new ThreadActivity("handler-1", 0, 3), new ThreadActivity("handler-2", 4, 9)),
            result(1, null, Set.of(), new ThreadActivity("handler-3", 0, 1), new ThreadActivity("handler-4", 2, 5))),
        List.of(streams(0, "handler-1", "handler-2"), streams(1, "handler-3", "handler-4")), false);
    assertThat(m.threads()).isEqualTo(2);
    assertThat(m.streams().get(1).threads()).extracting(ThreadStream::name).containsExactly("handler-1", "handler-2");
    assertThat(m.streams().get(1).threads().get(1).hits()).containsExactly(101);
  }

  @Test
  void threadsRunningTracedCodeAtOnceAreRefusedAcrossSessions() {
    final List<AttachResult> results = List.of(
        result(0, null, Set.of(), new ThreadActivity("a", 0, 5), new ThreadActivity("b", 3, 9)),
        result(1, null, Set.of(), new ThreadActivity("a", 0, 1), new ThreadActivity("b", 2, 5)));
    assertThatThrownBy(() -> AttachedThreads.match(results, List.of(streams(0, "a", "b"), streams(1, "a", "b")), false))
        .isInstanceOf(ReconstructionException.class).hasMessageContaining("threads a and b ran traced code at the same "
            + "time in session 0");
  }

  @Test
  void oneSessionNeedsNoOrder() {
    final AttachedThreads.Matched m = AttachedThreads.match(
        List.of(result(0, null, Set.of(), new ThreadActivity("a", 0, 5), new ThreadActivity("b", 3, 9))),
        List.of(streams(0, "a", "b")), false);
    assertThat(m.threads()).isEqualTo(2);
  }

  @Test
  void differentThreadCountsAreADivergence() {
    final List<AttachResult> results = List.of(result(0, null, Set.of(), new ThreadActivity("a", 0, 1)),
        result(1, null, Set.of(), new ThreadActivity("a", 0, 1), new ThreadActivity("b", 2, 3)));
    assertThatThrownBy(() -> AttachedThreads.match(results, List.of(streams(0, "a"), streams(1, "a", "b")), false))
        .isInstanceOf(ReconstructionException.class).hasMessageContaining("different numbers of threads");
  }

  @Test
  void aTruncatedSessionKeepsOnlyThreadsCompleteEverywhere() {
    // Session 1 was cut while its second thread ran; it never saw a third.
    final List<AttachResult> results = List.of(
        result(0, null, Set.of(), new ThreadActivity("a", 0, 1), new ThreadActivity("b", 2, 3),
            new ThreadActivity("c", 4, 5)),
        result(1, new GuardrailBreach(GuardrailBreach.Limit.HITS, new Guardrails(2, 10, 60, 0)), Set.of(1), new ThreadActivity("a", 0, 1),
            new ThreadActivity("b", 2, 2)));
    final AttachedThreads.Matched m = AttachedThreads.match(results,
        List.of(streams(0, "a", "b", "c"), streams(1, "a", "b")), true);
    assertThat(m.threads()).isEqualTo(1);
    assertThat(m.leftOut()).isEqualTo(2);
    assertThat(m.streams()).allSatisfy(s -> assertThat(s.threads()).extracting(ThreadStream::name).containsExactly("a"));
  }

  /** A session's streams: a looping thread started at this stack, then threads that entered traced code later. */
  private static SessionStreams looping(final int session, final int[] start, final String... entered) {
    final List<ThreadStream> threads = new ArrayList<>();
    threads.add(new ThreadStream("main", -1, 0, new int[] {7}, List.of(), start, true));
    for (int i = 0; i < entered.length; i++) {
      threads.add(new ThreadStream(entered[i], -1, i + 1, new int[] {100 * session + i}, List.of()));
    }
    return new SessionStreams("plan", session, threads);
  }

  @Test
  void aLoopAndTheThreadItFeedsMayRunAtOnce() {
    final int[] start = {3, 5, -1};
    final List<AttachResult> results = List.of(
        result(0, null, Set.of(), new ThreadActivity("main", 0, 9), new ThreadActivity("worker-1", 2, 7)),
        result(1, null, Set.of(), new ThreadActivity("main", 0, 9), new ThreadActivity("worker-2", 3, 8)));
    final AttachedThreads.Matched m = AttachedThreads.match(results,
        List.of(looping(0, start, "worker-1"), looping(1, start, "worker-2")), false);
    assertThat(m.threads()).isEqualTo(2);
    assertThat(m.streams().get(1).threads()).extracting(ThreadStream::name).containsExactly("main", "worker-1");
    assertThat(m.streams().get(1).threads().get(0).start()).containsExactly(start);
  }

  @Test
  void loopsStartedFromDifferentStacksDiverge() {
    final List<AttachResult> results = List.of(result(0, null, Set.of(), new ThreadActivity("main", 0, 1)),
        result(1, null, Set.of(), new ThreadActivity("main", 0, 1)));
    assertThatThrownBy(() -> AttachedThreads.match(results,
        List.of(looping(0, new int[] {3, 5, -1}), looping(1, new int[] {3, 6, -1})), false))
        .isInstanceOf(ReconstructionException.class).hasMessageContaining("diverged")
        .hasMessageContaining("from the same stack");
  }
}
