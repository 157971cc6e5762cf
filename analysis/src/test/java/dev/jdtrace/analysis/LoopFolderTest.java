package dev.jdtrace.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Loop folding on hand-built item sequences. */
class LoopFolderTest {

  private static List<Folded> fold(final int... blocks) {
    final List<Folded> body = new ArrayList<>();
    int held = 0;
    for (int i = 0; i < blocks.length; i++) {
      held += LoopFolder.append(body, new Folded.Step(blocks[i], i));
    }
    assertThat(held).as("size accounting").isEqualTo(Folded.sizeOf(body));
    return body;
  }

  /** A compact form: a step is its block, a loop is (body)xN. */
  private static String text(final List<Folded> items) {
    final StringBuilder s = new StringBuilder();
    for (final Folded item : items) {
      if (s.length() > 0) {
        s.append(' ');
      }
      if (item instanceof Folded.Step step) {
        s.append(step.block());
      } else if (item instanceof Folded.Loop loop) {
        s.append('(').append(text(loop.body())).append(")x").append(loop.count());
      } else if (item instanceof Folded.Call call) {
        s.append("call").append(call.method()).append('[').append(text(call.body())).append(']');
      }
    }
    return s.toString();
  }

  @Test
  void identicalIterationsFoldIntoOneWithACount() {
    assertThat(text(fold(0, 1, 2, 1, 2, 1, 2, 3))).isEqualTo("0 (1 2)x3 3");
  }

  @Test
  void nestedLoopsFoldInsideOut() {
    assertThat(text(fold(5, 7, 7, 7, 5, 7, 7, 7, 5, 7, 7, 7, 9))).isEqualTo("(5 (7)x3)x3 9");
  }

  @Test
  void differingIterationsStayVisible() {
    assertThat(text(fold(5, 7, 7, 5, 7, 7, 7, 5, 7, 7))).isEqualTo("5 (7)x2 5 (7)x3 5 (7)x2");
  }

  @Test
  void anInnerLoopThatGrowsAfterTheOuterLoopFoldedUnrollsItsLastIteration() {
    assertThat(text(fold(5, 7, 7, 5, 7, 7, 5, 7, 7, 7, 5, 7, 7))).isEqualTo("(5 (7)x2)x2 5 (7)x3 5 (7)x2");
  }

  @Test
  void theFirstIterationKeepsItsOrdinals() {
    final List<Folded> body = fold(1, 2, 1, 2, 1, 2);
    assertThat(body).hasSize(1);
    assertThat(body.get(0).ordinal()).isZero();
    assertThat(((Folded.Loop) body.get(0)).body().get(1).ordinal()).isEqualTo(1);
  }

  @Test
  void identicalCallsFoldAndDifferentCallsDoNot() {
    final List<Folded> body = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      LoopFolder.append(body, new Folded.Step(0, 10L * i));
      LoopFolder.append(body, Folded.Call.of(1, 10L * i + 1, List.of(new Folded.Step(3, 10L * i + 1))));
    }
    LoopFolder.append(body, new Folded.Step(0, 30));
    LoopFolder.append(body, Folded.Call.of(1, 31, List.of(new Folded.Step(4, 31))));
    assertThat(text(body)).isEqualTo("(0 call1[3])x3 0 call1[4]");
  }

  @Test
  void iterationsLongerThanTheLimitAreNotFolded() {
    final int n = LoopFolder.MAX_PERIOD + 1;
    final int[] blocks = new int[2 * n];
    for (int i = 0; i < 2 * n; i++) {
      blocks[i] = i % n;
    }
    assertThat(fold(blocks)).hasSize(2 * n);
  }
}
