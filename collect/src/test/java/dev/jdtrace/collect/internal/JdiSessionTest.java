package dev.jdtrace.collect.internal;

import static dev.jdtrace.collect.internal.FakeJdi.proxy;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventIterator;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.ExceptionEvent;
import com.sun.jdi.event.StepEvent;
import com.sun.jdi.event.ThreadStartEvent;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.StepRequest;
import dev.jdtrace.collect.Within;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * One session's event handling over fake event sets: what it requests when it listens, which events of a set it
 * records and in what order, when it resumes a set, how a class prepared later gets its breakpoints, and how an
 * attach's fences in a set decide which of the set's hits count.
 */
class JdiSessionTest {
  private static final String FIXTURE = InstallFixture.class.getName();
  private static final Program PROGRAM = ProgramLoader.load(List.of(Path.of("target/test-classes")),
      new ClassFilter(List.of(FIXTURE), List.of()));

  private final FakeJdi.Requests requests = new FakeJdi.Requests();
  private final FakeJdi.Written written = new FakeJdi.Written();
  private final Recorder recorder = new Recorder(written);
  private final List<ThreadReference> threads = new ArrayList<>();
  private final VirtualMachine vm = proxy(VirtualMachine.class, Map.of(
      "eventRequestManager", a -> requests.manager(),
      "allThreads", a -> threads));
  private final BreakpointInstaller installer = new BreakpointInstaller(PROGRAM, allBlocks(), requests.manager());
  private final ThreadReference t1 = FakeJdi.thread(1);
  private final ThreadReference t2 = FakeJdi.thread(2);

  @Test
  void listeningHoldsThePreparingThreadOfTheClassesWithTheSessionsBreakpointsOnlyAndAsksForEveryException() {
    JdiSession.listen(vm, new ClassFilter(List.of("app.*", "lib.Main"), List.of("app.gen.*")), recorder, installer);

    // Every traced class is verified as it is prepared; only the fixture, which holds breakpoints, holds its thread.
    assertThat(requests.of("classPrepare")).extracting(r -> r.classFilters).containsExactly(
        List.of("+app.*", "-app.gen.*"), List.of("+lib.Main", "-app.gen.*"), List.of("+" + FIXTURE));
    assertThat(requests.of("classPrepare")).extracting(r -> r.suspendPolicy).containsExactly(
        EventRequest.SUSPEND_NONE, EventRequest.SUSPEND_NONE, EventRequest.SUSPEND_EVENT_THREAD);
    assertThat(requests.of("classPrepare")).allSatisfy(r -> assertThat(r.enabled).isTrue());
    assertThat(requests.of("exception")).singleElement().satisfies(r -> {
      assertThat(r.suspendPolicy).isEqualTo(EventRequest.SUSPEND_EVENT_THREAD);
      assertThat(r.enabled).isTrue();
    });
    assertThat(requests.of("breakpoint")).isEmpty();
  }

  @Test
  void aSessionWithoutBreakpointsHoldsNoPreparingThreadAndWindowsHoldEvery() {
    final BreakpointInstaller none = new BreakpointInstaller(PROGRAM, new BitSet(), requests.manager());
    JdiSession.listen(vm, new ClassFilter(List.of("app.*"), List.of()), recorder, none);
    assertThat(requests.of("classPrepare")).extracting(r -> r.suspendPolicy).containsExactly(EventRequest.SUSPEND_NONE);

    // A window's entry breakpoint may go into any traced class: each one holds its thread.
    final FakeJdi.Requests windowed = new FakeJdi.Requests();
    final VirtualMachine other = proxy(VirtualMachine.class, Map.of("eventRequestManager", a -> windowed.manager()));
    final BitSet witnesses = allBlocks();
    final Windows windows = new Windows(Within.resolve(FIXTURE + ".*", PROGRAM), PROGRAM, witnesses,
        windowed.manager());
    JdiSession.listen(other, new ClassFilter(List.of("app.*"), List.of()), recorder,
        new BreakpointInstaller(PROGRAM, witnesses, windowed.manager()), windows);
    assertThat(windowed.of("classPrepare")).extracting(r -> r.suspendPolicy)
        .containsExactly(EventRequest.SUSPEND_EVENT_THREAD);
  }

