package dev.jdtrace.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Call reconstruction on the hand-built dictionary of {@link Hand}: main = blocks 0-2, f = blocks 3-5. */
class CallTrackerTest {

  /** Records events as {@code >method@ordinal/depth}, {@code <method@ordinal/depth}, {@code block/depth}. */
  private static List<String> events(final Map<String, int[]> threads) {
    final List<String> events = new ArrayList<>();
    final String[] names = {"main", "f"};
    Hand.play(new CallTracker(new CallListener() {
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
    }), Hand.standard(), threads);
    return events;
  }

  @Test
  void callAndReturn() {
    assertThat(events(Hand.main(0, 3, 4, 1, 2))).containsExactly("thread main", ">main@0/0", "0/0", ">f@1/1", "3/1",
        "4/1", "<f@3/1", "1/0", "2/0", "<main@5/0", "end 5");
  }

  @Test
  void recursionReturnsToTheReturnSiteOfTheLowerFrame() {
    // f calls f from block 3; the inner f returns from block 4; block 4 is the outer f's return site.
    assertThat(events(Hand.main(0, 3, 3, 4, 4, 1, 2))).containsExactly("thread main", ">main@0/0", "0/0",
        ">f@1/1", "3/1", ">f@2/2", "3/2", "4/2", "<f@4/2", "4/1", "<f@5/1", "1/0", "2/0", "<main@7/0", "end 7");
  }

  @Test
  void entryAfterABlockThatCannotCallIsASiblingCall() {
    // Block 4 ends with a 1-byte instruction (a return): f returned to untraced code, which called f again.
    assertThat(events(Hand.main(0, 3, 4, 3, 4, 1))).containsExactly("thread main", ">main@0/0", "0/0", ">f@1/1",
        "3/1", "4/1", "<f@3/1", ">f@3/1", "3/1", "4/1", "<f@5/1", "1/0", "<main@6/0", "end 6");
  }

  @Test
  void aBlockOfALowerMethodUnwindsToIt() {
    // An exception thrown two frames deep is caught in main (block 2).
    assertThat(events(Hand.main(0, 3, 3, 2))).containsExactly("thread main", ">main@0/0", "0/0", ">f@1/1", "3/1",
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
    tracker.dictionary(Hand.standard());
    tracker.thread("main");
    for (final int b : new int[] {0, 3, 3, 4}) {
      tracker.block(b);
    }
    assertThat(tracker.depth()).isEqualTo(3);
    assertThat(new int[] {tracker.methodAt(0), tracker.methodAt(1), tracker.methodAt(2)}).containsExactly(0, 1, 1);
    assertThat(new int[] {tracker.blockAt(0), tracker.blockAt(1), tracker.blockAt(2)}).containsExactly(0, 3, 4);
  }
}
