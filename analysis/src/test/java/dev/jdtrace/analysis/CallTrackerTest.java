package dev.jdtrace.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Call reconstruction on hand-built dictionaries: {@link HandTraces}'s (main = blocks 0-2, f = blocks 3-5) with
 * block 4 returning, unless a test says otherwise.
 */
class CallTrackerTest {
  private static final TraceDictionary RETURNING_4 = HandTraces.withEnd(HandTraces.standard(), 4, BlockEnd.RETURN);

  private static List<String> events(final Map<String, int[]> threads) {
    return events(RETURNING_4, threads);
  }

  /** Records events as {@code >method@ordinal/depth}, {@code <method@ordinal/depth}, {@code block/depth}. */
  private static List<String> events(final TraceDictionary d, final Map<String, int[]> threads) {
    final List<String> events = new ArrayList<>();
    HandTraces.play(recording(d, events), d, threads);
    return events;
  }

  /** A call tracker that adds the events of the class comment of {@link #events} to {@code events}. */
  private static CallTracker recording(final TraceDictionary d, final List<String> events) {
    final String[] names = d.methods().stream().map(TraceDictionary.MethodEntry::name).toArray(String[]::new);
    return new CallTracker(new CallListener() {
      @Override
      public void threadStart(final String name) {
        events.add("thread " + name);
      }

      @Override
      public void enter(final int method, final long ordinal, final int depth) {
        events.add(">" + names[method] + "@" + ordinal + "/" + depth);
      }

      @Override
      public void exit(final int method, final long ordinal, final int depth) {
        events.add("<" + names[method] + "@" + ordinal + "/" + depth);
      }

      @Override
      public void block(final int block, final long ordinal, final int depth) {
        events.add(block + "/" + depth);
      }

      @Override
      public void threadEnd(final long blocks) {
        events.add("end " + blocks);
      }
    });
  }

  private static BlockEntry block(final int method, final int start, final BlockEnd end, final Integer... handlers) {
    return block(method, start, end, List.of(), handlers);
  }

  private static BlockEntry block(final int method, final int start, final BlockEnd end, final List<Integer> clinits,
      final Integer... handlers) {
    return new BlockEntry(method, start, start, List.of(start), end, clinits, List.of(handlers));
  }

  private static TraceDictionary dictionary(final List<String> methods, final BlockEntry... blocks) {
    return new TraceDictionary(List.of(new TraceDictionary.ClassEntry("t.R", "R.java")),
        methods.stream().map(m -> new TraceDictionary.MethodEntry(0, m, "()V")).toList(), List.of(blocks));
  }

  /** main = 0 (calls f) 1 (returns); f = 2 (branches) 3 (calls f, caught by 5) 4 (throws) 5 (handler, returns). */
  private static final TraceDictionary CATCHING = dictionary(List.of("main", "f"),
      block(0, 0, BlockEnd.INVOKE), block(0, 3, BlockEnd.RETURN),
      block(1, 0, BlockEnd.BRANCH), block(1, 3, BlockEnd.INVOKE, 5), block(1, 6, BlockEnd.THROW),
      block(1, 7, BlockEnd.RETURN));

  @Test
  void anExceptionIsCaughtByTheLowerFrameOfTheSameMethodWhoseHandlerCoversItsCallSite() {
    // The inner f throws from 4; the outer f's call at 3 is covered by handler 5, so the inner frame ends.
    assertThat(events(CATCHING, HandTraces.main(0, 2, 3, 2, 4, 5, 1))).containsExactly("thread main", ">main@0/0", "0/0",
        ">f@1/1", "2/1", "3/1", ">f@3/2", "2/2", "4/2", "<f@5/2", "5/1", "<f@6/1", "1/0", "<main@7/0", "end 7");
  }

  @Test
  void aVersion2TraceIsReadWithTheHeuristic() {
    // Without block ends, the handler looks like the inner frame going on (a limit of the heuristic).
    assertThat(events(HandTraces.withoutEnds(CATCHING), HandTraces.main(0, 2, 3, 2, 4, 5, 1))).contains("5/2");
  }