  @Test
  void aClassWithoutTheSessionsBreakpointsIsVerifiedWithoutHoldingItsThread() {
    final BreakpointInstaller none = new BreakpointInstaller(PROGRAM, new BitSet(), requests.manager());
    final JdiSession session = JdiSession.listen(vm, new ClassFilter(List.of(FIXTURE), List.of()), recorder, none);
    final FakeSet set = new FakeSet(EventRequest.SUSPEND_NONE, prepared(FakeJdi.loaded(InstallFixture.class)));

    session.handle(set);

    assertThat(set.resumed).isZero();
    assertThat(session.claimed()).isEqualTo(1);
    assertThat(session.classStops().count()).isZero();
    assertThat(requests.of("breakpoint")).isEmpty();
  }

  @Test
  void theHitsOfASetAreRecordedInTheirOrderAndASetThatHoldsNothingIsNotResumed() {
    final JdiSession session = session();
    final FakeSet set = new FakeSet(EventRequest.SUSPEND_NONE, hit(t1, 4), hit(t2, 5), hit(t1, 6));

    assertThat(session.handle(set)).isTrue();

    assertThat(written.hits()).containsExactly("0:4", "1:5", "0:6");
    assertThat(set.resumed).isZero();
  }

  @Test
  void aClassPreparedLaterGetsItsBreakpointsBeforeItsThreadIsResumed() {
    final JdiSession session = session();
    final FakeSet set = new FakeSet(EventRequest.SUSPEND_EVENT_THREAD, prepared(FakeJdi.loaded(InstallFixture.class)));
    set.onResume = () -> assertThat(requests.of("breakpoint")).hasSize(PROGRAM.blockCount());

    session.handle(set);

    assertThat(set.resumed).isEqualTo(1);
    assertThat(installer.breakpoints()).isEqualTo(PROGRAM.blockCount());
    assertThat(session.claimed()).isEqualTo(1);
    assertThat(session.classStops().count()).isEqualTo(1);
  }

  @Test
  void aClassPreparedAgainIsNotInstalledTwice() {
    final JdiSession session = session();
    final ReferenceType type = FakeJdi.loaded(InstallFixture.class);
    assertThat(session.claim(type)).isTrue(); // an attach installed it with the loaded classes

    session.handle(new FakeSet(EventRequest.SUSPEND_EVENT_THREAD, prepared(type)));

    assertThat(requests.of("breakpoint")).isEmpty();
    assertThat(session.claimed()).isEqualTo(1);
  }

  @Test
  void aClassPreparedWhileInstallsAreDeferredIsQueuedAndItsThreadResumedAtOnce() {
    final JdiSession session = session();
    final Queue<ReferenceType> queue = new ConcurrentLinkedQueue<>();
    session.deferInstalls(queue);
    final ReferenceType type = FakeJdi.loaded(InstallFixture.class);
    final FakeSet set = new FakeSet(EventRequest.SUSPEND_EVENT_THREAD, prepared(type));

    session.handle(set);

    assertThat(queue).containsExactly(type);
    assertThat(requests.of("breakpoint")).isEmpty();
    assertThat(set.resumed).isEqualTo(1);
  }

  @Test
  void aClassPreparedOnceInstallsResumeIsInstalledFromSeveralThreads() {
    final JdiSession session = session();
    session.deferInstalls(new ConcurrentLinkedQueue<>());
    session.installPrepared(2);

    session.handle(new FakeSet(EventRequest.SUSPEND_EVENT_THREAD, prepared(FakeJdi.loaded(InstallFixture.class))));

    assertThat(installer.breakpoints()).isEqualTo(PROGRAM.blockCount());
  }

  @Test
  void aClassPreparedAfterTheSessionStoppedInstallingGetsNoBreakpoint() {
    final JdiSession session = session();
    session.stopInstalling();

    session.handle(new FakeSet(EventRequest.SUSPEND_EVENT_THREAD, prepared(FakeJdi.loaded(InstallFixture.class))));

    assertThat(requests.of("breakpoint")).isEmpty();
    assertThat(session.claimed()).isZero();
  }

