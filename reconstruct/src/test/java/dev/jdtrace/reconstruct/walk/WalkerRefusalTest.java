package dev.jdtrace.reconstruct.walk;

import static dev.jdtrace.plan.optimal.FlowGraphs.bits;
import static dev.jdtrace.reconstruct.walk.WalkerCounterexamplesTest.b;
import static dev.jdtrace.reconstruct.walk.WalkerCounterexamplesTest.call;
import static dev.jdtrace.reconstruct.walk.WalkerCounterexamplesTest.cls;
import static dev.jdtrace.reconstruct.walk.WalkerCounterexamplesTest.method;
import static dev.jdtrace.reconstruct.walk.WalkerCounterexamplesTest.program;
import static dev.jdtrace.reconstruct.walk.WalkerCounterexamplesTest.structure;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.ThreadStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A walk that cannot place the rest of its streams says where it stood, at source level: the thread, the last
 * block it reached, and each session's next event (issue 27: it used to say only "the path ended but 23 events
 * of session 0 remain").
 */
class WalkerRefusalTest {
  /** main (blocks 0-1) calls Math.abs and returns; s0 (block 2) is no callback: untraced code never calls it. */
  private static final Program PROGRAM = program(cls("g.C00", List.of(),
      method("g.C00", "main", GeneratedProgram.MAIN_DESC,
          call(0, GeneratedProgram.MATH_ABS),
          b(1, BlockEnd.RETURN)),
      method("g.C00", "s0", "()V",
          b(0, BlockEnd.RETURN))));

  @Test
  void refusalNamesTheLastBlockAndEachSessionsNextEvent() {
    final IcfgModel.Structure s = structure(PROGRAM);
    final List<IcfgModel> models = List.of(new IcfgModel(s, bits(0, 2)), new IcfgModel(s, bits(1)));
    // After main returned, session 0 holds s0's entry, which nothing outside traced code can reach.
    final List<ThreadStream> streams = List.of(
        new ThreadStream("main", -1, 0, new int[] {0, 2}, List.of()),
        new ThreadStream("main", -1, 0, new int[] {1}, List.of()));
    assertThatThrownBy(() -> new Walker(models, "main", streams).decode())
        .isInstanceOf(ReconstructionException.class)
        .hasMessageStartingWith("thread main, in untraced code after g.C00.main([Ljava/lang/String;)V bci 10:")
        .hasMessageContaining("diverged: no way leads from untraced code to witness g.C00.s0()V bci 0")
        .hasMessageEndingWith("session 0 has 1 event(s) left, the next witness g.C00.s0()V bci 0, "
            + "session 1 is at its end");
  }
}
