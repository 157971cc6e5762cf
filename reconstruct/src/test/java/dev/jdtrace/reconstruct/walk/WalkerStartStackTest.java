package dev.jdtrace.reconstruct.walk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.icfg.IcfgPlanner;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.ThreadStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The walk from a start stack: a request loop at rest in an untraced call ({@code accept}) when an attach
 * began. Its path starts where that call returns. It ends either back at the call, the first time the walk
 * is there with every stream at its end, or outside traced code. The two endings can have the same stream
 * (the loop's exit test decides between them, and nothing after it need be a witness), so only the recorded
 * ending tells them apart; each path below must decode to itself with every profile kind.
 */
class WalkerStartStackTest {
  /**
   * {@code main: 0 accept(); 1 if (..) 2 armA else 3 armB; 4 if (more) goto 0; 5 return}, where accept is an
   * untraced call that may call back, or one that cannot (a pure call, which the walk crosses without a frame).
   */
  private static Program loop(final CallSite accept) {
    return new Program(List.of(new ClassModel("g.L", "java.lang.Object", List.of(), 0x0021, null, "hand",
        List.of(method(
            call(0, accept),
            b(1, BlockEnd.BRANCH, 2, 3),
            b(2, BlockEnd.FALLTHROUGH, 4),
            b(3, BlockEnd.FALLTHROUGH, 4),
            b(4, BlockEnd.BRANCH, 0, 5),
            b(5, BlockEnd.RETURN))), List.of("main" + GeneratedProgram.MAIN_DESC), List.of(), List.of())));
  }

  private static final List<Program> LOOPS = List.of(loop(GeneratedProgram.ARRAYS_SORT),
      loop(GeneratedProgram.MATH_ABS));

  private static MethodCfg method(final Block... blocks) {
    return new MethodCfg(new MethodId("g.L", "main", GeneratedProgram.MAIN_DESC), 0x0009, List.of(blocks),
        Arrays.stream(blocks).map(Block::startBci).toList(), "hand");
  }

  private static Block b(final int index, final BlockEnd end, final Integer... successors) {
    return new Block(index, 10 * index, 10 * index, List.of(), end, List.of(successors), List.of(), null, List.of());
  }

  private static Block call(final int index, final CallSite site) {
    return new Block(index, 10 * index, 10 * index, List.of(), BlockEnd.INVOKE, List.of(index + 1), List.of(), site,
        List.of());
  }

  /**
   * Decodes a path of main's blocks that started inside {@code accept}, projected on the kind's witnesses;
   * every loop and kind must give the same.
   */
  private static int[] decode(final ProfileKind kind, final boolean backAtStart, final int... path) {
    int[] first = null;
    for (final Program loop : LOOPS) {
      final int[] decoded = decode(loop, kind, backAtStart, path);
      assertThat(first == null || Arrays.equals(first, decoded)).as(Arrays.toString(decoded)).isTrue();
      first = decoded;
    }
    return first;
  }

  private static int[] decode(final Program loop, final ProfileKind kind, final boolean backAtStart,
      final int... path) {
    final IcfgPlanner.Result plan = IcfgPlanner.plan(WalkerCounterexamplesTest.structure(loop), kind,
        Weights.staticEstimate());
    final List<Integer> stream = new ArrayList<>();
    for (final int b : path) {
      if (plan.witnesses().get(b)) {
        stream.add(b);
      }
    }
    final ThreadStream thread = new ThreadStream("main", -1, 0, stream.stream().mapToInt(Integer::intValue).toArray(),
        List.of(), new int[] {loop.blockId(0, 0), -1}, backAtStart);
    try {
      return new Walker(plan.model(), "main", thread).decode();
    } catch (final RuntimeException e) {
      throw new AssertionError(loop.methods().get(0).blocks().get(0).call().owner() + " " + kind + " witnesses " + plan.witnesses() + " path " + Arrays.toString(path), e);
    }
  }

  @Test
  void aLoopBackAtItsStartDecodesOnceAroundWithEveryProfile() {
    for (final ProfileKind kind : ProfileKind.values()) {
      assertThat(decode(kind, true, 1, 2, 4, 0)).as(kind.toString()).containsExactly(1, 2, 4, 0);
      assertThat(decode(kind, true, 1, 3, 4, 0)).as(kind.toString()).containsExactly(1, 3, 4, 0);
      assertThat(decode(kind, true, 1, 2, 4, 0, 1, 3, 4, 0)).as(kind.toString())
          .containsExactly(1, 2, 4, 0, 1, 3, 4, 0);
    }
  }

  @Test
  void aLoopThatNeverWokeHasAnEmptyPath() {
    for (final ProfileKind kind : ProfileKind.values()) {
      assertThat(decode(kind, true)).as(kind.toString()).isEmpty();
    }
  }

  @Test
  void aThreadThatLeftTracedCodeEndsOutsideIt() {
    for (final ProfileKind kind : ProfileKind.values()) {
      assertThat(decode(kind, false, 1, 2, 4, 5)).as(kind.toString()).containsExactly(1, 2, 4, 5);
      assertThat(decode(kind, false, 1, 3, 4, 0, 1, 2, 4, 5)).as(kind.toString())
          .containsExactly(1, 3, 4, 0, 1, 2, 4, 5);
    }
  }
}