  @Test
  void aThreadStartIsCountedInStartOrder() {
    final JdiSession session = session();
    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, started(t2), started(t1)));
    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, hit(t1, 3)));

    assertThat(written.lines).containsExactly("thread 0 t1 started 1", "0:3");
  }

  @Test
  void aBreakpointWithoutABlockIsAThreadAtRestWaking() {
    final JdiSession session = session();
    recorder.startAt(t1, new int[] {2, -1});
    final BreakpointRequest woke = new FakeJdi.Request("breakpoint", null).as(BreakpointRequest.class);
    woke.putProperty(JdiSession.WOKE, Boolean.TRUE);

    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, breakpoint(t1, woke)));

    assertThat(written.lines).containsExactly("thread 0 t1 started -1", "0:start [2, -1]");
  }

  @Test
  void aDisconnectEndsTheSession() {
    assertThat(session().handle(new FakeSet(EventRequest.SUSPEND_NONE, proxy(VMDisconnectEvent.class, Map.of()))))
        .isFalse();
  }

  @Test
  void anExceptionInARecordedThreadIsLocatedAndRecordedBetweenItsHits() {
    final JdiSession session = session();
    final ReferenceType type = FakeJdi.loaded(InstallFixture.class);
    session.handle(new FakeSet(EventRequest.SUSPEND_EVENT_THREAD, prepared(type)));
    final int block = blockOf("sum", 0);
    final Location at = FakeJdi.location(type, jdiMethod(type, "sum"), PROGRAM.block(block).startBci());
    final ThreadReference thrower = threadAt(3, at);

    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, hit(thrower, block)));
    final FakeSet thrown = new FakeSet(EventRequest.SUSPEND_EVENT_THREAD, thrown(thrower, at, null));
    session.handle(thrown);

    // Uncaught, unwinding the one traced frame of sum, thrown at its block itself (not in a call).
    assertThat(written.lines).containsExactly("thread 0 t3 started -1", "0:" + block,
        "0:exception " + block + "->-2");
    assertThat(thrown.resumed).isEqualTo(1);
  }

  @Test
  void anExceptionInAThreadNotRecordedIsNotEvenLocated() {
    final JdiSession session = session();
    recorder.ignore(t1); // its mirror answers no stack: locating it would fail the test
    final FakeSet thrown = new FakeSet(EventRequest.SUSPEND_EVENT_THREAD, thrown(t1, null, null));

    session.handle(thrown);

    assertThat(written.lines).isEmpty();
    assertThat(thrown.resumed).isEqualTo(1);
  }

  @Test
  void aFenceInASetMakesTheSetsOwnHitsCountAfterTheCut() {
    final JdiSession session = session();
    recorder.awaitCut();
    recorder.cut(Set.of(1L, 2L), Set.of(1L, 2L));
    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, hit(t1, 1))); // raised before the cut

    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, step(t1, JdiSession.FENCE), hit(t1, 2)));
    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, hit(t2, 3))); // t2's fence has not come

    assertThat(written.hits()).containsExactly("0:2");
    assertThat(recorder.fencePassed()).isTrue();
  }

  @Test
  void anExceptionAfterTheCutIsAFenceForItsOwnThreadOnly() {
    final JdiSession session = session();
    recorder.awaitCut();
    recorder.cut(Set.of(1L), Set.of(1L));
    recorder.ignore(t1); // (not located: this test is about the fence)

    session.handle(new FakeSet(EventRequest.SUSPEND_EVENT_THREAD, thrown(t1, null, null)));

    assertThat(recorder.awaitsFences()).isFalse();
    assertThat(recorder.fencePassed()).as("an exception was raised in a callback before the cut").isFalse();
  }

  @Test
  void theHitsOfASetWithTheFirstDetachFenceAreNotRecordedButThoseBeforeItAre() {
    final JdiSession session = session();
    recorder.closing();
    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, hit(t1, 1))); // raised before the last look

    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, step(t2, JdiSession.DETACH_FENCE), hit(t1, 2)));
    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, hit(t1, 3)));

    assertThat(written.hits()).containsExactly("0:1");
    assertThat(recorder.closed()).isTrue();
  }

  @Test
  void heldAtItsDeathTheVmWritesWhereEachRecordedThreadStandsOnce() {
    final JdiSession session = session();
    final ReferenceType type = FakeJdi.loaded(InstallFixture.class);
    session.handle(new FakeSet(EventRequest.SUSPEND_EVENT_THREAD, prepared(type)));
    final int block = blockOf("sum", 1);
    final ThreadReference inSum = threadAt(3, FakeJdi.location(type, jdiMethod(type, "sum"),
        PROGRAM.block(block).startBci()));
    threads.add(inSum);
    session.handle(new FakeSet(EventRequest.SUSPEND_NONE, hit(inSum, block)));

    final VMDeathEvent death = proxy(VMDeathEvent.class, Map.of());
    final FakeSet held = new FakeSet(EventRequest.SUSPEND_ALL, death, death); // the requested event and JDI's own
    session.handle(held);

    assertThat(written.lines).containsExactly("thread 0 t3 started -1", "0:" + block, "0:end " + block);
    assertThat(session.witnessedDeath()).isTrue();
    assertThat(held.resumed).isEqualTo(1);
  }

  private JdiSession session() {
    return JdiSession.listen(vm, new ClassFilter(List.of(FIXTURE), List.of()), recorder, installer);
  }

  private static BreakpointEvent hit(final ThreadReference thread, final int block) {
    final BreakpointRequest request = new FakeJdi.Request("breakpoint", null).as(BreakpointRequest.class);
    request.putProperty(BreakpointInstaller.BLOCK, block);
    return breakpoint(thread, request);
  }

  private static BreakpointEvent breakpoint(final ThreadReference thread, final BreakpointRequest request) {
    return proxy(BreakpointEvent.class, Map.of("thread", a -> thread, "request", a -> request));
  }

  private static StepEvent step(final ThreadReference thread, final String kind) {
    final StepRequest request = new FakeJdi.Request("step", null).as(StepRequest.class);
    request.putProperty(kind, Boolean.TRUE);
    return proxy(StepEvent.class, Map.of("thread", a -> thread, "request", a -> request));
  }

  private static ClassPrepareEvent prepared(final ReferenceType type) {
    return proxy(ClassPrepareEvent.class, Map.of("referenceType", a -> type));
  }

  private static ThreadStartEvent started(final ThreadReference thread) {
    return proxy(ThreadStartEvent.class, Map.of("thread", a -> thread));
  }

  private static ExceptionEvent thrown(final ThreadReference thread, final Location at, final Location caught) {
    final Map<String, java.util.function.Function<Object[], Object>> answers = new java.util.HashMap<>();
    answers.put("thread", a -> thread);
    answers.put("location", a -> at);
    answers.put("catchLocation", a -> caught);
    return proxy(ExceptionEvent.class, answers);
  }

  /** A thread whose stack is one frame, at this location. */
  private static ThreadReference threadAt(final long id, final Location at) {
    final StackFrame frame = proxy(StackFrame.class, Map.of("location", a -> at));
    return proxy(ThreadReference.class, Map.of("uniqueID", a -> id, "name", a -> "t" + id,
        "frames", a -> List.of(frame)));
  }

  private static Method jdiMethod(final ReferenceType type, final String name) {
    return type.methods().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
  }

  private static int blockOf(final String method, final int index) {
    final MethodCfg cfg = PROGRAM.methods().stream().filter(m -> m.id().name().equals(method)).findFirst()
        .orElseThrow();
    final Block b = cfg.blocks().get(index);
    return PROGRAM.blockId(PROGRAM.methodIndex(cfg.id()), b.index());
  }

  private static BitSet allBlocks() {
    final BitSet all = new BitSet();
    all.set(0, PROGRAM.blockCount());
    return all;
  }

  /** One event set: the events of one callback of one thread, in order, and how often it was resumed. */
  private static final class FakeSet extends AbstractSet<Event> implements EventSet {
    private final int policy;
    private final List<Event> events;
    int resumed;
    Runnable onResume = () -> { };

    FakeSet(final int policy, final Event... events) {
      this.policy = policy;
      this.events = List.of(events);
    }

    @Override
    public VirtualMachine virtualMachine() {
      throw new AssertionError("virtualMachine");
    }

    @Override
    public int suspendPolicy() {
      return policy;
    }

    @Override
    public EventIterator eventIterator() {
      throw new AssertionError("eventIterator");
    }

    @Override
    public void resume() {
      onResume.run();
      resumed++;
    }

    @Override
    public Iterator<Event> iterator() {
      return events.iterator();
    }

    @Override
    public int size() {
      return events.size();
    }
  }
}
