package dev.jdtrace.plan.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.fixtures.Shapes;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Leaders and edges of small methods whose bytecode javac emits predictably. */
class CfgBuilderTest {
  private static ClassModel shapes;

  @BeforeAll
  static void read() throws Exception {
    try (InputStream in = Shapes.class.getResourceAsStream("Shapes.class")) {
      shapes = ProgramLoader.read(Path.of("test"), in);
    }
  }

  private static MethodCfg method(final String name) {
    return shapes.methods().stream().filter(m -> m.id().name().equals(name)).findFirst().orElseThrow();
  }

  private static List<Integer> starts(final MethodCfg m) {
    return m.blocks().stream().map(Block::startBci).toList();
  }

  @Test
  void branchSplitsIntoConditionAndBothArms() {
    // 0 iload_0, 1 ifle 6, 4 iconst_1, 5 ireturn, 6 iconst_2, 7 ireturn
    final MethodCfg m = method("branch");
    assertThat(starts(m)).containsExactly(0, 4, 6);
    assertThat(m.blocks().get(0).end()).isEqualTo(BlockEnd.BRANCH);
    assertThat(m.blocks().get(0).endBci()).isEqualTo(1);
    assertThat(m.blocks().get(0).successors()).containsExactlyInAnyOrder(1, 2);
    assertThat(m.blocks().get(1).end()).isEqualTo(BlockEnd.RETURN);
    assertThat(m.blocks().get(1).successors()).isEmpty();
  }

  @Test
  void aCallEndsItsBlock() {
    // 0 invokestatic a, 3 invokestatic b, 6 return
    final MethodCfg m = method("calls");
    assertThat(starts(m)).containsExactly(0, 3, 6);
    assertThat(m.blocks().get(0).end()).isEqualTo(BlockEnd.INVOKE);
    assertThat(m.blocks().get(0).call()).isEqualTo(new CallSite(CallSite.Kind.STATIC,
        Shapes.class.getName(), "a", "()V"));
    assertThat(m.blocks().get(0).successors()).containsExactly(1);
    assertThat(m.blocks().get(0).initTrigger()).isTrue();
  }

  @Test
  void switchTargetsAreLeaders() {
    final MethodCfg m = method("dense");
    final Block sw = m.blocks().get(0);
    assertThat(sw.end()).isEqualTo(BlockEnd.SWITCH);
    assertThat(sw.successors()).hasSize(4);
    assertThat(m.blocks()).hasSize(5);
  }

  @Test
  void handlerStartsABlockAndCoversTheTryBlock() {
    final MethodCfg m = method("caught");
    final Block tryBlock = m.blocks().get(0);
    assertThat(tryBlock.handlers()).hasSize(1);
    final Block handler = m.blocks().get(tryBlock.handlers().get(0));
    assertThat(handler.startBci()).isGreaterThan(tryBlock.endBci());
    assertThat(handler.handlers()).isEmpty();
  }

  @Test
  void loopHasABackEdgeAndLines() {
    final MethodCfg m = method("loop");
    final boolean backEdge = m.blocks().stream()
        .anyMatch(b -> b.successors().stream().anyMatch(s -> s <= b.index()));
    assertThat(backEdge).isTrue();
    assertThat(m.blocks()).allSatisfy(b -> assertThat(b.lines()).isNotEmpty());
  }

  @Test
  void blocksTileTheCodeAndStartOnInstructions() {
    for (final MethodCfg m : shapes.methods()) {
      for (int i = 0; i < m.blocks().size(); i++) {
        final Block b = m.blocks().get(i);
        assertThat(m.instructionStarts()).contains(b.startBci(), b.endBci());
        if (i + 1 < m.blocks().size()) {
          final int next = m.blocks().get(i + 1).startBci();
          assertThat(m.instructionStarts().get(m.instructionStarts().indexOf(b.endBci()) + 1)).isEqualTo(next);
        }
      }
      assertThat(m.codeHash()).hasSize(64);
    }
  }

  @Test
  void newIsAnInitTrigger() {
    assertThat(method("make").entry().initTrigger()).isTrue();
    assertThat(method("branch").entry().initTrigger()).isFalse();
  }
}
