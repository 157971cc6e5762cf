package dev.jdtrace.plan.icfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which blocks may start an untraced class's initialiser (which may call back before the block goes on): the
 * first use of the class on some path, not a use that every path reaches after one that completed. MathDriver,
 * open world, was refused as an ambiguous plan: {@code new Fraction} after {@code Fraction.ZERO}, then a traced
 * call that was also a callback, so nothing could tell the initialiser calling back from the block going on.
 */
class UntracedInitsTest {
  private static final String I = "dev.jdtrace.plan.fixtures.Inits";
  private static final Path CLASSES = Path.of("target/test-classes");
  private static final Program PROGRAM = ProgramLoader.load(List.of(CLASSES),
      new ClassFilter(List.of(I, I + "$*"), List.of(I + "$Lib", I + "$Constants")));
  private static final BitSet MARKED = IcfgModel.Structure.of(PROGRAM, List.of(CLASSES)).untracedInits();

  @Test
  void aUseAfterOneThatCompletedOnEveryPathStartsNothing() {
    assertThat(marks("afterAFieldItDeclares", "X")).containsExactly(true);
    assertThat(marks("afterAFieldItDeclares", null)).containsExactly(false);
  }

  @Test
  void aUseThatOnePathReachesFirstMayStartIt() {
    assertThat(marks("onOnePathOnly", "X")).containsExactly(true);
    assertThat(marks("onOnePathOnly", null)).containsExactly(true);
  }

  @Test
  void aHandlerKnowsNothingOfTheTryItCovers() {
    assertThat(marks("inAHandler", "X")).containsExactly(true, true);
  }

  @Test
  void anInterfacesStaticFieldIsNotInitialisedWithTheClass() {
    assertThat(marks("anInterfacesFieldAfterTheClass", null)).containsExactly(true);
    assertThat(marks("anInterfacesFieldAfterTheClass", "Y")).containsExactly(true);
  }

  /** Per block of the method that names {@code Lib} (its {@code new}, or this static member), whether marked. */
  private static List<Boolean> marks(final String method, final String member) {
    final int m = PROGRAM.methods().stream().filter(c -> c.id().name().equals(method))
        .mapToInt(c -> PROGRAM.methodIndex(c.id())).findFirst().orElseThrow();
    final MethodCfg cfg = PROGRAM.methods().get(m);
    final List<Boolean> out = new ArrayList<>();
    for (int i = 0; i < cfg.blocks().size(); i++) {
      final Block block = cfg.blocks().get(i);
      if (block.inits().stream().anyMatch(r -> r.owner().equals(I + "$Lib")
          && (member == null ? r.member() == null : member.equals(r.member())))) {
        out.add(MARKED.get(PROGRAM.blockId(m, i)));
      }
    }
    return out;
  }
}