  @Test
  void aJumpBackToBciZeroIsNoCall() {
    // Block 4 falls through to block 5 in HandTraces's dictionary; here f loops from 4 back to 3 at bci 0.
    assertThat(events(HandTraces.standard(), HandTraces.main(0, 3, 4, 3, 5, 1, 2))).containsExactly("thread main", ">main@0/0",
        "0/0", ">f@1/1", "3/1", "4/1", "3/1", "5/1", "<f@5/1", "1/0", "2/0", "<main@7/0", "end 7");
  }

  /**
   * main = 0 (can start both class initialisers, as a subclass's, falls through) 1 (can start the second,
   * returns); the first {@code <clinit>} = 2 (can start itself, returns), the second = 3 (returns).
   */
  private static final TraceDictionary INITIALISING = dictionary(List.of("main", "<clinit>", "<clinit>"),
      block(0, 0, BlockEnd.FALLTHROUGH, List.of(1, 2)), block(0, 3, BlockEnd.RETURN, List.of(2)),
      block(1, 0, BlockEnd.RETURN, List.of(1)), block(2, 0, BlockEnd.RETURN));

  @Test
  void aClassInitialiserRunsInsideTheBlockThatStartsIt() {
    assertThat(events(INITIALISING, HandTraces.main(0, 2, 1, 3))).containsExactly("thread main", ">main@0/0", "0/0",
        "><clinit>@1/1", "2/1", "<<clinit>@2/1", "1/0",
        "><clinit>@3/1", "3/1", "<<clinit>@4/1", "<main@4/0", "end 4");
  }

  @Test
  void aClassInitialiserAReturningBlockCannotStartRunsAfterItsReturn() {
    // The first initialiser's block 2 can start only its own class: the second runs in main's block 0 too.
    assertThat(events(INITIALISING, HandTraces.main(0, 2, 3, 1))).containsExactly("thread main", ">main@0/0", "0/0",
        "><clinit>@1/1", "2/1", "<<clinit>@2/1", "><clinit>@2/1", "3/1", "<<clinit>@3/1", "1/0", "<main@4/0",
        "end 4");
  }

  /**
   * main = 0 (can start an untraced class's initialiser, branches) 1 (returns); f = 2 (returns): f is called
   * back by the untraced initialiser inside block 0, or, where block 0 is not marked (a version 3 trace),
   * by nothing the file can show.
   */
  private static final TraceDictionary UNTRACED_INIT = dictionary(List.of("main", "f"),
      new BlockEntry(0, 0, 0, List.of(0), BlockEnd.BRANCH, List.of(), List.of(), true),
      block(0, 3, BlockEnd.RETURN), block(1, 0, BlockEnd.RETURN));

  @Test
  void anUntracedInitialisersCallbackRunsInsideTheBlockThatStartsIt() {
    assertThat(events(UNTRACED_INIT, HandTraces.main(0, 2, 1))).containsExactly("thread main", ">main@0/0", "0/0",
        ">f@1/1", "2/1", "<f@2/1", "1/0", "<main@3/0", "end 3");
  }

  @Test
  void withoutTheMarkAnUntracedInitialisersCallbackEndsTheFrame() {
    // A version 3 trace: the entry of another method after a branch reads as main having left for untraced code.
    final TraceDictionary unmarked = new TraceDictionary(UNTRACED_INIT.classes(), UNTRACED_INIT.methods(),
        UNTRACED_INIT.blocks().stream().map(b -> new BlockEntry(b.methodIndex(), b.startBci(), b.endBci(), b.lines(),
            b.end(), b.clinits(), b.handlers())).toList());
    assertThat(events(unmarked, HandTraces.main(0, 2, 1))).startsWith("thread main", ">main@0/0", "0/0", "<main@1/0",
        ">f@1/0");
  }

  @Test
  void aWindowEndsEveryFrameTheBlocksBeforeItLeft() {
    // main's window ends by f's exception at 2, caught below the window; the next window is a new call of f,
    // not a call made by main (without the window record, main's call at 0 would have made it).
    final List<String> events = new ArrayList<>();
    final CallTracker tracker = recording(THROWING, events);
    tracker.dictionary(THROWING);
    tracker.thread("main");
    tracker.window();
    tracker.block(0);
    tracker.block(2);
    tracker.window();
    tracker.block(2);
    tracker.end();
    assertThat(events).containsExactly("thread main", ">main@0/0", "0/0", ">f@1/1", "2/1", "<f@2/1", "<main@2/0",
        ">f@2/0", "2/0", "<f@3/0", "end 3");
  }

