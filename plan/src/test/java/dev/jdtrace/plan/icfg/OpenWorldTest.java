package dev.jdtrace.plan.icfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Static open-world facts on a traced {@code lib} with untraced code around it. */
class OpenWorldTest {
  private static final String LIB = "dev.jdtrace.plan.fixtures.openworld.lib.";
  private static final List<Path> CLASSPATH = List.of(Path.of("target/test-classes"));
  private static final ClassFilter FILTER = new ClassFilter(List.of(LIB + "*"), List.of());
  private static final Program PROGRAM = ProgramLoader.load(CLASSPATH, FILTER);
  private static final CallResolver CLOSED = new CallResolver(new Hierarchy(PROGRAM), false);

  private static int method(final String cls, final String name, final String descriptor) {
    final int m = PROGRAM.methodIndex(new MethodId(LIB + cls, name, descriptor));
    assertThat(m).as(cls + "." + name).isNotNegative();
    return m;
  }

  private static IcfgModel.Structure structure(final CallResolver resolver) {
    return IcfgModel.Structure.of(PROGRAM, resolver, List.of(), false, new BitSet());
  }

  @Test
  void aMethodReferenceMakesEveryTracedOverrideACallback() {
    final BitSet callbacks = Callbacks.of(PROGRAM, CLOSED, List.of(), false);
    assertThat(callbacks.get(method("One", "cost", "()I"))).isTrue();
    assertThat(callbacks.get(method("Two", "cost", "()I"))).isTrue();
    assertThat(callbacks.get(method("Base", "doubled", "()I"))).isFalse();
  }

  @Test
  void untracedClassesNameTheirEntriesAndTheirOverrides() {
    final UntracedCallers callers = UntracedCallers.scan(PROGRAM, CLOSED, FILTER, CLASSPATH);
    assertThat(callers.entered().get(method("Api", "direct", "(I)I"))).isTrue();
    assertThat(callers.entered().get(method("Api", "sort", "(Ljava/util/List;)V"))).isFalse();
    assertThat(callers.overrides()).containsKey(LIB + "One");
    assertThat(callers.overrides().get(LIB + "One")).contains("cost()I").doesNotContain("doubled()I");
  }

  /**
   * Scanning only the untraced classes a run loaded: a class that did not load names no entry and overrides
   * nothing (a session that loads it plans again), and one that did counts as in a whole scan.
   */
  @Test
  void onlyTheUntracedClassesARunLoadedAreScanned() {
    final String caller = "dev.jdtrace.plan.fixtures.openworld.Caller";
    final UntracedCallers none = UntracedCallers.scan(PROGRAM, CLOSED, FILTER, CLASSPATH, Set.of());
    assertThat(none.entered().isEmpty()).isTrue();
    assertThat(none.overrides()).isEmpty();
    final UntracedCallers loaded = UntracedCallers.scan(PROGRAM, CLOSED, FILTER, CLASSPATH,
        Set.of(caller, caller + "$Cheaper"));
    assertThat(loaded.entered().get(method("Api", "direct", "(I)I"))).isTrue();
    assertThat(loaded.overrides().get(LIB + "One")).contains("cost()I");
    final UntracedCallers callerOnly = UntracedCallers.scan(PROGRAM, CLOSED, FILTER, CLASSPATH, Set.of(caller));
    assertThat(callerOnly.entered().get(method("Api", "direct", "(I)I"))).isTrue();
    assertThat(callerOnly.overrides()).doesNotContainKey(LIB + "One");
  }

  @Test
  void anUntracedOverrideMakesOnlyTheCallsItCanTakeExternal() {
    final UntracedCallers callers = UntracedCallers.scan(PROGRAM, CLOSED, FILTER, CLASSPATH);
    final CallResolver resolver = new CallResolver(new Hierarchy(PROGRAM), false, callers.overrides());
    final int costs = method("Api", "costs", "(L" + (LIB + "Base").replace('.', '/') + ";)I");
    assertThat(resolver.resolve(call(costs, "cost")).external()).isTrue();
    assertThat(resolver.resolve(call(costs, "doubled")).external()).isFalse();
    assertThat(CLOSED.resolve(call(costs, "cost")).external()).isFalse();
  }

  @Test
  void reflectionOpensTheWorldOnlyWhereItCanRun() {
    final IcfgModel.Structure structure = structure(CLOSED);
    assertThat(OpenWorld.reason(structure, FILTER, LIB + "Api", false)).isEmpty();
    assertThat(OpenWorld.reason(structure, FILTER, LIB + "Reflective", false)).get().asString()
        .contains("calls java.lang.reflect.Method.invoke");
    assertThat(OpenWorld.reason(structure, FILTER, "dev.jdtrace.plan.fixtures.openworld.Caller", false)).get()
        .asString().contains("is not traced");
  }

  private static dev.jdtrace.plan.model.CallSite call(final int method, final String name) {
    for (final Block b : PROGRAM.methods().get(method).blocks()) {
      if (b.end() == BlockEnd.INVOKE && b.call().name().equals(name)) {
        return b.call();
      }
    }
    throw new IllegalArgumentException("no call to " + name);
  }
}
