package dev.jdtrace.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.NamePattern;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.trace.TraceDictionary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The list mode of {@code show} on hand-built traces (the dictionary of {@link HandTraces}). */
class TreeViewTest {

  private static String show(final Map<String, int[]> threads, final String method, final int depth) {
    return show(HandTraces.standard(), threads, method, depth);
  }

  private static String show(final TraceDictionary d, final Map<String, int[]> threads, final String method,
      final int depth) {
    final StringWriter text = new StringWriter();
    HandTraces.play(TreeView.to(new PrintWriter(text), Style.PLAIN, null, method == null ? null : new NamePattern(method), depth),
        d, threads);
    return text.toString();
  }

  @Test
  void identicalCallsInALoopFoldAndADifferentOneStaysVisible() {
    // main: 0, then (1 calling f: 3 4 5) three times the same, once with f's other path (3 5), then 2.
    final int[] blocks = IntStream.concat(IntStream.concat(IntStream.of(0),
        IntStream.range(0, 3).flatMap(i -> IntStream.of(1, 3, 4, 5))), IntStream.of(1, 3, 5, 2)).toArray();
    assertThat(show(HandTraces.main(blocks), null, Integer.MAX_VALUE)).isEqualTo("""
        thread main
          t.C.main (C.java:1)  #0
            line 1  #0
            loop × 3  #1
              line 2  #1
              t.C.f (C.java:10)  #2
                lines 10-12  #2
            line 2  #13
            t.C.f (C.java:10)  #14
              lines 10-12  #14
            line 3  #16
          17 block entries
        """);
  }

  @Test
  void aLoopWhoseIterationIsOneCallShowsTheCallWithItsCount() {
    // f runs 3 4 5 and returns from 5; untraced code calls it again four times (a callback).
    final int[] blocks = IntStream.range(0, 4).flatMap(i -> IntStream.of(3, 4, 5)).toArray();
    assertThat(show(HandTraces.main(blocks), null, Integer.MAX_VALUE)).isEqualTo("""
        thread main
          t.C.f (C.java:10) × 4  #0
            lines 10-12  #0
          12 block entries
        """);
  }

  @Test
  void deepRecursionIsPrintedWithoutOverflowingAndLeafCallsStillFold() {
    final int depth = 3 * TreeView.HELD_DEPTH;
    // main calls f, which calls itself depth times from block 3; the innermost f returns from 4; each
    // outer f continues at its return site 4 and returns; main ends.
    final int[] blocks = IntStream.concat(IntStream.concat(IntStream.of(0), IntStream.range(0, depth).map(i -> 3)),
        IntStream.concat(IntStream.range(0, depth).map(i -> 4), IntStream.of(1, 2))).toArray();
    final String text = show(HandTraces.main(blocks), null, Integer.MAX_VALUE);
    assertThat(text.lines().filter(l -> l.trim().startsWith("t.C.f (C.java:10)")).count()).isEqualTo(depth);
    assertThat(text).endsWith((2 * depth + 3) + " block entries\n");
  }

  @Test
  void beyondTheBudgetEverythingHeldIsPrintedInOrder() {
    final Random random = new Random(7);
    final int n = 3 * TreeView.BUDGET;
    final int[] blocks = IntStream.range(0, n).map(i -> i == 0 ? 0 : 1 + random.nextInt(2)).toArray();
    final String text = show(HandTraces.main(blocks), null, Integer.MAX_VALUE);
    final Pattern ordinal = Pattern.compile("#(\\d+)$");
    long previous = -1;
    for (final String line : text.lines().toList()) {
      final Matcher m = ordinal.matcher(line);
      if (m.find()) {
        assertThat(Long.parseLong(m.group(1))).isGreaterThanOrEqualTo(previous);
        previous = Long.parseLong(m.group(1));
      }
    }
    assertThat(text).endsWith(n + " block entries\n");
  }

  @Test
  void methodAndDepthFilters() {
    // f calls itself from 3; block 4 returns here, so the inner f returns to the outer f's return site 4.
    final TraceDictionary returning = HandTraces.withEnd(HandTraces.standard(), 4, BlockEnd.RETURN);
    final int[] blocks = {0, 3, 3, 4, 4, 1, 2};
    assertThat(show(returning, HandTraces.main(blocks), "t.C.f", Integer.MAX_VALUE)).isEqualTo("""
        thread main
          t.C.f (C.java:10)  in t.C.main  #1
            line 10  #1
            t.C.f (C.java:10)  #2
              lines 10-11  #2
            line 11  #4
          7 block entries
        """);
    assertThat(show(returning, HandTraces.main(blocks), null, 1)).isEqualTo("""
        thread main
          t.C.main (C.java:1)  #0
            line 1  #0
            lines 2-3  #5
          7 block entries
        """);
  }
}