  /** main = 0 (calls untraced code) 1 (returns); f = 2 (throws); g = 3 (returns). */
  private static final TraceDictionary THROWING = dictionary(List.of("main", "f", "g"),
      block(0, 0, BlockEnd.INVOKE), block(0, 3, BlockEnd.RETURN), block(1, 0, BlockEnd.THROW),
      block(2, 0, BlockEnd.RETURN));

  @Test
  void aCallbackAfterAnExceptionLeftForUntracedCodeEndsTheThrowingFrame() {
    // Untraced code called by main calls f, catches what f throws, then calls g, then returns to main.
    assertThat(events(THROWING, HandTraces.main(0, 2, 3, 1))).containsExactly("thread main", ">main@0/0", "0/0", ">f@1/1",
        "2/1", "<f@2/1", ">g@2/1", "3/1", "<g@3/1", "1/0", "<main@4/0", "end 4");
  }

  @Test
  void callAndReturn() {
    assertThat(events(HandTraces.main(0, 3, 4, 1, 2))).containsExactly("thread main", ">main@0/0", "0/0", ">f@1/1", "3/1",
        "4/1", "<f@3/1", "1/0", "2/0", "<main@5/0", "end 5");
  }

  @Test
  void recursionReturnsToTheReturnSiteOfTheLowerFrame() {
    // f calls f from block 3; the inner f returns from block 4; block 4 is the outer f's return site.
    assertThat(events(HandTraces.main(0, 3, 3, 4, 4, 1, 2))).containsExactly("thread main", ">main@0/0", "0/0",
        ">f@1/1", "3/1", ">f@2/2", "3/2", "4/2", "<f@4/2", "4/1", "<f@5/1", "1/0", "2/0", "<main@7/0", "end 7");
  }

  @Test
  void entryAfterABlockThatCannotCallIsASiblingCall() {
    // Block 4 ends with a 1-byte instruction (a return): f returned to untraced code, which called f again.
    assertThat(events(HandTraces.main(0, 3, 4, 3, 4, 1))).containsExactly("thread main", ">main@0/0", "0/0", ">f@1/1",
        "3/1", "4/1", "<f@3/1", ">f@3/1", "3/1", "4/1", "<f@5/1", "1/0", "<main@6/0", "end 6");
  }

  @Test
  void aBlockOfALowerMethodUnwindsToIt() {
    // An exception thrown two frames deep is caught in main (block 2).
    assertThat(events(HandTraces.main(0, 3, 3, 2))).containsExactly("thread main", ">main@0/0", "0/0", ">f@1/1", "3/1",
        ">f@2/2", "3/2", "<f@3/2", "<f@3/1", "2/0", "<main@4/0", "end 4");
  }

  @Test
  void aThreadMayStartInsideAMethodAndOrdinalsRestartPerThread() {
    final Map<String, int[]> threads = new LinkedHashMap<>();
    threads.put("a", new int[] {1, 2});
    threads.put("b", new int[] {4, 0});
    assertThat(events(threads)).containsExactly("thread a", ">main@0/0", "1/0", "2/0", "<main@2/0", "end 2",
        "thread b", ">f@0/0", "4/0", "<f@1/0", ">main@1/0", "0/0", "<main@2/0", "end 2");
  }

  @Test
  void stackIsVisibleWhileTracking() {
    final CallTracker tracker = new CallTracker(new CallListener() { });
    tracker.dictionary(RETURNING_4);
    tracker.thread("main");
    for (final int b : new int[] {0, 3, 3, 4}) {
      tracker.block(b);
    }
    assertThat(tracker.depth()).isEqualTo(3);
    assertThat(new int[] {tracker.methodAt(0), tracker.methodAt(1), tracker.methodAt(2)}).containsExactly(0, 1, 1);
    assertThat(new int[] {tracker.blockAt(0), tracker.blockAt(1), tracker.blockAt(2)}).containsExactly(0, 3, 4);
  }
}
