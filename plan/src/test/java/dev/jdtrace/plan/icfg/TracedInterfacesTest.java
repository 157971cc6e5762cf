package dev.jdtrace.plan.icfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Calls on traced interfaces when only the lambda proxies of traced code may implement them from outside. */
class TracedInterfacesTest {
  private static final String TARIFFS = "dev.jdtrace.plan.fixtures.Tariffs";
  private static final Program PROGRAM = ProgramLoader.load(List.of(Path.of("target/test-classes")),
      new ClassFilter(List.of(TARIFFS, TARIFFS + "$*"), List.of()));
  private static final CallResolver ONLY_LAMBDAS = new CallResolver(new Hierarchy(PROGRAM), false, Map.of(),
      PureJdkCalls.VALUE_CLASSES_ONLY, true);
  private static final CallResolver ANYONE = new CallResolver(new Hierarchy(PROGRAM), false, Map.of(),
      PureJdkCalls.VALUE_CLASSES_ONLY, false);

  private static int method(final String cls, final String name, final String descriptor) {
    final int m = PROGRAM.methodIndex(new MethodId(cls, name, descriptor));
    assertThat(m).as(cls + "." + name).isNotNegative();
    return m;
  }

  /** The targets of the first call to {@code name} in the method. */
  private static CallTargets call(final CallResolver resolver, final int method, final String name) {
    return resolver.resolve(PROGRAM.methods().get(method).blocks().stream()
        .filter(b -> b.end() == BlockEnd.INVOKE && b.call().name().equals(name)).findFirst().orElseThrow().call());
  }

  private static int charge() {
    return method(TARIFFS, "charge", "(L" + TARIFFS.replace('.', '/') + "$Rate;L" + TARIFFS.replace('.', '/')
        + "$Fee;)I");
  }

  @Test
  void anInterfaceNoLambdaImplementsIsDispatchedOverTheTracedClasses() {
    final CallTargets fee = call(ONLY_LAMBDAS, charge(), "fee");
    assertThat(fee.traced()).containsExactly(method(TARIFFS + "$Fixed", "fee", "()I"));
    assertThat(fee.external()).isFalse();
  }

  @Test
  void aDefaultMethodIsATargetOfItsInterfacesCall() {
    final CallTargets doubled = call(ONLY_LAMBDAS, charge(), "doubled");
    assertThat(doubled.traced()).containsExactly(method(TARIFFS + "$Fee", "doubled", "()I"));
    assertThat(doubled.external()).isFalse();
  }

  @Test
  void aMethodALambdaImplementsMayRunUntracedCode() {
    final CallTargets apply = call(ONLY_LAMBDAS, charge(), "apply");
    assertThat(apply.traced()).contains(method(TARIFFS + "$Flat", "apply", "(I)I"));
    assertThat(apply.external()).isTrue();
  }

  @Test
  void aMarkerInterfaceOfALambdaMayRunUntracedCode() {
    final int mark = method(TARIFFS, "mark", "(L" + TARIFFS.replace('.', '/') + "$Marked;)V");
    assertThat(call(ONLY_LAMBDAS, mark, "run").external()).as("run is the lambda's method").isTrue();
  }

  @Test
  void withoutTheFirstRunsWordEveryInterfaceCallMayRunUntracedCode() {
    assertThat(call(ANYONE, charge(), "fee").external()).isTrue();
    assertThat(call(new CallResolver(new Hierarchy(PROGRAM), true, Map.of(), PureJdkCalls.VALUE_CLASSES_ONLY, true),
        charge(), "fee").external()).as("open world").isTrue();
  }
}
