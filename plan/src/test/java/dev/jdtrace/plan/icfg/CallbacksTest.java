package dev.jdtrace.plan.icfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class CallbacksTest {
  private static final String BUILDS = "dev.jdtrace.plan.fixtures.Builds";
  private static final Program PROGRAM = ProgramLoader.load(List.of(Path.of("target/test-classes")),
      new ClassFilter(List.of(BUILDS, BUILDS + "$*"), List.of()));
  private static final CallResolver RESOLVER = new CallResolver(new Hierarchy(PROGRAM), false);
  private static final int PART_INIT = PROGRAM.methodIndex(new MethodId(BUILDS + "$Part", "<init>", "()V"));
  private static final int REFLECTIVELY = PROGRAM.methodIndex(new MethodId(BUILDS, "reflectively",
      "(Ljava/lang/Class;)Ljava/lang/Object;"));

  /** Every method but one. */
  private static BitSet allBut(final int method) {
    final BitSet running = new BitSet();
    running.set(0, PROGRAM.methods().size());
    running.clear(method);
    return running;
  }

  private static BitSet callbacks(final BitSet running) {
    return Callbacks.of(PROGRAM, RESOLVER, List.of(), false, new BitSet(), false, running);
  }

  @Test
  void aReflectiveInstantiationThatMayRunMakesEveryConstructorACallback() {
    assertThat(callbacks(null).get(PART_INIT)).isTrue();
    final BitSet every = new BitSet();
    every.set(0, PROGRAM.methods().size());
    assertThat(callbacks(every).get(PART_INIT)).as("every method runs").isTrue();
  }

  @Test
  void aReflectiveInstantiationInAMethodThatDoesNotRunMakesNoCallback() {
    assertThat(PART_INIT).isNotNegative();
    assertThat(callbacks(allBut(REFLECTIVELY)).get(PART_INIT)).isFalse();
  }

  @Test
  void theMethodThatWouldInstantiateReflectivelyGetsASentinel() {
    // main calls reflectively(): a run that goes there hits its sentinel before any constructor is entered.
    final IcfgModel.Structure structure = IcfgModel.Structure.of(PROGRAM, RESOLVER, List.of(), false, new BitSet(),
        allBut(REFLECTIVELY), false);
    assertThat(structure.sentinels().get(REFLECTIVELY)).isTrue();
    assertThat(structure.callbacks().get(PART_INIT)).isFalse();
  }
}
